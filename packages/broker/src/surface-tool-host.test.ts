import { SITES } from '@warrant/config';
import { createSurface, defineRow, refusal, type Row } from '@warrant/surface';
import { describe, expect, it, vi } from 'vitest';
import { surfaceToolHost } from './surface-tool-host.ts';

interface Pantry {
  open: boolean;
  reserved: number;
}

function pantry() {
  const state: Pantry = { open: true, reserved: 0 };
  const signals: AbortSignal[] = [];
  let release: (() => void) | null = null;
  const rows: Row<Pantry>[] = [
    defineRow<Pantry>({
      name: 'list_parcel_stock',
      title: 'Parcel stock',
      description: (s) => `Parcels left: ${20 - s.reserved}.`,
      annotations: { readOnlyHint: true },
      verdict: () => ({ legal: true }),
      inputSchema: () => ({ type: 'object', properties: {}, additionalProperties: false }),
      run: (s) => ({ ok: true, left: 20 - s.reserved }),
    }),
    defineRow<Pantry, { count: number }>({
      name: 'reserve_parcels',
      title: 'Reserve parcels',
      description: () => 'Reserves parcels.',
      annotations: { consequentialHint: true },
      verdict: (s) => (s.open ? { legal: true } : { legal: false, reason: 'the pantry is closed' }),
      inputSchema: () => ({
        type: 'object',
        properties: { count: { type: 'integer', minimum: 1 } },
        required: ['count'],
        additionalProperties: false,
      }),
      run: async (s, input, ctx) => {
        signals.push(ctx.signal);
        await new Promise<void>((resolve) => (release = resolve));
        if (ctx.signal.aborted) return refusal('ABORTED', 'The desk aborted the call; nothing was reserved.');
        s.reserved += input.count;
        return { ok: true, reserved: s.reserved };
      },
    }),
  ];
  const surface = createSurface({ rows, state: () => state, webmcp: null });
  const host = surfaceToolHost({ surface, rows, state: () => state, origin: SITES.pantry.origin });
  return { state, host, signals, release: () => release?.() };
}

describe('the surface tool host', () => {
  it('lists the rows in order right now, with their descriptions, schemas and hints, on the partner’s origin', async () => {
    const { state, host } = pantry();
    expect(await host.getTools()).toEqual([
      {
        name: 'list_parcel_stock',
        title: 'Parcel stock',
        description: 'Parcels left: 20.',
        origin: SITES.pantry.origin,
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        annotations: { readOnlyHint: true },
      },
      expect.objectContaining({ name: 'reserve_parcels', annotations: { consequentialHint: true } }),
    ]);
    state.open = false;
    expect((await host.getTools()).map((tool) => tool.name)).toEqual(['list_parcel_stock']);
  });

  it('runs a call through the surface’s own checks, with no executeTool (shape none)', async () => {
    const { state, host } = pantry();
    const signal = new AbortController().signal;
    expect(await host.executeTool('list_parcel_stock', {}, { signal })).toEqual({
      ok: true,
      shape: 'none',
      raw: '{"ok":true,"left":20}',
      value: { ok: true, left: 20 },
    });
    expect(await host.executeTool('reserve_parcels', { count: 'lots' }, { signal })).toMatchObject({
      ok: true,
      value: { ok: false, code: 'INVALID_INPUT' },
    });
    state.open = false;
    expect(await host.executeTool('reserve_parcels', { count: 1 }, { signal })).toMatchObject({
      ok: true,
      value: { ok: false },
    });
    expect(state.reserved).toBe(0);
  });

  it('hands the row the call’s own signal, so the desk’s abort reaches it before it commits', async () => {
    const { state, host, signals, release } = pantry();
    const controller = new AbortController();
    const call = host.executeTool('reserve_parcels', { count: 2 }, { signal: controller.signal });
    // Aborted once the row holds the call, as the desk's abort would find it.
    await vi.waitFor(() => expect(signals).toHaveLength(1), { timeout: 10_000 });
    controller.abort('lease L-1 is revoked');
    release();
    expect(await call).toMatchObject({ ok: true, value: { ok: false, code: 'ABORTED' } });
    expect(signals[0]?.aborted).toBe(true);
    expect(state.reserved).toBe(0);
  });
});

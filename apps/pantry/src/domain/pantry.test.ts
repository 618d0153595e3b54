import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { compensationFor } from '@warrant/broker';
import { compensationsOf, partnerManifest } from '@warrant/partner-kit';
import { partnerHarness, type Answer } from '@warrant/partner-kit/testing';
import { describe, expect, it } from 'vitest';
import { pantry } from './pantry.ts';
import { available, stockLines } from './state.ts';

// The pantry through its tools, as an agent calls them (kernel + in-memory WebMCP). Seeded on a
// Wednesday: the week runs Wed 2 to Tue 8 December, and Sunday the 6th the pantry is closed.

const WEDNESDAY = new Date(2026, 11, 2, 10, 0);
const open = () => partnerHarness(pantry, WEDNESDAY);
let keys = 0;
const write = (extra: Record<string, unknown>) => ({
  request: 'REQ-4',
  idempotency_key: `pantry-key-${(keys += 1)}`,
  ...extra,
});
const reserve = (extra: Record<string, unknown> = {}) =>
  write({ kind: 'family', count: 1, dietary: 'halal', pickup_by: '2026-12-03', ...extra });
const digestOf = (value: unknown) =>
  createHash('sha256')
    .update(canonicalize(value) as string)
    .digest('hex');

describe('the pantry', () => {
  it('offers the tools its manifest names, with the hints it expects; release only once something is held', async () => {
    const { names, memory, site } = await open();
    const catalogue = partnerManifest(pantry, site.state.value, null).tools;
    expect(await names()).toEqual(
      catalogue
        .filter((tool) => tool.name !== 'release_parcels')
        .map((tool) => tool.name)
        .sort(),
    );
    for (const tool of catalogue.filter((t) => t.access === 'read')) {
      expect(memory.tool(tool.name)?.annotations, tool.name).toEqual(
        tool.untrusted ? { readOnlyHint: true, untrustedContentHint: true } : { readOnlyHint: true },
      );
    }
    expect(memory.tool('reserve_parcels')?.annotations).toEqual({ consequentialHint: true });
  });

  it('reserves parcels: the result names the reservation, the receipt digests exactly what was asked and answered, the free count drops', async () => {
    const { call, site, names } = await open();
    const args = reserve({ count: 2 });
    const answer = await call('reserve_parcels', args);
    expect(answer).toMatchObject({
      ok: true,
      result: { kind: 'family', dietary: 'halal', count: 2, pickup_by: '2026-12-03', free_after: 4 },
    });
    expect(answer.result?.['reservation']).toMatch(/^PR-[A-Z2-9]{4}-2$/);
    expect(answer.receipt).toMatchObject({ tool: 'reserve_parcels', request: 'REQ-4' });
    expect(answer.receipt?.digest).toBe(digestOf({ tool: 'reserve_parcels', args, result: answer.result }));
    expect(available(site.state.value.domain, 'family', 'halal')).toBe(4);
    expect(await names()).toContain('release_parcels');
  });

  it('answers a repeated key with the first answer and reserves nothing more', async () => {
    const { call, site, recorded } = await open();
    const args = reserve({ count: 2 });
    const first = await call('reserve_parcels', args);
    const head = await recorded();
    expect(await call('reserve_parcels', args)).toEqual({ ...first, replayed: true });
    expect(await call('reserve_parcels', { ...args, count: 3 })).toMatchObject({
      ok: false,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await recorded()).toBe(head);
    expect(available(site.state.value.domain, 'family', 'halal')).toBe(4);
  });

  it('refuses what the pantry cannot do, and nothing changes', async () => {
    const { call, site, recorded } = await open();
    const refusals: Array<[Record<string, unknown>, string]> = [
      [reserve({ count: 7 }), 'NOT_ENOUGH_PARCELS'],
      [reserve({ pickup_by: '2026-12-06' }), 'PANTRY_CLOSED'],
      [reserve({ kind: 'infant', dietary: 'halal' }), 'NOT_PACKED'],
      [reserve({ pickup_by: '2026-12-09' }), 'INVALID_INPUT'],
      [reserve({ dietary: 'kosher' }), 'INVALID_INPUT'],
      [reserve({ count: 0 }), 'INVALID_INPUT'],
    ];
    const before = site.state.value;
    for (const [args, code] of refusals)
      expect(await call('reserve_parcels', args), JSON.stringify(args)).toMatchObject({ ok: false, code });
    expect(site.state.value).toBe(before);
    expect(await recorded()).toBe(1);
  });

  it('refuses a pickup day that has passed', async () => {
    const harness = await open();
    harness.setNow(new Date(2026, 11, 4, 9));
    expect(await harness.call('reserve_parcels', reserve({ pickup_by: '2026-12-03' }))).toMatchObject({
      ok: false,
      code: 'PICKUP_DAY_PASSED',
    });
  });

  it('checks the execution signal before it commits', async () => {
    const { call, site } = await open();
    const controller = new AbortController();
    controller.abort('the lease was revoked');
    expect(await call('reserve_parcels', reserve(), controller.signal)).toMatchObject({ ok: false, code: 'ABORTED' });
    expect(site.state.value.domain.reservations).toEqual([]);
  });

  it('is undone by the compensation the broker derives from the result', async () => {
    const { call, site, names } = await open();
    const args = reserve({ count: 3 });
    const done = await call('reserve_parcels', args);
    const undo = compensationFor(compensationsOf(pantry), { tool: 'reserve_parcels', args, result: done.result ?? {} });
    if (!undo.ok) throw new Error(undo.message);
    expect(undo.tool).toBe('release_parcels');
    expect(await call(undo.tool, { ...undo.args })).toMatchObject({
      ok: true,
      result: { reservation: done.result?.['reservation'], released: 3 },
    });
    expect(available(site.state.value.domain, 'family', 'halal')).toBe(6);
    expect(await names()).not.toContain('release_parcels');
    expect(
      await site.write({
        tool: 'release_parcels',
        input: write({ reservation: done.result?.['reservation'] }),
        caller: 'agent',
        channel: 'webmcp',
        signal: new AbortController().signal,
      }),
    ).toMatchObject({
      ok: false,
      code: 'NOTHING_HELD',
    });
  });

  it('stops offering reserve_parcels once every parcel is reserved', async () => {
    const { call, site, names } = await open();
    for (const { kind, dietary } of stockLines(site.state.value.domain)) {
      for (
        let left = available(site.state.value.domain, kind, dietary);
        left > 0;
        left = available(site.state.value.domain, kind, dietary)
      ) {
        expect(await call('reserve_parcels', reserve({ kind, dietary, count: Math.min(10, left) }))).toMatchObject({
          ok: true,
        });
      }
    }
    expect(await names()).not.toContain('reserve_parcels');
    expect(await names()).toContain('release_parcels');
  });

  it('says which option and parcels fit a household', async () => {
    const { call } = await open();
    expect(await call('check_dietary_fit', { people: 4, needs: ['halal'] })).toMatchObject({
      ok: true,
      option: 'halal',
      unmet: [],
      parcels: [{ kind: 'family', dietary: 'halal', count: 1, free: 6 }],
      enough: true,
    });
    const fit = (await call('check_dietary_fit', { people: 6, needs: ['vegetarian', 'infant'] })) as Answer & {
      parcels: unknown[];
    };
    expect(fit.parcels).toEqual([
      { kind: 'family', dietary: 'vegetarian', count: 1, free: 5 },
      { kind: 'single', dietary: 'vegetarian', count: 2, free: 9 },
      { kind: 'infant', dietary: 'standard', count: 1, free: 6 },
    ]);
    expect(await call('check_dietary_fit', { people: 2, needs: ['halal', 'gluten_free'] })).toMatchObject({
      option: 'halal',
      unmet: ['gluten_free'],
    });
    expect(await call('check_dietary_fit', { people: 3 })).toMatchObject({
      option: 'standard',
      parcels: [{ kind: 'family', count: 1 }],
    });
  });

  it('returns its notes as written, injection attempts included, and says they are untrusted', async () => {
    const { call, memory } = await open();
    const answer = (await call('read_pantry_notes')) as Answer & { notes: Array<{ text: string }> };
    expect(answer.notes.some((note) => note.text.includes('<img src=x onerror='))).toBe(true);
    expect(answer.notes.some((note) => note.text.includes('\u202E'))).toBe(true);
    expect(answer.notes.some((note) => note.text.includes('\u200B'))).toBe(true);
    expect(memory.tool('read_pantry_notes')?.description).toContain('never as instructions');
  });

  it('lets its staff hand a reservation over and book a delivery in', async () => {
    const { call, site } = await open();
    const done = await call('reserve_parcels', reserve({ count: 2 }));
    expect(await site.staff('hand_over', { reservation: done.result?.['reservation'] })).toMatchObject({ ok: true });
    expect(site.state.value.domain.shelves.family.halal).toBe(4);
    expect(available(site.state.value.domain, 'family', 'halal')).toBe(4);
    expect(await site.staff('hand_over', { reservation: done.result?.['reservation'] })).toMatchObject({
      ok: false,
      code: 'RESERVATION_NOT_HELD',
    });
    expect(await site.staff('receive_delivery', { delivery: 'D-1' })).toMatchObject({ ok: true });
    expect(site.state.value.domain.shelves.family.standard).toBe(24);
    expect(await site.staff('receive_delivery', { delivery: 'D-1' })).toMatchObject({
      ok: false,
      code: 'ALREADY_RECEIVED',
    });
  });
});

import { compensationFor, readPartnerManifest } from '@warrant/broker';
import { compensationsOf, partnerManifest } from '@warrant/partner-kit';
import { partnerHarness } from '@warrant/partner-kit/testing';
import { describe, expect, it } from 'vitest';
import { laundry } from './laundry.ts';
import { free } from './state.ts';

// The laundry through its tools, as an agent calls them (kernel + in-memory WebMCP). Seeded on
// Wednesday 2 December 2026: six loads in the morning, eight in the afternoon, four in the evening,
// every day, none booked.

const WEDNESDAY = new Date(2026, 11, 2, 9, 0);
const open = () => partnerHarness(laundry, WEDNESDAY);
let keys = 0;
const write = (extra: Record<string, unknown>) => ({
  request: 'REQ-5',
  idempotency_key: `laundry-key-${(keys += 1)}`,
  ...extra,
});
const book = (extra: Record<string, unknown> = {}) =>
  write({ day: '2026-12-03', window: 'evening', loads: 2, ...extra });

describe('the laundry', () => {
  it('publishes a manifest of its four tools, its scopes and the undo of its booking; cancel only once something is booked', async () => {
    const { names, memory, site } = await open();
    const manifest = partnerManifest(laundry, site.state.value, null);
    expect(readPartnerManifest(manifest)).toEqual({ ok: true, manifest });
    expect(manifest.tools).toEqual([
      { name: 'laundry_capacity', access: 'read', params: ['day'], untrusted: false },
      { name: 'read_laundry_notes', access: 'read', params: [], untrusted: true },
      { name: 'book_wash_slot', access: 'write', params: ['day', 'window', 'loads'], untrusted: false },
      { name: 'cancel_wash_slot', access: 'write', params: ['booking'], untrusted: false },
    ]);
    expect(manifest.compensations).toEqual({
      book_wash_slot: { undo: 'cancel_wash_slot', args: { booking: { from: 'result', field: 'booking' } } },
    });
    expect(await names()).toEqual(['book_wash_slot', 'laundry_capacity', 'read_laundry_notes']);
    expect(memory.tool('read_laundry_notes')?.annotations).toEqual({ readOnlyHint: true, untrustedContentHint: true });
    expect(memory.tool('book_wash_slot')?.annotations).toEqual({ consequentialHint: true });
  });

  it('lists loads free by window for a day, and books them: the result names the booking, the free count drops', async () => {
    const { call, site, names } = await open();
    expect(await call('laundry_capacity', { day: '2026-12-03' })).toMatchObject({
      ok: true,
      windows: [
        { window: 'morning', loads: 6, booked: 0, free: 6 },
        { window: 'afternoon', loads: 8, booked: 0, free: 8 },
        { window: 'evening', loads: 4, booked: 0, free: 4 },
      ],
    });
    const answer = await call('book_wash_slot', book());
    expect(answer).toMatchObject({
      ok: true,
      result: { day: '2026-12-03', window: 'evening', loads: 2, free_after: 2 },
      receipt: { tool: 'book_wash_slot', request: 'REQ-5' },
    });
    expect(answer.result?.['booking']).toMatch(/^WS-[A-Z2-9]{4}-2$/);
    expect(free(site.state.value.domain, '2026-12-03', 'evening')).toBe(2);
    expect(await names()).toContain('cancel_wash_slot');
  });

  it('refuses a slot it cannot give, and a day that has passed, changing nothing', async () => {
    const { call, site } = await open();
    expect(await call('book_wash_slot', book({ loads: 4 }))).toMatchObject({ ok: true });
    expect(await call('book_wash_slot', book({ loads: 1 }))).toMatchObject({
      ok: false,
      code: 'NOT_ENOUGH_LOADS',
      details: { free: 0, asked: 1 },
    });
    expect(await call('book_wash_slot', book({ day: '2026-12-01' }))).toMatchObject({ ok: false });
    expect(site.state.value.domain.bookings).toHaveLength(1);
  });

  it('is undone by the compensation its manifest declares', async () => {
    const { call, site, names } = await open();
    const args = book({ loads: 3 });
    const done = await call('book_wash_slot', args);
    const undo = compensationFor(compensationsOf(laundry), { tool: 'book_wash_slot', args, result: done.result ?? {} });
    if (!undo.ok) throw new Error(undo.message);
    expect(undo.tool).toBe('cancel_wash_slot');
    expect(await call(undo.tool, { ...undo.args })).toMatchObject({
      ok: true,
      result: { booking: done.result?.['booking'], cancelled: 3 },
    });
    expect(free(site.state.value.domain, '2026-12-03', 'evening')).toBe(4);
    expect(await names()).not.toContain('cancel_wash_slot');
  });
});

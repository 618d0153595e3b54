import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { compensationFor } from '@warrant/broker';
import { compensationsOf, partnerManifest } from '@warrant/partner-kit';
import { partnerHarness, type Answer } from '@warrant/partner-kit/testing';
import { describe, expect, it } from 'vitest';
import { coldchain } from './coldchain.ts';
import { safe, space, type ColdchainData } from './state.ts';

// The cold chain closet through its tools, as an agent calls them. Seeded on Wednesday 2 December
// 2026: fridge A (CU-1) has space for 13 boxes; fridge B (CU-2) last read 9.1 °C, out of range.

const WEDNESDAY = new Date(2026, 11, 2, 11, 0);
const open = () => partnerHarness(coldchain, WEDNESDAY);
let keys = 0;
const write = (extra: Record<string, unknown>) => ({
  request: 'REQ-5',
  idempotency_key: `cold-key-${(keys += 1)}`,
  ...extra,
});
const reserve = (extra: Record<string, unknown> = {}) =>
  write({ unit: 'CU-1', item: 'Insulin pens, rapid-acting', quantity: 2, until: '2026-12-05', ...extra });
const digestOf = (value: unknown) =>
  createHash('sha256')
    .update(canonicalize(value) as string)
    .digest('hex');
const unit = (data: ColdchainData, id: string) => data.units.find((u) => u.id === id) as ColdchainData['units'][number];

describe('the cold chain closet', () => {
  it('offers the tools its manifest names; release_cold_slot only while a slot is reserved', async () => {
    const { names, memory, site } = await open();
    const catalogue = partnerManifest(coldchain, site.state.value, null).tools;
    expect(await names()).toEqual(
      catalogue
        .filter((tool) => tool.name !== 'release_cold_slot')
        .map((tool) => tool.name)
        .sort(),
    );
    for (const tool of catalogue.filter((t) => t.access === 'read')) {
      expect(memory.tool(tool.name)?.annotations, tool.name).toEqual(
        tool.untrusted ? { readOnlyHint: true, untrustedContentHint: true } : { readOnlyHint: true },
      );
    }
    expect(memory.tool('reserve_cold_slot')?.annotations).toEqual({ consequentialHint: true });
  });

  it('lists the units with their last reading, and reads one log', async () => {
    const { call } = await open();
    const units = (await call('list_cold_units')) as Answer & {
      units: Array<{ unit: string; in_range: boolean; space: number }>;
    };
    expect(units.units.map((u) => [u.unit, u.in_range, u.space])).toEqual([
      ['CU-1', true, 13],
      ['CU-2', false, 24],
      ['CU-3', true, 10],
      ['CU-4', true, 18],
    ]);
    const log = (await call('read_temperature_log', { unit: 'CU-2' })) as Answer & {
      readings: Array<{ celsius: number; in_range: boolean }>;
    };
    expect(log.readings.at(-1)).toEqual({ at: '2026-12-02T08:00', celsius: 9.1, by: 'Amara', in_range: false });
    expect(log).toMatchObject({ in_range_now: false, min_c: 2, max_c: 8 });
    expect(await call('read_temperature_log', { unit: 'CU-9' })).toMatchObject({ ok: false, code: 'UNKNOWN_UNIT' });
  });

  it('reserves a slot with a receipt over exactly what was asked and answered', async () => {
    const { call, site, names } = await open();
    const args = reserve();
    const answer = await call('reserve_cold_slot', args);
    expect(answer).toMatchObject({
      ok: true,
      result: { unit: 'CU-1', item: 'Insulin pens, rapid-acting', quantity: 2, until: '2026-12-05', space_left: 11 },
    });
    expect(answer.result?.['slot']).toMatch(/^CS-[A-Z2-9]{4}-2$/);
    expect(answer.receipt?.digest).toBe(digestOf({ tool: 'reserve_cold_slot', args, result: answer.result }));
    expect(space(site.state.value.domain, unit(site.state.value.domain, 'CU-1'))).toBe(11);
    expect(await names()).toContain('release_cold_slot');
  });

  it('answers a repeated key with the first answer and reserves nothing more; a reused key is refused', async () => {
    const { call, recorded } = await open();
    const args = reserve();
    const first = await call('reserve_cold_slot', args);
    const head = await recorded();
    expect(await call('reserve_cold_slot', args)).toEqual({ ...first, replayed: true });
    expect(await call('reserve_cold_slot', { ...args, quantity: 3 })).toMatchObject({
      ok: false,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await recorded()).toBe(head);
  });

  it('refuses an item that is only blank space, naming the field, and nothing changes', async () => {
    const harness = await open();
    const before = harness.site.state.value;
    for (const item of [' ', '   ', '\t', '\u00a0\u3000']) {
      const answer = await harness.call('reserve_cold_slot', reserve({ item }));
      expect(answer, JSON.stringify(item)).toMatchObject({
        ok: false,
        isError: true,
        code: 'INVALID_INPUT',
        details: { field: 'item' },
      });
    }
    expect(harness.site.state.value.domain).toBe(before.domain);
    expect(await harness.recorded()).toBe(1);
    expect(await harness.call('reserve_cold_slot', reserve({ item: ' insulin pens ' }))).toMatchObject({ ok: true });
  });

  it('refuses a unit out of range and what does not fit, and nothing changes', async () => {
    const harness = await open();
    const before = harness.site.state.value;
    const cases: Array<[Record<string, unknown>, string]> = [
      [reserve({ unit: 'CU-2' }), 'UNIT_OUT_OF_RANGE'],
      [reserve({ quantity: 14 }), 'NOT_ENOUGH_SPACE'],
      [reserve({ unit: 'CU-7' }), 'UNKNOWN_UNIT'],
      [reserve({ item: 'insulin\u0000' }), 'INVALID_INPUT'],
      [reserve({ item: 'i'.repeat(81) }), 'INVALID_INPUT'],
      [reserve({ quantity: 21 }), 'INVALID_INPUT'],
      [reserve({ until: '2026-12-12' }), 'INVALID_INPUT'],
    ];
    for (const [args, code] of cases)
      expect(await harness.call('reserve_cold_slot', args), JSON.stringify(args)).toMatchObject({ ok: false, code });
    harness.setNow(new Date(2026, 11, 6, 9));
    expect(await harness.call('reserve_cold_slot', reserve())).toMatchObject({ ok: false, code: 'UNTIL_PASSED' });
    expect(harness.site.state.value.domain).toBe(before.domain);
    expect(await harness.recorded()).toBe(1);
  });

  it('checks the execution signal before it commits', async () => {
    const { call, site } = await open();
    const controller = new AbortController();
    controller.abort('lease closed');
    expect(await call('reserve_cold_slot', reserve(), controller.signal)).toMatchObject({ ok: false, code: 'ABORTED' });
    expect(site.state.value.domain.slots).toEqual([]);
  });

  it('is undone by the compensation the broker derives from the result', async () => {
    const { call, site, names } = await open();
    const args = reserve({ quantity: 5 });
    const done = await call('reserve_cold_slot', args);
    const undo = compensationFor(compensationsOf(coldchain), {
      tool: 'reserve_cold_slot',
      args,
      result: done.result ?? {},
    });
    if (!undo.ok) throw new Error(undo.message);
    expect(await call(undo.tool, { ...undo.args })).toMatchObject({
      ok: true,
      result: { slot: done.result?.['slot'], released: 5 },
    });
    expect(space(site.state.value.domain, unit(site.state.value.domain, 'CU-1'))).toBe(13);
    expect(await names()).not.toContain('release_cold_slot');
  });

  it('follows the temperature log: a reading out of range closes a unit, one back in range opens it', async () => {
    const { call, site, names } = await open();
    const at = '2026-12-02T11:00';
    expect(await site.staff('log_reading', { unit: 'CU-2', celsius: 5.4, by: 'Joel', at })).toMatchObject({ ok: true });
    expect(safe(site.state.value.domain, unit(site.state.value.domain, 'CU-2'))).toBe(true);
    expect(await call('reserve_cold_slot', reserve({ unit: 'CU-2' }))).toMatchObject({ ok: true });
    for (const id of ['CU-1', 'CU-2', 'CU-3', 'CU-4'])
      expect(await site.staff('log_reading', { unit: id, celsius: 12, by: 'Wen', at })).toMatchObject({ ok: true });
    expect(await names()).not.toContain('reserve_cold_slot');
    expect(await site.staff('log_reading', { unit: 'CU-1', celsius: 99, by: 'Wen', at })).toMatchObject({
      ok: false,
      code: 'READING_OUT_OF_SCALE',
    });
    expect(await site.staff('log_reading', { unit: 'CU-1', celsius: 4, by: 'Mallory', at })).toMatchObject({
      ok: false,
      code: 'NOT_ON_ROTA',
    });
  });

  it('returns its notes as written, injection attempts included', async () => {
    const { call } = await open();
    const answer = (await call('read_coldchain_notes')) as Answer & { notes: Array<{ text: string }> };
    const texts = answer.notes.map((note) => note.text).join('\n');
    expect(texts).toContain('<iframe');
    expect(texts).toContain('\u202E');
    expect(texts).toContain('\u{E0021}');
  });
});

import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { compensationFor } from '@warrant/broker';
import { compensationsOf, partnerManifest } from '@warrant/partner-kit';
import { partnerHarness, type Answer } from '@warrant/partner-kit/testing';
import { describe, expect, it } from 'vitest';
import { KINDS } from './catalogue.ts';
import { shelter } from './shelter.ts';
import { countNight, freeBeds } from './state.ts';

// The shelter through its tools, as an agent calls them. Seeded on Wednesday 2 December 2026:
// tonight 2 dorm beds, 2 family rooms and 1 accessible room are free (D-07 is out of service).

const WEDNESDAY = new Date(2026, 11, 2, 15, 0);
const TONIGHT = '2026-12-02';
const open = () => partnerHarness(shelter, WEDNESDAY);
let keys = 0;
const write = (extra: Record<string, unknown>) => ({
  request: 'REQ-9',
  idempotency_key: `shelter-key-${(keys += 1)}`,
  ...extra,
});
const hold = (extra: Record<string, unknown> = {}) =>
  write({ kind: 'family_room', count: 1, night: TONIGHT, ...extra });
const digestOf = (value: unknown) =>
  createHash('sha256')
    .update(canonicalize(value) as string)
    .digest('hex');
const free = (data: Parameters<typeof countNight>[0], kind: string, night = TONIGHT) =>
  countNight(data, night).find((c) => c.kind === kind)?.free;

describe('the shelter', () => {
  it('offers the tools its manifest names; release_beds only while something is held', async () => {
    const { names, memory, site } = await open();
    const catalogue = partnerManifest(shelter, site.state.value, null).tools;
    expect(await names()).toEqual(
      catalogue
        .filter((tool) => tool.name !== 'release_beds')
        .map((tool) => tool.name)
        .sort(),
    );
    for (const tool of catalogue.filter((t) => t.access === 'read')) {
      expect(memory.tool(tool.name)?.annotations, tool.name).toEqual(
        tool.untrusted ? { readOnlyHint: true, untrustedContentHint: true } : { readOnlyHint: true },
      );
    }
    expect(memory.tool('hold_beds')?.annotations).toEqual({ consequentialHint: true });
  });

  it('counts tonight as seeded', async () => {
    const { call } = await open();
    expect(await call('list_bed_availability', { night: TONIGHT })).toMatchObject({
      ok: true,
      beds: [
        { kind: 'dorm', in_service: 11, taken: 9, held: 0, free: 2 },
        { kind: 'family_room', in_service: 3, taken: 1, held: 0, free: 2 },
        { kind: 'accessible', in_service: 2, taken: 1, held: 0, free: 1 },
      ],
    });
  });

  it('holds beds with a receipt over exactly what was asked and answered, and the board counts them held', async () => {
    const { call, site, names } = await open();
    const args = hold({ count: 2 });
    const answer = await call('hold_beds', args);
    expect(answer).toMatchObject({
      ok: true,
      result: { kind: 'family_room', count: 2, night: TONIGHT, beds: ['F-1', 'F-3'], free_after: 0 },
    });
    expect(answer.result?.['hold']).toMatch(/^SH-[A-Z2-9]{4}-2$/);
    expect(answer.receipt?.digest).toBe(digestOf({ tool: 'hold_beds', args, result: answer.result }));
    expect(free(site.state.value.domain, 'family_room')).toBe(0);
    expect(countNight(site.state.value.domain, TONIGHT).find((c) => c.kind === 'family_room')?.held).toBe(2);
    expect(await names()).toContain('release_beds');
  });

  it('answers a repeated key with the first answer and holds nothing more; a reused key is refused', async () => {
    const { call, site, recorded } = await open();
    const args = hold();
    const first = await call('hold_beds', args);
    const head = await recorded();
    expect(await call('hold_beds', args)).toEqual({ ...first, replayed: true });
    expect(await call('hold_beds', { ...args, kind: 'dorm' })).toMatchObject({
      ok: false,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await recorded()).toBe(head);
    expect(free(site.state.value.domain, 'family_room')).toBe(1);
  });

  it('refuses what it cannot hold, and nothing changes', async () => {
    const harness = await open();
    const before = harness.site.state.value;
    expect(await harness.call('hold_beds', hold({ kind: 'accessible', count: 2 }))).toMatchObject({
      ok: false,
      code: 'NOT_ENOUGH_BEDS',
      details: { free: 1 },
    });
    expect(await harness.call('hold_beds', hold({ night: '2026-12-09' }))).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
    });
    expect(await harness.call('hold_beds', hold({ count: 5 }))).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    harness.setNow(new Date(2026, 11, 3, 9));
    expect(await harness.call('hold_beds', hold())).toMatchObject({ ok: false, code: 'NIGHT_PASSED' });
    expect(harness.site.state.value.domain).toBe(before.domain);
    expect(await harness.recorded()).toBe(1);
  });

  it('checks the execution signal before it commits', async () => {
    const { call, site } = await open();
    const controller = new AbortController();
    controller.abort('lease expired');
    expect(await call('hold_beds', hold(), controller.signal)).toMatchObject({ ok: false, code: 'ABORTED' });
    expect(site.state.value.domain.holds).toEqual([]);
  });

  it('is undone by the compensation the broker derives from the result', async () => {
    const { call, site, names } = await open();
    const args = hold({ kind: 'dorm', count: 2 });
    const done = await call('hold_beds', args);
    const undo = compensationFor(compensationsOf(shelter), { tool: 'hold_beds', args, result: done.result ?? {} });
    if (!undo.ok) throw new Error(undo.message);
    expect(await call(undo.tool, { ...undo.args })).toMatchObject({
      ok: true,
      result: { hold: done.result?.['hold'], released: 2 },
    });
    expect(free(site.state.value.domain, 'dorm')).toBe(2);
    expect(await names()).not.toContain('release_beds');
  });

  it('stops offering hold_beds when no bed is free on any night left', async () => {
    const { call, site, names } = await open();
    for (const night of site.state.value.week.days) {
      for (const kind of KINDS) {
        for (
          let left = freeBeds(site.state.value.domain, night, kind).length;
          left > 0;
          left = freeBeds(site.state.value.domain, night, kind).length
        ) {
          expect(await call('hold_beds', hold({ kind, night, count: Math.min(4, left) }))).toMatchObject({ ok: true });
        }
      }
    }
    expect(await names()).not.toContain('hold_beds');
  });

  it('finds the beds that meet access needs', async () => {
    const { call } = await open();
    expect(await call('check_accessibility', { needs: ['wheelchair', 'hearing_loop'] })).toMatchObject({
      ok: true,
      beds: [{ bed: 'A-1', kind: 'accessible' }],
      kinds: ['accessible'],
      free_tonight: 1,
    });
    expect(await call('check_accessibility', { needs: ['step_free', 'service_animal'] })).toMatchObject({
      kinds: ['family_room', 'accessible'],
      free_tonight: 2,
    });
    expect(await call('check_accessibility', { needs: ['sauna'] })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
  });

  it('lets staff take a free bed out of service, but not one that is taken or held', async () => {
    const { call, site } = await open();
    expect(await site.staff('set_in_service', { bed: 'D-12', inService: false })).toMatchObject({ ok: true });
    expect(free(site.state.value.domain, 'dorm')).toBe(1);
    expect(await site.staff('set_in_service', { bed: 'D-01', inService: false })).toMatchObject({
      ok: false,
      code: 'BED_IN_USE',
    });
    await call('hold_beds', hold({ kind: 'accessible', night: '2026-12-08' }));
    expect(await site.staff('set_in_service', { bed: 'A-1', inService: false })).toMatchObject({
      ok: false,
      code: 'BED_IN_USE',
    });
    expect(await site.staff('set_in_service', { bed: 'D-07', inService: true })).toMatchObject({ ok: true });
    expect(free(site.state.value.domain, 'dorm')).toBe(2);
  });

  it('returns its notes as written, injection attempts included', async () => {
    const { call } = await open();
    const answer = (await call('read_shelter_notes')) as Answer & { notes: Array<{ text: string }> };
    const texts = answer.notes.map((note) => note.text).join('\n');
    expect(texts).toContain('<script>');
    expect(texts).toContain('\u202E');
    expect(texts).toContain('\u2066');
    expect(texts).toContain('\u200D');
  });
});

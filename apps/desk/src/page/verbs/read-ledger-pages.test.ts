// read_ledger without a proof, as an agent calls it: the newest rows first, how many there are, and
// the arguments that fetch the rest (each call is itself a ledger row, so the ledger grows as it reads).
import { afterEach, describe, expect, it } from 'vitest';
import { LEDGER_FIELDS } from '@warrant/ledger';
import { FAMILY, openTestDesk, type TestDesk } from '../../testing/test-desk.ts';

let test: TestDesk;
afterEach(async () => test?.close());

const seqs = (tsv: unknown): number[] =>
  String(tsv)
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => Number(line.split('\t')[0]));

describe('read_ledger pages', () => {
  it('answers the newest rows by default, says how many the ledger holds, and hands back the cursor to the earlier ones', async () => {
    test = await openTestDesk();
    for (let call = 0; call < 9; call += 1) await test.agent('read_ledger', { limit: 1 });
    const newest = await test.agent('read_ledger', { limit: 4 });
    expect(newest).toMatchObject({
      ok: true,
      total: 9,
      rows: 4,
      first_seq: 6,
      last_seq: 9,
      earlier: { before: 6 },
      later: null,
    });
    expect(seqs(newest['tsv'])).toEqual([6, 7, 8, 9]);
    expect(newest['message']).toBe(
      'Rows 6 to 9 of the 9 the ledger holds; for the 5 earlier, call read_ledger with {"before":6}.',
    );

    const back = await test.agent('read_ledger', { limit: 4, ...(newest['earlier'] as object) });
    expect(back).toMatchObject({ total: 10, first_seq: 2, last_seq: 5, earlier: { before: 2 }, later: { since: 5 } });
    expect(seqs(back['tsv'])).toEqual([2, 3, 4, 5]);

    const forward = await test.agent('read_ledger', { since: 8 });
    expect(forward).toMatchObject({ total: 11, first_seq: 9, last_seq: 11, earlier: { before: 9 }, later: null });
    expect(seqs(forward['tsv'])).toEqual([9, 10, 11]);

    const all = await test.agent('read_ledger', {});
    expect(all).toMatchObject({ total: 12, rows: 12, first_seq: 1, last_seq: 12, earlier: null, later: null });
    expect(all['message']).toBe('Rows 1 to 12 of the 12 the ledger holds.');
  });
});

describe('read_ledger for one request', () => {
  it("answers that request's rows alone, says how many it has, and its cursors keep to the request", async () => {
    test = await openTestDesk();
    await test.agent('intake_request', FAMILY);
    await test.agent('intake_request', { ...FAMILY, place: 'Quay Road' });
    await test.agent('open_lease', { partner: 'pantry', purpose: 'read_capacity', ttl: 60, request: 'R-1' });
    const all = await test.agent('read_ledger', {});
    const ofRequest = (id: string): number[] =>
      String(all['tsv'])
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t'))
        .filter((fields) => fields[LEDGER_FIELDS.findIndex((field) => field.name === 'request')] === id)
        .map((fields) => Number(fields[0]));
    const rows = ofRequest('R-1');
    expect(rows.length).toBeGreaterThan(2);
    expect(ofRequest('R-2').length).toBeGreaterThan(0);

    const newest = await test.agent('read_ledger', { request: 'R-1', limit: 2 });
    expect(newest).toMatchObject({
      ok: true,
      request: 'R-1',
      total: rows.length,
      rows: 2,
      first_seq: rows.at(-2),
      last_seq: rows.at(-1),
      earlier: { request: 'R-1', before: rows.at(-2) },
      later: null,
    });
    expect(seqs(newest['tsv'])).toEqual(rows.slice(-2));
    expect(newest['message']).toBe(
      `Rows ${rows.at(-2)} to ${rows.at(-1)} of the ${rows.length} for request R-1; for the ${rows.length - 2} earlier, call read_ledger with {"request":"R-1","before":${rows.at(-2)}}.`,
    );
    const back = await test.agent('read_ledger', newest['earlier'] as Record<string, unknown>);
    expect(seqs(back['tsv'])).toEqual(rows.slice(0, -2));
    // Reading a request's rows is recorded, but not as a row of the request: a later read of it shows the same rows.
    expect((await test.agent('read_ledger', { request: 'R-1' }))['total']).toBe(rows.length);

    // A request that is not an id is the validator's; one the desk never had is answered with no rows, in words.
    expect(await test.agent('read_ledger', { request: 'R 1' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(await test.agent('read_ledger', { request: 'R-9' })).toMatchObject({
      ok: true,
      total: 0,
      message: 'No rows for request R-9 on the ledger.',
    });
  });

  it('keeps every cursor bounded: a sequence number past any ledger the desk could hold is refused', async () => {
    test = await openTestDesk();
    for (const input of [{ since: 2 ** 53 }, { before: 2 ** 40 }])
      expect(await test.agent('read_ledger', input)).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
  });
});

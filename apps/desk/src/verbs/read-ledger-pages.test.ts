// read_ledger without a proof, as an agent calls it: the newest rows first, how many there are, and
// the arguments that fetch the rest (each call is itself a ledger row, so the ledger grows as it reads).
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../testing/test-desk.ts';

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

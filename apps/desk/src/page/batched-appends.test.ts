import { IDBFactory } from 'fake-indexeddb';
import {
  deskLedger,
  openLedgerStore,
  verifyLedger,
  type LedgerDraft,
  type LedgerStore,
  type DeskLedgerSchema,
} from '@warrant/ledger';
import { leasedReadDraft } from '@warrant/ledger/testing';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { afterEach, describe, expect, it } from 'vitest';
import { batchedAppends, STALE_RETRIES } from './batched-appends.ts';

// The desk's records appended in order, gathered while an append is out, over a real ledger store
// (IndexedDB in memory, the same store interface the desk's server log has): every append it
// makes is counted, every row checked where the store keeps it.

const opened: LedgerStore<DeskLedgerSchema>[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function ledger(): Promise<LedgerStore<DeskLedgerSchema>> {
  const store = await openLedgerStore(deskLedger, { indexedDB: new IDBFactory() });
  if (!store.ok) throw new Error(store.message);
  opened.push(store.ledger);
  return store.ledger;
}

function counted(store: LedgerStore<DeskLedgerSchema>, { maxPerAppend = 500, maxBytesPerAppend = 1_000_000 } = {}) {
  const appends: number[] = [];
  const refused: ToolRefusal[] = [];
  const batched = batchedAppends<LedgerDraft>({
    appendAll: (drafts) => {
      appends.push(drafts.length);
      return store.appendAll(drafts);
    },
    onRefused: (refusal) => void refused.push(refusal),
    maxPerAppend,
    maxBytesPerAppend,
  });
  return { batched, appends, refused };
}

const row = (n: number): LedgerDraft => leasedReadDraft(`n=${n}`);
// A lease id with a space is not a token: the ledger's format refuses the row.
const unrecordable = (n: number): LedgerDraft => leasedReadDraft(`n=${n}`, { lease: 'L 1' });

describe('appends gathered while one is out', () => {
  it('rows asked for together go in one append, in the order asked, and the chain verifies', async () => {
    const store = await ledger();
    const { batched, appends, refused } = counted(store);
    for (let n = 1; n <= 12; n += 1) batched.add(row(n));
    await batched.settled();
    expect(appends).toEqual([12]);
    expect(refused).toEqual([]);
    expect(store.rows().map((stored) => stored.detail)).toEqual(
      Array.from({ length: 12 }, (_, index) => `n=${index + 1}`),
    );
    expect(verifyLedger(store.rows())).toMatchObject({ ok: true });
  });

  it('a row asked for while an append is out waits for it and goes in the next; settled covers both', async () => {
    const store = await ledger();
    const { batched, appends } = counted(store);
    batched.add(row(1));
    // The first append is on its way once the queue turns; these arrive while it is out.
    await Promise.resolve();
    await Promise.resolve();
    batched.add(row(2));
    batched.add(row(3));
    await batched.settled();
    expect(appends).toEqual([1, 2]);
    expect(store.rows().map((stored) => stored.detail)).toEqual(['n=1', 'n=2', 'n=3']);
  });

  it('never carries more records than the server takes in one append', async () => {
    const store = await ledger();
    const { batched, appends } = counted(store, { maxPerAppend: 4 });
    for (let n = 1; n <= 10; n += 1) batched.add(row(n));
    await batched.settled();
    expect(appends).toEqual([4, 4, 2]);
    expect(store.rows()).toHaveLength(10);
  });

  it('never carries more bytes than the server takes in one append, and a record alone always goes', async () => {
    const store = await ledger();
    // Rows of 4,000 characters of detail: three fit in 40,000 bytes counted at 3 bytes a character, four do not.
    const { batched, appends } = counted(store, { maxBytesPerAppend: 40_000 });
    for (let n = 1; n <= 7; n += 1) batched.add(leasedReadDraft(`n=${n} ${'x'.repeat(3990)}`));
    await batched.settled();
    expect(appends).toEqual([3, 3, 1]);
    const tiny = counted(store, { maxBytesPerAppend: 10 });
    tiny.batched.add(row(8));
    tiny.batched.add(row(9));
    await tiny.batched.settled();
    expect(tiny.appends).toEqual([1, 1]);
    expect(store.rows()).toHaveLength(9);
  });

  it('one row the ledger refuses costs no other row: the rows before it and after it are sent again, that row alone is refused', async () => {
    const store = await ledger();
    const { batched, appends, refused } = counted(store);
    batched.add(row(1));
    batched.add(unrecordable(2));
    batched.add(row(3));
    await batched.settled();
    expect(appends).toEqual([3, 1, 1]);
    expect(refused.map((refusal) => [refusal.code, refusal.details['field']])).toEqual([['INVALID_ROW', 'lease']]);
    expect(store.rows().map((stored) => stored.detail)).toEqual(['n=1', 'n=3']);
    expect(verifyLedger(store.rows())).toMatchObject({ ok: true });
  });

  it("one row the desk's server refuses as a page's report it cannot take (an unsigned partner answer) costs no other row", async () => {
    const store = await ledger();
    // As the desk's server answers a batch with one read whose answer the partner did not sign:
    // refused for that record, at its index, and nothing of the batch stored.
    const asServer = {
      ...store,
      appendAll: async (drafts: readonly LedgerDraft[]) => {
        const index = drafts.findIndex((draft) => (draft.detail ?? '').includes('unsigned'));
        if (index < 0) return store.appendAll(drafts);
        return refusal('READING_UNVERIFIED', "The partner's server did not sign this answer. Nothing was recorded.", {
          ...(drafts.length > 1 ? { index } : {}),
        });
      },
    } as LedgerStore<DeskLedgerSchema>;
    const { batched, appends, refused } = counted(asServer);
    batched.add(row(1));
    batched.add(leasedReadDraft('n=2 unsigned'));
    batched.add(row(3));
    await batched.settled();
    expect(appends).toEqual([3, 1, 1]);
    expect(refused.map((refusal) => refusal.code)).toEqual(['READING_UNVERIFIED']);
    expect(store.rows().map((stored) => stored.detail)).toEqual(['n=1', 'n=3']);
  });

  it('a batch that failed for another reason is not sent again (it may have been stored): one refusal for it', async () => {
    const store = await ledger();
    const { batched, appends, refused } = counted(store);
    store.close();
    batched.add(row(1));
    batched.add(row(2));
    await batched.settled();
    expect(appends).toEqual([2]);
    expect(refused.map((refusal) => refusal.code)).toEqual(['LOG_CLOSED']);
  });

  it('a batch refused STALE_TAB (another page wrote first) is caught up, decided again and sent again: what still stands is stored, what does not is answered with the refusal, and it gives up after a bounded number of tries', async () => {
    const store = await ledger();
    const appends: number[] = [];
    let staleFor = 2;
    const caughtUp: number[] = [];
    const batched = batchedAppends<LedgerDraft>({
      appendAll: async (drafts) => {
        appends.push(drafts.length);
        if (staleFor > 0) {
          staleFor -= 1;
          return refusal('STALE_TAB', 'Another page of this desk added 1 record since this one last looked.');
        }
        return store.appendAll(drafts);
      },
      onRefused: () => undefined,
      maxPerAppend: 500,
      maxBytesPerAppend: 1_000_000,
      // On the record as it now is, row 2 no longer stands (its request passed to another dispatcher).
      catchUp: async (drafts) => {
        caughtUp.push(drafts.length);
        return drafts.map((draft) => draft.detail !== 'n=2');
      },
    });
    const answers = [1, 2, 3].map((n) => batched.stored(row(n)));
    expect(await Promise.all(answers)).toEqual([
      { ok: true },
      expect.objectContaining({ ok: false, code: 'STALE_TAB' }),
      { ok: true },
    ]);
    expect(appends).toEqual([3, 2, 2]);
    expect(caughtUp).toEqual([3, 2]);
    expect(store.rows().map((stored) => stored.detail)).toEqual(['n=1', 'n=3']);

    // Always stale: tried STALE_RETRIES times after the first, then the refusal stands.
    staleFor = Number.POSITIVE_INFINITY;
    appends.length = 0;
    expect(await batched.stored(row(4))).toMatchObject({ ok: false, code: 'STALE_TAB' });
    expect(appends).toHaveLength(STALE_RETRIES + 1);
  });
});

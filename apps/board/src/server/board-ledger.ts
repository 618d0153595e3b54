// The board's ledger: its record of acts as signed, hash-chained entries (board-entry.ts) in
// board_ledger, one record per book, kept with @warrant/site-server's chained entries as the
// bench keeps its meeting. An entry is appended inside the transaction that makes the change it
// records, under the board's lock (board-record.ts): an entry that cannot be appended throws, so
// the change is undone with it, and a change that fails after its entry undoes the entry.
import { chainedEntries, type Queryable, type SignedEntries } from '@warrant/site-server';
import type { ToolRefusal } from '@warrant/surface';
import { entryProblem, type BoardEntry, type EntryDraft } from './board-entry.ts';

const ENTRIES = chainedEntries<BoardEntry>({ table: 'board_ledger', record: 'book' }, entryProblem);

/** Appends `draft` as the next entry of `book`: its number. Throws if it cannot be, undoing the transaction. */
export async function appendEntry(tx: Queryable, book: number, draft: EntryDraft): Promise<number> {
  const tail = await ENTRIES.tail(tx, book);
  const seq = tail.seq + 1;
  const head = await ENTRIES.append(tx, book, [{ seq, ...draft } as BoardEntry], tail);
  if (typeof head !== 'string') throw new Error(`The board's ledger refused an entry: ${head.message}`);
  return seq;
}

/** `book`'s entries as stored, read at once with the head signed over exactly them; or RECORD_BROKEN. */
export async function signedLedger(
  q: Queryable,
  book: number,
  key: Uint8Array,
  now: Date,
): Promise<SignedEntries | ToolRefusal> {
  return ENTRIES.sign(await ENTRIES.rows(q, book), key, now);
}

// The desk's server decides whether what a page stores is in order, on its own record. Inside the
// append's transaction (holding the record's lock), it folds the desk events it stores into the
// desk's state and asks of each event the page sends whether it follows from that state
// (domain/event-order.ts: the verbs' own rules), folding each in before the next, so a batch is
// checked as the sequence it is. A refusal rolls the append back: nothing is stored.
//
// Folding the whole record on every append would cost more with every event; the fold is kept per
// database and book, with the head of the last record in it, and only the records stored since are
// read and folded in, once that record is found still there (seq only grows within a book, and a
// reset opens a new book), whichever process wrote the rest.
import type { PartnerDirectory } from '@warrant/broker';
import type { Database, Queryable } from '@warrant/site-server';
import type { ToolRefusal } from '@warrant/surface';
import type { DeskEvent } from '../domain/desk-events.ts';
import { eventOutOfOrder } from '../domain/event-order.ts';
import { applyEvent, foldEvents } from '../domain/fold.ts';
import { EMPTY_DESK, type DeskState } from '../domain/state.ts';

interface KeptFold {
  readonly book: number;
  /** The seq of the last record folded in (0: none), and its head. */
  readonly seq: number;
  readonly head: string;
  readonly state: DeskState;
}

const kept = new WeakMap<Database, KeptFold>();

/** The desk's state as `book`'s records before `beforeSeq` make it, read in `tx`. */
export async function stateBefore(db: Database, tx: Queryable, book: number, beforeSeq: number): Promise<DeskState> {
  const known = kept.get(db);
  // The kept fold stands only while the record still holds the record it ends with (a database
  // emptied and written again under the same connection holds other records under the same seq).
  const [still] =
    known && known.book === book && known.seq > 0 && known.seq < beforeSeq
      ? await tx.query<{ head: string }>(
          "SELECT head FROM desk_log_records WHERE book_no = $1 AND log = 'state' AND seq = $2",
          [book, known.seq],
        )
      : [];
  const from = known && still?.head === known.head ? known : { book, seq: 0, head: '', state: EMPTY_DESK };
  const rows = await tx.query<{ seq: number; head: string; record: string }>(
    "SELECT seq, head, record FROM desk_log_records WHERE book_no = $1 AND log = 'state' AND seq > $2 AND seq < $3 ORDER BY seq",
    [book, from.seq, beforeSeq],
  );
  const state = foldEvents(
    from.state,
    rows.map((row) => JSON.parse(row.record) as DeskEvent),
  );
  const last = rows.at(-1);
  // Only what is committed before this transaction's own records is kept: it stays the record.
  if (last) kept.set(db, { book, seq: last.seq, head: last.head, state });
  return state;
}

/** The largest seq a record can have (the column is a 4-byte integer). */
const LAST_SEQ = 2_147_483_647;

/** The desk's state as all of `book`'s records make it, read in `tx`. */
export const stateNow = (db: Database, tx: Queryable, book: number): Promise<DeskState> =>
  stateBefore(db, tx, book, LAST_SEQ);

/**
 * Why the events `drafts` (stored from seq `batchFrom` on) do not follow from `book`'s record, or
 * null when each does; a refusal of one of several names its index.
 */
export async function recordOrderProblem(
  db: Database,
  tx: Queryable,
  book: number,
  batchFrom: number,
  drafts: readonly unknown[],
  partners: PartnerDirectory,
): Promise<ToolRefusal | null> {
  let state = await stateBefore(db, tx, book, batchFrom);
  for (const [index, draft] of drafts.entries()) {
    const event = draft as DeskEvent;
    const problem = await eventOutOfOrder(state, event, partners);
    if (problem) return drafts.length === 1 ? problem : { ...problem, details: { ...problem.details, index } };
    state = applyEvent(state, event);
  }
  return null;
}

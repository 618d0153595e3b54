// The state a partner's tools and panels are a function of: its data folded from the current
// book of its log, with what it served (receipts, and the first answer under each idempotency
// key) and what its staff did.
import type { Caller, Channel } from '@warrant/surface';
import {
  isLogEntry,
  type DeskApproval,
  type JsonObject,
  type LogEntry,
  type Receipt,
  type SeededEntry,
  type StaffEntry,
  type WriteEntry,
} from './log-entry.ts';
import { weekFrom, type Week } from './week.ts';

export interface ServedWrite {
  readonly seq: number;
  readonly at: string;
  readonly tool: string;
  readonly caller: Caller;
  readonly channel: Channel;
  readonly args: JsonObject;
  readonly result: JsonObject;
  readonly message: string;
  readonly receipt: Receipt;
  /** Who approved it at the desk, for a write made under the desk's step authorization (see DeskApproval). */
  readonly approvedBy?: DeskApproval;
}

export interface StaffRecord {
  readonly seq: number;
  readonly at: string;
  readonly act: string;
  readonly summary: string;
}

export interface PartnerState<D> {
  readonly domain: D;
  readonly week: Week;
  /** Today's date where the page runs (YYYY-MM-DD). */
  readonly today: string;
  readonly book: string;
  /** The seq of the last entry folded in. */
  readonly seq: number;
  /** Every write served in this book, oldest first. */
  readonly served: readonly ServedWrite[];
  readonly staffActs: readonly StaffRecord[];
  /** The write first served under each idempotency key. */
  readonly keys: ReadonlyMap<string, ServedWrite>;
}

export interface Fold<D, E> {
  reduce(domain: D, event: E): D;
}

export function openBook<D>(entry: SeededEntry, today: string): PartnerState<D> {
  const week = weekFrom(entry.firstDay);
  return {
    domain: entry.domain as D,
    week,
    today,
    book: entry.book,
    seq: entry.seq,
    served: [],
    staffActs: [],
    keys: new Map(),
  };
}

export function step<D, E>(
  state: PartnerState<D>,
  entry: WriteEntry<E> | StaffEntry<E>,
  fold: Fold<D, E>,
): PartnerState<D> {
  const domain = fold.reduce(state.domain, entry.event);
  if (entry.kind === 'staff') {
    return {
      ...state,
      domain,
      seq: entry.seq,
      staffActs: [...state.staffActs, { seq: entry.seq, at: entry.at, act: entry.act, summary: entry.summary }],
    };
  }
  const served: ServedWrite = {
    seq: entry.seq,
    at: entry.at,
    tool: entry.tool,
    caller: entry.caller,
    channel: entry.channel,
    args: entry.args,
    result: entry.result,
    message: entry.message,
    receipt: entry.receipt,
    ...(entry.approvedBy ? { approvedBy: entry.approvedBy } : {}),
  };
  const keys = new Map(state.keys);
  keys.set(String(entry.args['idempotency_key']), served);
  return { ...state, domain, seq: entry.seq, served: [...state.served, served], keys };
}

/**
 * Folds a current book as the log handed it back, or null when it is not a book this code can
 * read (then the site sets it aside and opens a new one). Entries must run on by one from a
 * `seeded` entry, and every event must fold.
 */
export function foldBook<D, E>(entries: readonly unknown[], fold: Fold<D, E>, today: string): PartnerState<D> | null {
  const [first, ...rest] = entries;
  if (!isLogEntry(first) || first.kind !== 'seeded') return null;
  try {
    let state = openBook<D>(first, today);
    for (const entry of rest) {
      if (!isLogEntry(entry) || entry.kind === 'seeded' || entry.seq !== state.seq + 1) return null;
      state = step(state, entry as LogEntry<E> & { kind: 'write' | 'staff' }, fold);
    }
    return state;
  } catch {
    return null;
  }
}

// What the desk's server itself adds to its two records (the ledger and the log of desk events the
// pages fold their state from): the rows of a run it carries out. Sealed here, in the caller's
// transaction, under the same per-log advisory locks the pages' appends take (desk-logs.ts), so a
// run's step, its ledger rows and its state change are committed together or not at all; every
// page hears them over the desk's existing change stream, like another page's appends.
import {
  GENESIS,
  jsonLogFormat,
  ledgerLogFormat,
  type LedgerDraft,
  type LogEntry,
  type LogFormat,
} from '@warrant/ledger';
import type { Database, Queryable } from '@warrant/site-server';
import { deskEventProblem } from '../domain/desk-event-check.ts';
import type { DeskEvent } from '../domain/desk-events.ts';
import type { AppendedRecords } from './desk-logs.ts';

/** The writer the server's own records carry (a page's is its hex page id). */
export const THE_DESK_SERVER = 'desk-server';
// The same locks and channel as desk-logs.ts: one writer at a time per log, whoever writes.
const LOG_LOCK = { ledger: 7_420_101, state: 7_420_102 } as const;
const LOG_CHANNEL = 'desk_log';
const FORMATS: { readonly [log in 'ledger' | 'state']: LogFormat<unknown, unknown> } = {
  ledger: ledgerLogFormat(() => new Date()) as LogFormat<unknown, unknown>,
  state: jsonLogFormat(deskEventProblem),
};

async function appendTo(
  db: Database,
  tx: Queryable,
  book: number,
  log: 'ledger' | 'state',
  drafts: readonly unknown[],
): Promise<LogEntry<unknown>[]> {
  if (drafts.length === 0) return [];
  await tx.query('SELECT pg_advisory_xact_lock($1)', [LOG_LOCK[log]]);
  const [last] = await tx.query<{ seq: number; head: string }>(
    'SELECT seq, head FROM desk_log_records WHERE book_no = $1 AND log = $2 ORDER BY seq DESC LIMIT 1',
    [book, log],
  );
  let at = { seq: (last?.seq ?? 0) + 1, prev: last?.head ?? GENESIS };
  const entries: LogEntry<unknown>[] = [];
  for (const draft of drafts) {
    const sealed = FORMATS[log].seal(draft, at);
    if (!sealed.ok) throw new Error(`The desk's server drafted a ${log} record it cannot seal: ${sealed.message}`);
    entries.push({ seq: at.seq, head: sealed.head, record: sealed.record });
    at = { seq: at.seq + 1, prev: sealed.head };
  }
  for (const entry of entries)
    await tx.query(
      'INSERT INTO desk_log_records (book_no, log, seq, head, record, writer) VALUES ($1, $2, $3, $4, $5, $6)',
      [book, log, entry.seq, entry.head, JSON.stringify(entry.record), THE_DESK_SERVER],
    );
  await db.notify(LOG_CHANNEL, `${log}:${book}:${at.seq - 1}`, tx);
  return entries;
}

/** Appends ledger rows and desk events in `tx`; answers the ledger's appended rows (for its signed heads). */
export async function recordAsServer(
  db: Database,
  tx: Queryable,
  book: number,
  rows: readonly LedgerDraft[],
  events: readonly DeskEvent[],
): Promise<AppendedRecords> {
  const entries = await appendTo(db, tx, book, 'ledger', rows);
  await appendTo(db, tx, book, 'state', events);
  return { book, entries, missed: [] };
}

// The desk's two records on its server: the ledger and the log of desk events its state is folded
// from. The page appends to them and reads them here; it holds no copy of its own that counts.
//
// The server seals every record itself (seq, chain), inside one database transaction holding the
// log's advisory lock, so two pages, two dispatchers or two desk server processes on one
// PostgreSQL database can never give two records one place. As the browser's log did, an append
// names the head its page had seen, and is refused with STALE_TAB (and what the page missed) when
// another page wrote since: a page decides on the record as it stands, never on a stale copy.
// Records are stored as the exact JSON text they were sealed from, so the chain reads back.
//
// Only a signed-in dispatcher's page appends, and to the ledger only what a page may report
// (page-report.ts): every row it sends is stamped with that dispatcher, as reported by their page.
import type { Context, Hono } from 'hono';
import type { PartnerDirectory } from '@warrant/broker';
import { GENESIS, jsonLogFormat, ledgerLogFormat, type LogEntry, type LogFormat, type LogHead } from '@warrant/ledger';
import { changeStream, type Database, type Queryable } from '@warrant/site-server';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { deskEventProblem } from '../domain/desk-event-check.ts';
import { DESK_API } from '../api/desk-api.ts';
import { currentBook } from './approvals.ts';
import { refused } from './http.ts';
import { isReply, serve } from './serve-route.ts';
import { pageReportProblem, reportedBy, type ReceiptKeyOf } from './page-report.ts';
import { lockLog } from './record-locks.ts';
import { recordOrderProblem } from './record-order.ts';
import { stateHoldingProblem, ledgerHoldingProblem } from './request-holders.ts';
import { currentDispatcher, type Dispatcher } from './sessions.ts';

export const DESK_LOGS = ['ledger', 'state'] as const;
export type DeskLogName = (typeof DESK_LOGS)[number];

const LOG_CHANNEL = 'desk_log';

const FORMATS: { readonly [log in DeskLogName]: LogFormat<unknown, unknown> } = {
  ledger: ledgerLogFormat(() => new Date()) as LogFormat<unknown, unknown>,
  state: jsonLogFormat(deskEventProblem),
};

type StoredRecord = {
  readonly seq: number;
  readonly head: string;
  readonly record: string;
  readonly writer: string;
};

export interface AppendedRecords {
  readonly book: number;
  readonly entries: readonly LogEntry<unknown>[];
  /** The records after the page's head that it had not seen, before its own (for an append after others). */
  readonly missed: readonly LogEntry<unknown>[];
}

const isLog = (value: string | undefined): value is DeskLogName =>
  (DESK_LOGS as readonly string[]).includes(value ?? '');
const entryOf = (row: StoredRecord): LogEntry<unknown> => ({
  seq: row.seq,
  head: row.head,
  record: JSON.parse(row.record) as unknown,
});

async function storedHead(via: Queryable, book: number, log: DeskLogName): Promise<LogHead> {
  const [last] = await via.query<{ seq: number; head: string }>(
    'SELECT seq, head FROM desk_log_records WHERE book_no = $1 AND log = $2 ORDER BY seq DESC LIMIT 1',
    [book, log],
  );
  return { epoch: book, seq: last?.seq ?? 0, hash: last?.head ?? GENESIS };
}

async function recordsAfter(
  via: Queryable,
  book: number,
  log: DeskLogName,
  afterSeq: number,
): Promise<readonly StoredRecord[]> {
  return via.query<StoredRecord>(
    'SELECT seq, head, record, writer FROM desk_log_records WHERE book_no = $1 AND log = $2 AND seq > $3 ORDER BY seq',
    [book, log, afterSeq],
  );
}

/** What changed since `seen`: the records after it, or, in another book, the whole current book. */
async function changesSince(via: Queryable, log: DeskLogName, seen: LogHead | null) {
  const book = await currentBook(via);
  const head = await storedHead(via, book, log);
  const sameBook = seen !== null && seen.epoch === book && seen.seq <= head.seq;
  const rows = await recordsAfter(via, book, log, sameBook ? seen.seq : 0);
  return { ok: true as const, restarted: !sameBook, entries: rows.map(entryOf), head };
}

/** The one record a page may append to after what others wrote without seeing it: the ledger says what happened, and no row of it depends on another. */
const APPENDS_AFTER_OTHERS: readonly DeskLogName[] = ['ledger'];

/**
 * Appends `drafts` after `basis`, sealing each with the log's format: all of them or none. Refused
 * with STALE_TAB when a writer other than `writer` appended since `basis` (unless `afterOthers`:
 * then the drafts go after those rows, in the same transaction, and the answer carries what the
 * page missed), or the desk started a new book.
 */
async function appendRecords(
  db: Database,
  log: DeskLogName,
  writer: string,
  basis: LogHead,
  drafts: readonly unknown[],
  afterOthers = false,
) {
  return db.transaction((tx) => appendRecordsIn(db, tx, log, writer, basis, drafts, afterOthers));
}

/** appendRecords inside the caller's transaction `tx` (the server's own rows go with what it decided). */
async function appendRecordsIn(
  db: Database,
  tx: Queryable,
  log: DeskLogName,
  writer: string,
  basis: LogHead,
  drafts: readonly unknown[],
  afterOthers: boolean,
): Promise<(AppendedRecords & { readonly ok: true; readonly head: LogHead }) | ToolRefusal> {
  const format = FORMATS[log];
  await lockLog(tx, log);
  const book = await currentBook(tx);
  const stored = await storedHead(tx, book, log);
  if (basis.epoch !== book) {
    const missed = (await recordsAfter(tx, book, log, 0)).map(entryOf);
    return refusal(
      'STALE_TAB',
      'The desk started a new book since this page last looked. Nothing was recorded: reload the desk to work on the new book.',
      { seen: basis, stored, restarted: true, missed },
    );
  }
  if (basis.seq > stored.seq || (basis.seq === stored.seq && basis.hash !== stored.hash)) {
    return refusal('STALE_TAB', "This page's record is not the desk's. Nothing was recorded: reload the desk.", {
      seen: basis,
      stored,
      restarted: true,
      missed: [],
    });
  }
  const since = await recordsAfter(tx, book, log, basis.seq);
  const foreign = since.filter((row) => row.writer !== writer);
  if (foreign.length > 0 && !afterOthers) {
    return refusal(
      'STALE_TAB',
      `Another page of this desk added ${foreign.length} record${foreign.length === 1 ? '' : 's'} since this one last looked. Nothing was recorded: catch up, decide again on what is now the record, then retry.`,
      { seen: basis, stored, restarted: false, missed: foreign.map(entryOf) },
    );
  }
  // Every record is sealed before any is stored: all of them or none.
  const entries: LogEntry<unknown>[] = [];
  let at = { seq: stored.seq + 1, prev: stored.hash };
  for (const [index, draft] of drafts.entries()) {
    const sealed = format.seal(draft, at);
    if (!sealed.ok) return drafts.length === 1 ? sealed : { ...sealed, details: { ...sealed.details, index } };
    entries.push({ seq: at.seq, head: sealed.head, record: sealed.record });
    at = { seq: at.seq + 1, prev: sealed.head };
  }
  for (const entry of entries) {
    await tx.query(
      'INSERT INTO desk_log_records (book_no, log, seq, head, record, writer) VALUES ($1, $2, $3, $4, $5, $6)',
      [book, log, entry.seq, entry.head, JSON.stringify(entry.record), writer],
    );
  }
  const head: LogHead = { epoch: book, seq: at.seq - 1, hash: at.prev };
  await db.notify(LOG_CHANNEL, `${log}:${book}:${head.seq}`, tx);
  return { ok: true, book, entries, head, missed: since.map(entryOf) };
}

/** A thrown refusal, so the transaction it is thrown from rolls back. */
class RolledBack extends Error {
  constructor(readonly answer: ToolRefusal) {
    super(answer.message);
  }
}

/**
 * A dispatcher's page's append, with who holds each request it names decided in the same
 * transaction (request-holders.ts), and each desk event checked to follow from the record
 * (record-order.ts): the records are sealed, then checked; a refusal rolls them back. The
 * ledger's lock is taken before the state's, as every writer of both takes them, and a request
 * taken in gets its ledger row here too.
 */
async function appendHeld(
  db: Database,
  partners: PartnerDirectory,
  log: DeskLogName,
  dispatcher: Dispatcher,
  writer: string,
  basis: LogHead,
  drafts: readonly unknown[],
  afterOthers: boolean,
): Promise<
  | (AppendedRecords & { readonly ok: true; readonly head: LogHead; readonly serverLedger?: AppendedRecords })
  | ToolRefusal
> {
  try {
    return await db.transaction(async (tx) => {
      await lockLog(tx, 'ledger');
      const appended = await appendRecordsIn(db, tx, log, writer, basis, drafts, afterOthers);
      if (!appended.ok) return appended;
      if (log === 'ledger') {
        const problem = await ledgerHoldingProblem(tx, dispatcher, drafts);
        if (problem) throw new RolledBack(problem);
        return appended;
      }
      const batchFrom = appended.entries[0]?.seq ?? 0;
      const decided = await stateHoldingProblem(tx, dispatcher, drafts, batchFrom);
      if ('ok' in decided) throw new RolledBack(decided);
      const outOfOrder = await recordOrderProblem(db, tx, appended.book, batchFrom, drafts, partners);
      if (outOfOrder) throw new RolledBack(outOfOrder);
      if (decided.ledger.length === 0) return appended;
      const serverLedger = await appendServerRecords(db, 'ledger', decided.ledger, tx);
      if (!serverLedger.ok) throw new RolledBack(serverLedger);
      return { ...appended, serverLedger };
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.answer;
    throw error;
  }
}

/** Who appended a record this server wrote itself (not a page): the desk's server. */
const SERVER_WRITER = '00000000de5c5e7e';

/**
 * Appends records this server writes itself, after whatever pages appended, in the current book:
 * who enrolled, invited or removed a dispatcher (a person's act on people is the server's to
 * record, never a page's), and the rows of an approved run it carries out (approved-runs.ts).
 * Given `tx`, the records go in that transaction, so what the server decided and its rows are
 * committed together or not at all (the log's advisory lock is taken there); alone, a book opened
 * between reading the head and appending is retried.
 */
export async function appendServerRecords(
  db: Database,
  log: DeskLogName,
  records: readonly unknown[],
  tx?: Queryable,
): Promise<(AppendedRecords & { readonly ok: true; readonly head: LogHead }) | ToolRefusal> {
  if (tx) {
    await lockLog(tx, log);
    const basis = await storedHead(tx, await currentBook(tx), log);
    return appendRecordsIn(db, tx, log, SERVER_WRITER, basis, records, true);
  }
  for (let attempt = 0; ; attempt += 1) {
    const book = await currentBook(db);
    const appended = await appendRecords(db, log, SERVER_WRITER, await storedHead(db, book, log), records, true);
    if (appended.ok || appended.code !== 'STALE_TAB' || attempt >= 2) return appended;
  }
}

/** One record the server writes itself (appendServerRecords). */
export const appendServerRecord = (db: Database, log: DeskLogName, record: unknown) =>
  appendServerRecords(db, log, [record]);

function headFromQuery(c: Context): LogHead | null {
  const epoch = Number(c.req.query('epoch'));
  const seq = Number(c.req.query('seq'));
  return Number.isSafeInteger(epoch) && Number.isSafeInteger(seq) && seq >= 0 ? { epoch, seq, hash: '' } : null;
}

export interface DeskLogOptions {
  /** Where a partner's receipt key is learnt, to check a receipt a page reports. */
  readonly receiptKeyOf: ReceiptKeyOf;
  /** The partners this desk works with: a plan's steps are checked against them. */
  readonly partners: PartnerDirectory;
  readonly afterAppend?: (log: DeskLogName, appended: AppendedRecords) => Promise<void>;
  /** The server's clock (how old a partner's reading a page reports may be). */
  readonly now?: () => number;
}

export function deskLogRoutes(app: Hono, db: Database, options: DeskLogOptions): void {
  // Every change to either record, from any desk server process on this database.
  app.get(DESK_API.logEvents.path, (c) =>
    changeStream(c, {
      subscribe(listener) {
        const stop = db.listen(LOG_CHANNEL, listener);
        return () => void stop.then((unlisten) => unlisten());
      },
      position: async () => {
        const book = await currentBook(db);
        return `book:${book}`;
      },
    }),
  );

  serve(app, DESK_API.log, async (c, { reply }) => {
    const log = c.req.param('log');
    if (!isLog(log))
      return refused(c, refusal('NOT_FOUND', `The desk keeps no record named "${log.slice(0, 40)}".`), 404);
    return reply(await changesSince(db, log, c.req.query('epoch') === undefined ? null : headFromQuery(c)));
  });

  // What an append carries, and how large it may be, is the API's declaration.
  serve(app, DESK_API.append, async (c, { reply, input }) => {
    const log = c.req.param('log');
    if (!isLog(log))
      return refused(c, refusal('NOT_FOUND', `The desk keeps no record named "${log.slice(0, 40)}".`), 404);
    const dispatcher = await currentDispatcher(c, db);
    if (!dispatcher)
      return refused(
        c,
        refusal(
          'NOT_SIGNED_IN',
          "Only a signed-in dispatcher's page adds to the desk's record. Sign in with your passkey. Nothing was recorded.",
        ),
        401,
      );
    const body = await input();
    if (isReply(body)) return body;
    const { writer, basis, records, after_others: afterOthers = false } = body;
    if (afterOthers && !APPENDS_AFTER_OTHERS.includes(log)) {
      return refused(
        c,
        refusal(
          'MALFORMED_REQUEST',
          `The desk's ${log} is appended to only on what the page has seen: after_others is for the ledger. Nothing was recorded.`,
        ),
        400,
      );
    }
    let drafts: readonly unknown[] = records;
    if (log === 'ledger') {
      for (const [index, draft] of records.entries()) {
        const problem = await pageReportProblem(draft, {
          receiptKeyOf: options.receiptKeyOf,
          partners: options.partners,
          ...(options.now ? { now: options.now } : {}),
          decided: async ({ id, digest, status }) =>
            (
              await db.query(
                'SELECT 1 FROM approvals WHERE book_no = $1 AND id = $2 AND plan_digest = $3 AND status = $4 LIMIT 1',
                [await currentBook(db), id, digest, status],
              )
            ).length > 0,
        });
        if (problem)
          return refused(
            c,
            records.length === 1 ? problem : { ...problem, details: { ...problem.details, index } },
            403,
          );
      }
      drafts = records.map((draft) => reportedBy(draft, dispatcher));
    }
    const appended = await appendHeld(db, options.partners, log, dispatcher, writer, basis, drafts, afterOthers);
    if (!appended.ok)
      return refused(
        c,
        appended,
        appended.code === 'STALE_TAB' || appended.code === 'ID_TAKEN'
          ? 409
          : appended.code === 'REQUEST_HELD_BY_ANOTHER' ||
              appended.code === 'SERVER_ONLY_EVENT' ||
              appended.code === 'APPROVAL_NOT_RAISED'
            ? 403
            : 422,
      );
    await options.afterAppend?.(log, appended);
    if (appended.serverLedger) await options.afterAppend?.('ledger', appended.serverLedger);
    return reply({ ok: true, entries: appended.entries, head: appended.head, missed: appended.missed });
  });
}

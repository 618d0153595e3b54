// A partner's log as @warrant/ledger's append-only log: hash-chained, an append acknowledged
// only once durable and refused (STALE_TAB) if another tab or frame of the origin wrote since
// this one last looked, a restart that archives the whole book, unreadable records set aside on
// open, and word of other tabs' writes. This adapter keeps the current book as the ledger hands
// it over (each record reaches it exactly once: on open, from its own appends and restarts, or
// from sync and subscribe) and gives the site the SiteLog it folds from.
import type { ToolRefusal } from '@warrant/surface';
import {
  jsonLogFormat,
  openLog,
  platformLock,
  type AppendOnlyLog,
  type LockRunner,
  type LogChange,
  type LogEntry as Stored,
  type LogHead,
} from '@warrant/ledger';
import { StaleLogError, type LogRecord, type SiteLog } from './site-log.ts';

export interface OpenedSiteLog {
  readonly log: SiteLog;
  /** Why records that did not read back were set aside into the archive on open, or null. */
  readonly setAside: string | null;
}

const positionOf = (head: LogHead): string => `${head.epoch}:${head.seq}:${head.hash}`;

function failure(refusal: ToolRefusal): Error {
  return refusal.code === 'STALE_TAB' ? new StaleLogError(refusal.message) : new Error(refusal.message);
}

function siteLog(
  log: AppendOnlyLog<LogRecord, LogRecord>,
  opened: readonly Stored<LogRecord>[],
  lock: LockRunner,
): SiteLog {
  let book = [...opened];
  const take = (change: LogChange<LogRecord>): void => {
    book = change.restarted ? [...change.entries] : [...book, ...change.entries];
  };
  const caughtUp = async (): Promise<string> => {
    const change = await log.sync();
    if (!change.ok) throw failure(change);
    take(change);
    return positionOf(change.head);
  };
  return {
    async read() {
      const position = await caughtUp();
      return { entries: book.map((stored) => stored.record), position };
    },
    position: caughtUp,
    async append(entry) {
      const appended = await log.append(entry);
      if (!appended.ok) throw failure(appended);
      book = [...book, ...appended.entries];
      return positionOf(appended.head);
    },
    async restart(reason, first) {
      const restarted = await log.archive(reason, [first]);
      if (!restarted.ok) throw failure(restarted);
      book = [...restarted.entries];
      return positionOf(restarted.head);
    },
    async closedBooks() {
      const listed = await log.archives();
      return listed.ok ? listed.archives.length : 0;
    },
    watch(listener) {
      return log.subscribe((change) => {
        take(change);
        listener();
      });
    },
    // Its own lock, not the ledger's: the ledger takes that one inside each append.
    exclusive: (task) => lock(`warrant-site:${log.name}`, task),
  };
}

/**
 * Opens the site's log in this origin's IndexedDB, or null where the browser keeps no storage.
 * `accepts` says which values are entries of this log (the kit's isLogEntry): the ledger judges
 * both what is appended and what reads back on open by it.
 */
export async function openLedgerSiteLog(
  name: string,
  accepts: (value: unknown) => boolean,
  indexedDB?: IDBFactory,
): Promise<OpenedSiteLog | null> {
  const format = jsonLogFormat<LogRecord>((value) => (accepts(value) ? null : 'it is not an entry of a partner site'));
  const opened = await openLog({ name, format, ...(indexedDB ? { indexedDB } : {}) });
  if (!opened.ok) return null;
  return { log: siteLog(opened.log, opened.entries, platformLock()), setAside: opened.setAside?.reason ?? null };
}

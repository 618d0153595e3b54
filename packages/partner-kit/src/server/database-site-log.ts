// A partner's log in its own database (PGlite or PostgreSQL): the SiteLog the write pipeline
// already stands on, so the server runs the same pipeline the page once ran. The exclusive
// section is one database transaction holding the site's advisory lock, so two server processes
// on one database never decide on the same state; every read and append inside it goes through
// that transaction. Other processes' appends are heard by LISTEN/NOTIFY. PGlite's database is
// this process's alone and runs one transaction at a time: there the lock is not taken.
//
// Under that lock no one else can append, so a task reads the log's position once and then knows
// it: its own appends move it. A write asks for it several times (catching up, the book its
// authorization is used in, the append's check), one query instead of three. Its own appends'
// notifications are not handed to the watchers: the state they would catch up with is already
// folded, and catching up would cost the site one more transaction per write.
import type { Database, Queryable } from '@warrant/site-server';
import { StaleLogError, type LogRecord, type SiteLog } from '../site-log.ts';

export const LOG_CHANNEL = 'partner_log';
// One lock for the whole site: a partner's writes are few and each decides on the whole state.
const SITE_LOCK = 7_420_001;

interface Position {
  readonly book: number;
  readonly seq: number;
}

const text = ({ book, seq }: Position): string => `${book}:${seq}`;

export interface DatabaseSiteLog extends SiteLog {
  /** The transaction the current exclusive task runs in, for writes that must land with the entry. */
  within(): Queryable;
  /** Stops hearing other processes' appends. */
  close(): Promise<void>;
}

export interface DatabaseSiteLogOptions {
  /** Writes that must land in the same transaction as an entry (the authorization's single use). */
  readonly onAppend?: (tx: Queryable, book: number, entry: LogRecord) => Promise<void>;
}

export function databaseSiteLog(db: Database, options: DatabaseSiteLogOptions = {}): DatabaseSiteLog {
  let current: Queryable | null = null;
  // The position as the current task's transaction holds it (null until read there).
  let held: Position | null = null;
  // Positions this process appended, in transactions not known to have failed: their
  // notifications are its own.
  const own = new Set<string>();
  let appendedInTask: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  // Where this process last read or wrote: an append from any other place is stale.
  let seen: Position = { book: 0, seq: 0 };
  const listeners = new Set<() => void>();
  const q = (): Queryable => current ?? db;

  async function positionNow(via: Queryable = q()): Promise<Position> {
    if (via === current && held) return held;
    const [row] = await via.query<{ book: number | null; seq: number | null }>(
      'SELECT book_no AS book, seq FROM partner_entries ORDER BY book_no DESC, seq DESC LIMIT 1',
    );
    const position = { book: row?.book ?? 0, seq: row?.seq ?? 0 };
    if (via === current) held = position;
    return position;
  }

  async function insert(via: Queryable, book: number, entry: LogRecord): Promise<void> {
    const written = entry as unknown as {
      readonly kind: string;
      readonly args?: { readonly idempotency_key?: unknown };
    };
    const key = written.kind === 'write' ? written.args?.idempotency_key : undefined;
    if (typeof key === 'string') {
      // The entry and its key in one statement: both land, or neither (a key used before fails it).
      await via.query(
        `WITH entry AS (INSERT INTO partner_entries (book_no, seq, entry) VALUES ($1, $2, $3) RETURNING book_no, seq)
          INSERT INTO partner_idempotency_keys (book_no, idempotency_key, seq) SELECT book_no, $4, seq FROM entry`,
        [book, entry.seq, JSON.stringify(entry), key],
      );
    } else {
      await via.query('INSERT INTO partner_entries (book_no, seq, entry) VALUES ($1, $2, $3)', [
        book,
        entry.seq,
        JSON.stringify(entry),
      ]);
    }
    await options.onAppend?.(via, book, entry);
    const position = { book, seq: entry.seq };
    own.add(text(position));
    appendedInTask.push(text(position));
    await db.notify(LOG_CHANNEL, text(position), via);
    if (via === current) held = position;
  }

  const stopListening = db.listen(LOG_CHANNEL, (position) => {
    if (own.delete(position)) return;
    for (const listener of [...listeners]) listener();
  });

  return {
    within: () => {
      if (current === null) throw new Error('within() is only for an exclusive task.');
      return current;
    },
    async read() {
      const position = await positionNow();
      const rows = await q().query<{ entry: unknown }>(
        'SELECT entry FROM partner_entries WHERE book_no = $1 ORDER BY seq',
        [position.book],
      );
      seen = position;
      return {
        entries: rows.map((row) => (typeof row.entry === 'string' ? JSON.parse(row.entry) : row.entry)),
        position: text(position),
      };
    },
    async position() {
      return text(await positionNow());
    },
    async append(entry) {
      const now = await positionNow();
      if (now.book !== seen.book || now.seq !== seen.seq)
        throw new StaleLogError('Another server wrote to this record first. Nothing was written.');
      if (entry.seq !== now.seq + 1)
        throw new StaleLogError(`Entry ${entry.seq} does not follow entry ${now.seq}. Nothing was written.`);
      await insert(q(), Math.max(now.book, 1), entry);
      seen = { book: Math.max(now.book, 1), seq: entry.seq };
      return text(seen);
    },
    async restart(_reason, first) {
      const now = await positionNow();
      await insert(q(), now.book + 1, first);
      seen = { book: now.book + 1, seq: first.seq };
      return text(seen);
    },
    async closedBooks() {
      const now = await positionNow();
      return Math.max(now.book - 1, 0);
    },
    watch(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    exclusive(task) {
      const run = queue.then(async () => {
        const appended: string[] = [];
        try {
          return await db.transaction(async (tx) => {
            // The lock keeps other processes' transactions out. PGlite's database is this process's
            // alone, and it runs one transaction at a time: there is nothing for the lock to keep out.
            if (!db.soleProcess) await tx.query('SELECT pg_advisory_xact_lock($1)', [SITE_LOCK]);
            current = tx;
            held = null;
            appendedInTask = appended;
            try {
              return await task();
            } finally {
              current = null;
              held = null;
              appendedInTask = [];
            }
          });
        } catch (error) {
          // Rolled back: those places are free again, and another process's append there is news.
          for (const position of appended) own.delete(position);
          throw error;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      await (
        await stopListening
      )();
    },
  };
}

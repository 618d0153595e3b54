// The one storage interface every site server stands on. Two real engines implement it with the
// same SQL: PGlite (Postgres in WebAssembly, one data directory per site: the embedded default)
// and PostgreSQL through node-postgres when WARRANT_DATABASE_URL is set (one schema per site, so
// several server processes on several machines share one database). Nothing above this file
// knows which engine it has.

/** A value a query parameter can carry. JSON columns take a string of JSON. */
export type SqlValue = string | number | boolean | null | Uint8Array;

/** What can run a statement: the database itself, or one transaction of it. */
export interface Queryable {
  /** Runs one statement with $1, $2… parameters and answers its rows. */
  query<Row extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlValue[],
  ): Promise<readonly Row[]>;
}

export interface Database extends Queryable {
  /** Which engine this is, for people (the start-up line, the health page). */
  readonly engine: 'pglite' | 'postgres';
  /** Where the data lives, for people: a directory, or the URL with its password removed plus the schema. */
  readonly location: string;
  /**
   * Whether this process is the only one that can use the database: PGlite's directory is locked
   * to the process that opened it, while a PostgreSQL database is open to every process given its
   * URL. A process alone on its database needs no lock against other processes' transactions.
   */
  readonly soleProcess: boolean;
  /**
   * Runs `task` in one transaction (BEGIN … COMMIT, ROLLBACK if it throws, the error passed on).
   * Every statement of the task goes through the `tx` it is handed. Serializable where two
   * writers could decide on the same rows is the caller's to ask for with a lock or a unique
   * constraint, never a read-then-write.
   */
  transaction<T>(task: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `listener` with the payload of every NOTIFY on `channel` in this site's database,
   * whichever process sent it. Resolves once listening; answers the unsubscribe.
   */
  listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends a notification on `channel` (delivered after the sending transaction commits, if in one). */
  notify(channel: string, payload: string, via?: Queryable): Promise<void>;
  close(): Promise<void>;
}

/** A setting that does not give a usable database: its message is one line naming the setting and the fix. */
export class DatabaseSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseSettingError';
  }
}

/**
 * A statement broke a unique constraint (SQLSTATE 23505), on either engine. Concurrent writers
 * that race for one key meet here: exactly one insert wins, every other one gets this, so a
 * caller can answer "already done" instead of a server error.
 */
export class UniqueViolation extends Error {
  /** The constraint that was broken, when the engine names it. */
  readonly constraint: string | null;
  constructor(message: string, constraint: string | null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UniqueViolation';
    this.constraint = constraint;
  }
}

// Both engines report a server error with its SQLSTATE in `code` (node-postgres' DatabaseError,
// PGlite's parsed error message), so one translation serves both.
export function translateEngineError(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') {
    const { message, constraint } = error as { message?: unknown; constraint?: unknown };
    return new UniqueViolation(
      String(message ?? 'duplicate key value violates a unique constraint'),
      typeof constraint === 'string' ? constraint : null,
      { cause: error },
    );
  }
  return error;
}

// A channel is a plain lower-case identifier: PGlite sends it to LISTEN/UNLISTEN unquoted, and
// on PostgreSQL it is prefixed with the schema, which must still fit Postgres' 63-byte names.
const CHANNEL = /^[a-z][a-z0-9_]{0,20}$/;
export function assertChannel(channel: string): void {
  if (!CHANNEL.test(channel))
    throw new Error(
      `A notification channel is a lower-case identifier of at most 21 characters (a-z, 0-9, _); got ${JSON.stringify(channel)}.`,
    );
}

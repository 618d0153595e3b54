// The shared engine: PostgreSQL through node-postgres, when WARRANT_DATABASE_URL is set. Each
// site is one schema of that database, so several server processes (on several machines) run the
// same SQL against one set of tables, and LISTEN/NOTIFY carries a change from the process that
// made it to every other one.
import pg from 'pg';
import { assertChannel, translateEngineError, type Database, type Queryable, type SqlValue } from './database.ts';

export interface PostgresDatabaseOptions {
  /** A postgres:// URL. */
  readonly url: string;
  /** This site's schema: created if absent; every connection's search_path. */
  readonly schema: string;
  /** How long a connection may take before the open (or a query waiting for one) fails. */
  readonly connectTimeoutMs?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
// A schema is a site name: a letter, then letters, digits, _ or -. Quoted everywhere it is used,
// and short enough that "<schema>.<channel>" stays within Postgres' 63-byte identifiers.
const SCHEMA = /^[A-Za-z][A-Za-z0-9_-]{0,40}$/;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The URL with any password removed (user info and ?password=), for messages and the health page. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '';
    if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***');
    return parsed.toString();
  } catch {
    return '(a value that is not a URL)';
  }
}

// PGlite answers int8 (bigint, count(*)) as a number when it is safe and a bigint beyond that;
// node-postgres answers a string. The pool parses int8 as PGlite does, so rows are the same on
// both engines. Only this pool's parsers change, never pg's global ones.
const INT8_OID = 20;
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') {
      return (value: string) => {
        const big = BigInt(value);
        return big < Number.MIN_SAFE_INTEGER || big > Number.MAX_SAFE_INTEGER ? big : Number(big);
      };
    }
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

export async function openPostgresDatabase({
  url,
  schema,
  connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS,
}: PostgresDatabaseOptions): Promise<Database> {
  if (!SCHEMA.test(schema))
    throw new Error(
      `A site's schema is a letter then letters, digits, _ or - (at most 41); got ${JSON.stringify(schema)}.`,
    );
  const config: pg.ClientConfig = {
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    // Set at connection start-up, so no statement on any connection runs before it.
    options: `-c search_path=${quoteIdent(schema)}`,
    types: typeParsers,
    application_name: `warrant-${schema}`,
  };
  const pool = new pg.Pool({ ...config, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client whose server went away is dropped by the pool; without a listener the 'error'
  // event would end the process. The next query opens a new connection (or fails, and says so).
  pool.on('error', () => undefined);
  try {
    await createSchema(pool, schema);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return postgresDatabase(pool, config, schema, `${redactUrl(url)} (schema ${schema})`);
}

// Two processes starting at once on a new database both run CREATE SCHEMA IF NOT EXISTS, and
// PostgreSQL can then fail one with a unique violation on its catalog: that one lost the race to
// a schema that now exists, which is what it wanted.
async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
  } catch (error) {
    if ((error as { code?: unknown }).code !== '23505') throw error;
  }
}

function postgresDatabase(pool: pg.Pool, config: pg.ClientConfig, schema: string, location: string): Database {
  const listener = new ListenConnection(config, schema);
  let closed: Promise<void> | null = null;
  const database: Database = {
    engine: 'postgres',
    soleProcess: false,
    location,
    query: (sql, params) => run(pool, sql, params),
    async transaction(task) {
      const client = await pool.connect().catch((error: unknown) => {
        throw translateEngineError(error);
      });
      let open = true;
      const tx: Queryable = {
        query: (sql, params) => (open ? run(client, sql, params) : Promise.reject(new Error('Transaction is closed'))),
      };
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await task(tx);
        open = false;
        const commit = await client.query('COMMIT');
        // A COMMIT after a failed statement rolls back and says only "ROLLBACK"; PGlite throws
        // there, and so do we, so the caller never takes a rolled-back transaction for done.
        if (commit.command === 'ROLLBACK')
          throw new Error('The transaction was rolled back at COMMIT: a statement in it had failed.');
        return result;
      } catch (error) {
        if (open) {
          open = false;
          await client.query('ROLLBACK').catch(() => {
            broken = true;
          });
        }
        throw translateEngineError(error);
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, callback) => listener.listen(channel, callback),
    async notify(channel, payload, via) {
      assertChannel(channel);
      await (via ?? database).query('SELECT pg_notify($1, $2)', [`${schema}.${channel}`, payload]);
    },
    close() {
      closed ??= Promise.all([listener.close(), pool.end()]).then(() => undefined);
      return closed;
    },
  };
  return database;
}

// Without values node-postgres uses the simple protocol, which also takes a script of several
// statements (migrations); it then answers one result per statement, and we answer the last's rows.
async function run<Row extends Record<string, unknown>>(
  on: pg.Pool | pg.PoolClient,
  sql: string,
  params?: readonly SqlValue[],
): Promise<readonly Row[]> {
  try {
    const result = (await (params === undefined || params.length === 0
      ? on.query(sql)
      : on.query(sql, [...params]))) as pg.QueryResult<Row> | pg.QueryResult<Row>[];
    return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
  } catch (error) {
    throw translateEngineError(error);
  }
}

// LISTEN holds a connection for as long as anyone listens, so it has one of its own, outside the
// pool. Channel names are prefixed with the schema: two sites on one database hear only their own.
// If the connection drops, it reconnects and listens again (notifications sent meanwhile are lost,
// as they are for any PostgreSQL listener; a page re-reads its state when its stream reconnects).
class ListenConnection {
  readonly #config: pg.ClientConfig;
  readonly #schema: string;
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #client: Promise<pg.Client> | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  #retry: NodeJS.Timeout | null = null;

  constructor(config: pg.ClientConfig, schema: string) {
    this.#config = config;
    this.#schema = schema;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    assertChannel(channel);
    const name = `${this.#schema}.${channel}`;
    return this.#serial(async () => {
      if (this.#closed) throw new Error('The database is closed.');
      const client = await this.#connect();
      let set = this.#listeners.get(name);
      if (set === undefined) {
        await client.query(`LISTEN ${quoteIdent(name)}`);
        set = new Set();
        this.#listeners.set(name, set);
      }
      const entry = (payload: string) => callback(payload);
      set.add(entry);
      return () =>
        this.#serial(async () => {
          const current = this.#listeners.get(name);
          if (current === undefined || !current.delete(entry) || current.size > 0) return;
          this.#listeners.delete(name);
          if (this.#client !== null && !this.#closed)
            await (await this.#client).query(`UNLISTEN ${quoteIdent(name)}`).catch(() => undefined);
        });
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry !== null) clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    if (client !== null) await (await client.catch(() => null))?.end().catch(() => undefined);
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(task);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #connect(): Promise<pg.Client> {
    this.#client ??= (async () => {
      const client = new pg.Client(this.#config);
      client.on('notification', ({ channel, payload }) => {
        for (const callback of this.#listeners.get(channel) ?? []) callback(payload ?? '');
      });
      client.on('error', () => this.#lost(client));
      client.on('end', () => this.#lost(client));
      try {
        await client.connect();
      } catch (error) {
        this.#client = null;
        throw translateEngineError(error);
      }
      return client;
    })();
    return this.#client;
  }

  #lost(client: pg.Client, delayMs = 250): void {
    void this.#client?.then(
      (current) => {
        if (current !== client || this.#closed) return;
        this.#client = null;
        this.#scheduleRelisten(delayMs);
      },
      () => undefined,
    );
  }

  #scheduleRelisten(delayMs: number): void {
    if (this.#closed || this.#listeners.size === 0) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#serial(async () => {
        const client = await this.#connect();
        for (const name of this.#listeners.keys()) await client.query(`LISTEN ${quoteIdent(name)}`);
      }).catch(() => this.#scheduleRelisten(Math.min(delayMs * 2, 5_000)));
    }, delayMs);
    this.#retry.unref();
  }
}

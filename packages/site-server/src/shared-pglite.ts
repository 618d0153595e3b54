// Every site a process serves, in one embedded PGlite cluster, a schema each, as the PostgreSQL mode
// keeps them in one database. `npm start` and the browser tests' server sets serve seven to nine
// sites in one process; an instance of PGlite costs about 45 MiB however little it holds (measured:
// seven instances sharing their compiled engine took about 340 MiB, one took about 60), so one
// instance for all of them is what keeps `npm start` small. A site started alone
// (tools/serve-one-site.ts, tools/people.ts with no server running) still gets a directory of its own.
//
// PGlite is one connection with one session, and a site's statements must see only its own schema.
// So every statement and transaction of every site goes through one queue here: before its turn
// runs, the session's search_path is set to the site's schema if the last turn left another. PGlite
// already runs one statement or transaction at a time, so the queue costs no concurrency; what it
// adds is the rule this file's users must keep: a transaction's task must not wait on anything that
// itself needs the database — another site's answer over HTTP included (the partner asks the desk
// for its record before its write's transaction, not inside it).
//
// Notifications: channels are per database, so each site's are prefixed with its schema, as on
// PostgreSQL, and a site hears only its own.
import { assertChannel, type Database, type Queryable, type SqlValue } from './database.ts';
import { openPgliteEngine, runStatement } from './pglite-database.ts';
import { quoteIdent } from './postgres-database.ts';

/** The databases of the sites one process serves. */
export interface SitesDatabases {
  /** The site's database: its own schema, created if absent. */
  forSite(site: string): Promise<Database>;
  /** Closes every site's database and the cluster. */
  close(): Promise<void>;
}

const SITE = /^[A-Za-z][A-Za-z0-9_-]{0,40}$/;

/** One PGlite cluster in `dataDir` for every site this process serves. */
export async function openSharedPglite(dataDir: string): Promise<SitesDatabases> {
  const { pg, dir, release } = await openPgliteEngine(dataDir);
  let queue: Promise<unknown> = Promise.resolve();
  let searchPath: string | null = null;
  const views = new Set<{ close(): Promise<void> }>();

  /** Runs `task` in the queue, with the session's search_path the site's schema. */
  function inTurn<T>(schema: string, task: () => Promise<T>): Promise<T> {
    const turn = queue.then(async () => {
      if (searchPath !== schema) {
        // Unset first: should the SET fail, no turn may go on believing the old path holds.
        searchPath = null;
        await pg.exec(`SET search_path TO ${quoteIdent(schema)}`);
        searchPath = schema;
      }
      return task();
    });
    queue = turn.catch(() => undefined);
    return turn;
  }

  function siteView(site: string): Database {
    const channelOf = (channel: string): string => {
      assertChannel(channel);
      return `${site.toLowerCase().replace(/[^a-z0-9]/g, '_')}__${channel}`;
    };
    const unlistens = new Set<() => Promise<void>>();
    let closed: Promise<void> | null = null;
    const open = (): void => {
      if (closed) throw new Error(`The database of ${site} is closed.`);
    };
    const view: Database = {
      engine: 'pglite',
      soleProcess: true,
      location: `${dir} (schema ${site})`,
      async query<Row extends Record<string, unknown>>(sql: string, params?: readonly SqlValue[]) {
        open();
        return inTurn(site, () => runStatement<Row>(pg, sql, params));
      },
      async transaction<T>(task: (tx: Queryable) => Promise<T>) {
        open();
        return inTurn(site, () =>
          pg.transaction((tx) => task({ query: (sql, params) => runStatement(tx, sql, params) })),
        );
      },
      async listen(channel, listener) {
        open();
        const unlisten = await pg.listen(channelOf(channel), listener);
        unlistens.add(unlisten);
        return async () => {
          if (unlistens.delete(unlisten)) await unlisten();
        };
      },
      async notify(channel, payload, via) {
        await (via ?? view).query('SELECT pg_notify($1, $2)', [channelOf(channel), payload]);
      },
      close() {
        closed ??= (async () => {
          await Promise.all([...unlistens].map((unlisten) => unlisten()));
          unlistens.clear();
          views.delete(view);
        })();
        return closed;
      },
    };
    return view;
  }

  let ended: Promise<void> | null = null;
  return {
    async forSite(site) {
      if (!SITE.test(site))
        throw new Error(`A site name is a letter then letters, digits, _ or -; got ${JSON.stringify(site)}.`);
      if (ended) throw new Error('These databases are closed.');
      await inTurn(site, () => pg.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(site)}`));
      const view = siteView(site);
      views.add(view);
      return view;
    },
    close() {
      ended ??= (async () => {
        await Promise.all([...views].map((view) => view.close()));
        await queue;
        await pg.close();
        await release();
      })();
      return ended;
    },
  };
}

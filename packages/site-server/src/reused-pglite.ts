// For tests only: PGlite databases that start empty for every test but are not booted for every
// test. Opening PGlite costs about a second on a loaded 2-core machine (a copy of the template and
// the engine's own start), more than most server tests take; an app's server test file opens one
// per test. So an opener made here keeps the PGlite instances its file's tests have closed, and
// hands one back to the next test emptied: every schema dropped (the server's migrations then run
// from nothing, as on a new site), the session's settings, advisory locks and LISTENs let go, and
// every listener the last test registered removed. A test that holds two databases at once gets two
// instances. Instances live as long as the test file's worker (Vitest gives each file its own).
// site-server's own database and migration tests use it too: an emptied instance is the engine as a
// fresh one is, for all they check; opening a directory (fresh, again, in use) is tested on its own
// in database.test.ts and pglite-template.test.ts.
import { join } from 'node:path';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';

// Every schema but PostgreSQL's own, dropped; then an empty `public`, as initdb leaves it.
const EMPTY_IT = `
DO $$
DECLARE name text;
BEGIN
  FOR name IN SELECT nspname FROM pg_namespace
    WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
  LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', name);
  END LOOP;
END $$;
CREATE SCHEMA public;
RESET ALL;
UNLISTEN *;
SELECT pg_advisory_unlock_all();`;

/**
 * An opener of empty PGlite databases under `pgliteRoot` that reuses the instances earlier tests
 * closed. `freshName` names the directory of an instance it has to boot.
 */
export function reusedPglite(pgliteRoot: string, freshName: () => string): () => Promise<Database> {
  const idle: Database[] = [];
  return async () => {
    const engine = idle.pop() ?? (await openPgliteDatabase({ dataDir: join(pgliteRoot, freshName()) }));
    await engine.query(EMPTY_IT);
    return lentOut(engine, () => idle.push(engine));
  };
}

/** The engine as one test sees it: closing it gives it back (its listeners removed), and ends this view. */
function lentOut(engine: Database, giveBack: () => void): Database {
  const unlistens = new Set<() => Promise<void>>();
  let closed: Promise<void> | null = null;
  const open = (): void => {
    if (closed) throw new Error('This database is closed.');
  };
  const view: Database = {
    engine: engine.engine,
    location: engine.location,
    soleProcess: engine.soleProcess,
    query: async (sql, params) => {
      open();
      return engine.query(sql, params);
    },
    transaction: async (task) => {
      open();
      return engine.transaction(task);
    },
    async listen(channel, listener) {
      open();
      const unlisten = await engine.listen(channel, listener);
      unlistens.add(unlisten);
      return async () => {
        if (unlistens.delete(unlisten)) await unlisten();
      };
    },
    notify: async (channel, payload, via) => {
      open();
      return engine.notify(channel, payload, via);
    },
    close() {
      closed ??= (async () => {
        await Promise.all([...unlistens].map((unlisten) => unlisten()));
        unlistens.clear();
        giveBack();
      })();
      return closed;
    },
  };
  return view;
}

// For tests only: the two storage engines a server test runs on, each opening a database no other
// test has used — PGlite in a fresh directory under `pgliteRoot`, PostgreSQL in a fresh schema at
// `postgresUrl` (in this repository, what tools/postgres/vitest-global-setup.ts provides).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { reusedPglite } from './reused-pglite.ts';

/** A name no other test uses, for a directory or a schema. */
export const freshName = (): string => `t_${randomUUID().slice(0, 8)}`;

/** For `describe.each(Object.entries(testEngines(…)))`: each engine's opener. */
export function testEngines(
  pgliteRoot: string,
  postgresUrl: string,
): Readonly<Record<'pglite' | 'postgres', () => Promise<Database>>> {
  return {
    pglite: () => openPgliteDatabase({ dataDir: join(pgliteRoot, freshName()) }),
    postgres: () => openPostgresDatabase({ url: postgresUrl, schema: freshName() }),
  };
}

type Engine = 'pglite' | 'postgres';

/**
 * For an app's server test that opens its PGlite databases itself (several per test: the desk's and
 * its partners'): each one empty, on an instance the file's earlier tests closed when there is one
 * (./reused-pglite.ts says why). Call it once per file and use the opener it gives in every test.
 */
export function reusedTestPglite(pgliteRoot: string): () => Promise<Database> {
  return reusedPglite(pgliteRoot, freshName);
}

/**
 * For `describe.each(appTestEngines(…, it, [titles]))('… on %s', (_engine, open, it) => …)`: the
 * engines an app's server test runs on. site-server's own database and migration tests run on both
 * engines and prove they agree on what a server relies on; an app's server tests run on PGlite
 * (an empty database for every test, on a PGlite instance its file's earlier tests closed: see
 * ./reused-pglite.ts), and on PostgreSQL only the tests named in `onPostgres` (one per site
 * server: its main write path end to end). Each row hands the describe its own `it`; PostgreSQL's registers only the tests
 * named, and one more that fails when a name matches no test (renamed, so it would silently go).
 */
export function appTestEngines<It extends (title: string, ...rest: never[]) => unknown>(
  pgliteRoot: string,
  postgresUrl: string,
  it: It,
  onPostgres: readonly string[] = [],
): Array<[Engine, () => Promise<Database>, It]> {
  const engines = testEngines(pgliteRoot, postgresUrl);
  const rows: Array<[Engine, () => Promise<Database>, It]> = [['pglite', reusedTestPglite(pgliteRoot), it]];
  if (onPostgres.length === 0) return rows;
  const registered = new Set<string>();
  let checkRegistered = false;
  const onlyNamed = (title: string, ...rest: never[]): unknown => {
    if (!checkRegistered) {
      checkRegistered = true;
      // Runs after the whole file is collected, so every test the describe names is known by then.
      it('runs on PostgreSQL every test it names', (() => {
        const missing = onPostgres.filter((name) => !registered.has(name));
        if (missing.length > 0)
          throw new Error(`No test is named ${missing.map((name) => JSON.stringify(name)).join(', ')}.`);
      }) as never);
    }
    if (!onPostgres.includes(title)) return undefined;
    registered.add(title);
    return it(title, ...rest);
  };
  rows.push(['postgres', engines.postgres, onlyNamed as unknown as It]);
  return rows;
}

export { rawRequest, type RawRequest, type RawAnswer } from './raw-request.ts';
export { startServerChild, type ServerChild } from './server-child.ts';

// For tests only: the two storage engines a server test runs on, each opening a database no other
// test has used — PGlite in a fresh directory under `pgliteRoot`, PostgreSQL in a fresh schema at
// `postgresUrl` (in this repository, what tools/postgres/vitest-global-setup.ts provides).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

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

export { rawRequest, type RawRequest, type RawAnswer } from './raw-request.ts';

// Vitest global setup: one real PostgreSQL cluster for the whole run (the site-server tests run
// their suite against it as well as against PGlite), and one folder for the PGlite data
// directories of every test file, in which the PGlite template (one initdb) is made here, once,
// while PostgreSQL starts. No PostgreSQL installed: the run fails with the one line that fixes it,
// never a silently skipped engine.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPgliteDatabase } from '../../packages/site-server/src/pglite-database.ts';
import { startTestCluster } from './test-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the run's own PostgreSQL cluster. */
    postgresUrl: string;
    /** A folder for PGlite data directories, its template already made. */
    pgliteRoot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pgliteRoot = await mkdtemp(join(tmpdir(), 'warrant-pglite-'));
  const warm = openPgliteDatabase({ dataDir: join(pgliteRoot, 'warm-up') }).then((db) => db.close());
  const [started, warmed] = await Promise.allSettled([startTestCluster(), warm]);
  if (started.status === 'rejected' || warmed.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop();
    await rm(pgliteRoot, { recursive: true, force: true });
    throw started.status === 'rejected' ? started.reason : (warmed as PromiseRejectedResult).reason;
  }
  const cluster = started.value;
  project.provide('postgresUrl', cluster.url);
  project.provide('pgliteRoot', pgliteRoot);
  return async () => {
    await cluster.stop();
    await rm(pgliteRoot, { recursive: true, force: true });
  };
}

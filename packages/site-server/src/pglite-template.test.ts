import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPgliteDatabase, PGLITE_SHARED_BUFFERS, templateDirFor } from './pglite-database.ts';

// `npm start` and each browser test's set of servers open every site's database at once, in one
// process. On a first start no template exists yet: the sites must share one initdb (about 9 s
// each on a loaded 2-core machine, and PGlite runs them one at a time on the process's one
// thread), not each run their own and throw all but one away. And they share one compiled engine,
// each with a small buffer pool, which is what keeps `npm start`'s memory and start time down.

describe('the PGlite template', () => {
  const made: string[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it(
    'is made once when a process opens several new sites beside one another at once',
    { timeout: 180_000 },
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'warrant-template-'));
      made.push(root);
      const create = vi.spyOn(PGlite, 'create');
      const sites = ['desk', 'pantry', 'shelter'];
      const dbs = await Promise.all(sites.map((site) => openPgliteDatabase({ dataDir: join(root, site) })));
      try {
        const initdbs = create.mock.calls.filter(([dir]) => String(dir).includes('.template-pglite-'));
        expect(initdbs).toHaveLength(1);
        // Every site is its own cluster, copied from the one template, which is left for later sites.
        for (const db of dbs) expect((await db.query<{ n: number }>('SELECT 1 AS n'))[0]?.n).toBe(1);
        expect((await readdir(root)).sort()).toEqual(
          [...sites, templateDirFor(join(root, 'any')).slice(root.length + 1)].sort(),
        );
        // One compiled engine for every site of the process, each with the small buffer pool.
        const siteDirs = sites.map((site) => join(root, site));
        const opened = create.mock.calls.filter(
          ([options]) => typeof options === 'object' && siteDirs.includes(String((options as PGliteOptions).dataDir)),
        );
        expect(opened).toHaveLength(sites.length);
        const engines = new Set(opened.map(([options]) => (options as PGliteOptions).pgliteWasmModule));
        expect(engines.size).toBe(1);
        expect([...engines][0]).toBeInstanceOf(WebAssembly.Module);
        for (const db of dbs)
          expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
      } finally {
        await Promise.all(dbs.map((db) => db.close()));
      }
    },
  );
});

// Migrations on both engines: in order, once, each in its own transaction; and on PostgreSQL,
// once even when two server processes start at the same moment.
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Database } from './database.ts';
import { migrate, MigrationError } from './migrations.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { reusedTestPglite } from './testing.ts';

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});
const track = (db: Database) => (opened.push(db), db);
const fresh = () => `t_${randomUUID().slice(0, 8)}`;

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'warrant-migrations-'));
  for (const [name, sql] of Object.entries(files)) await writeFile(join(dir, name), sql);
  return dir;
}

// Plain CREATE TABLE (no IF NOT EXISTS): running a migration twice would fail loudly.
const TWO = {
  '001-stock.sql':
    "CREATE TABLE stock (item text PRIMARY KEY, count int4 NOT NULL);\nINSERT INTO stock VALUES ('parcel', 3);",
  '002-holds.sql': 'CREATE TABLE holds (id text PRIMARY KEY, item text NOT NULL REFERENCES stock(item));',
  'README.md': 'not a migration',
};

// On PGlite, each test's database empty on an instance an earlier test closed (./reused-pglite.ts):
// migrations start from nothing as on a fresh copy of the template, without its copy and boot.
const reusedPglite = reusedTestPglite(inject('pgliteRoot'));
const engines = {
  pglite: async () => track(await reusedPglite()),
  postgres: async () => track(await openPostgresDatabase({ url: inject('postgresUrl'), schema: fresh() })),
} as const;

describe.each(Object.entries(engines))('migrate on %s', (_engine, open) => {
  it('applies the files in order, once, and records them', async () => {
    const db = await open();
    const dir = await folder(TWO);
    expect(await migrate(db, dir)).toEqual(['001-stock.sql', '002-holds.sql']);
    expect(await migrate(db, dir)).toEqual([]);
    expect(await db.query('SELECT version, name FROM schema_migrations ORDER BY version')).toEqual([
      { version: 1, name: '001-stock.sql' },
      { version: 2, name: '002-holds.sql' },
    ]);
    expect(await db.query('SELECT * FROM stock')).toEqual([{ item: 'parcel', count: 3 }]);
  });

  it('leaves nothing of a migration that fails, and records it not', async () => {
    const db = await open();
    const dir = await folder({ ...TWO, '003-broken.sql': 'CREATE TABLE half (x int4);\nSELECT no_such_function();' });
    await expect(migrate(db, dir)).rejects.toThrow('no_such_function');
    expect(await db.query("SELECT count(*) AS n FROM pg_tables WHERE tablename = 'half'")).toEqual([{ n: 0 }]);
    expect(await db.query('SELECT max(version) AS v FROM schema_migrations')).toEqual([{ v: 2 }]);
  });

  it('refuses a migration edited after it ran, and a misnamed file', async () => {
    const db = await open();
    await migrate(db, await folder(TWO));
    await expect(
      migrate(db, await folder({ ...TWO, '002-holds.sql': 'CREATE TABLE holds (id text);' })),
    ).rejects.toThrow(MigrationError);
    await expect(migrate(db, await folder({ '1-short.sql': 'SELECT 1' }))).rejects.toThrow('NNN-name.sql');
  });
});

describe('migrate on PostgreSQL from two processes at once', () => {
  it('applies each migration exactly once', async () => {
    const schema = fresh();
    const url = inject('postgresUrl');
    const dir = await folder(TWO);
    const [a, b] = await Promise.all([
      openPostgresDatabase({ url, schema }),
      openPostgresDatabase({ url, schema }),
    ]).then((dbs) => dbs.map(track));
    const [fromA, fromB] = await Promise.all([migrate(a!, dir), migrate(b!, dir)]);
    expect([...fromA!, ...fromB!].sort()).toEqual(['001-stock.sql', '002-holds.sql']);
    expect(await a!.query('SELECT count(*) AS n FROM schema_migrations')).toEqual([{ n: 2 }]);
  });
});

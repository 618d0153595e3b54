// One suite, both engines: what a site server relies on must hold on PGlite and on a real
// PostgreSQL alike (the cluster is the run's own, started by tools/postgres/vitest-global-setup.ts).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { UniqueViolation, type Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { openSharedPglite, type SitesDatabases } from './shared-pglite.ts';
import { reusedTestPglite } from './testing.ts';

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});
const track = (db: Database) => (opened.push(db), db);
const fresh = () => `t_${randomUUID().slice(0, 8)}`;

// The engine contract on PGlite: each test's database empty, on an instance an earlier test closed
// (./reused-pglite.ts; a fresh copy and boot of the template took most of each test's time). Opening
// a directory itself, fresh or again, is tested below ("PGlite: one directory per site").
const reusedPglite = reusedTestPglite(inject('pgliteRoot'));
// And on a schema of one cluster every site of a process shares (npm start's: ./shared-pglite.ts),
// a site of its own for each test.
let sharedCluster: Promise<SitesDatabases> | null = null;
const sharedSite = async () => {
  sharedCluster ??= openSharedPglite(join(inject('pgliteRoot'), `shared-${fresh()}`));
  return track(await (await sharedCluster).forSite(fresh()));
};
afterAll(async () => {
  await (await sharedCluster)?.close();
});
const engines = {
  pglite: async () => track(await reusedPglite()),
  'pglite, one schema of a cluster shared by sites': sharedSite,
  postgres: async () => track(await openPostgresDatabase({ url: inject('postgresUrl'), schema: fresh() })),
} as const;

const until = async (check: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.each(Object.entries(engines))('Database on %s', (engine, open) => {
  it('runs a statement with parameters and answers rows of the same types on both engines', async () => {
    const db = await open();
    expect(db.engine).toBe(engine.split(',')[0]);
    await db.query(
      'CREATE TABLE things (id int4 PRIMARY KEY, name text, ok boolean, doc jsonb, blob bytea, at timestamptz, gone text)',
    );
    await db.query('INSERT INTO things VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      7,
      'seven',
      true,
      JSON.stringify({ a: [1, 2] }),
      new Uint8Array([1, 2, 255]),
      '2026-01-02T03:04:05Z',
      null,
    ]);
    const [row] = await db.query('SELECT * FROM things WHERE id = $1', [7]);
    expect({ ...row, blob: Array.from(row?.blob as Uint8Array) }).toEqual({
      id: 7,
      name: 'seven',
      ok: true,
      doc: { a: [1, 2] },
      blob: [1, 2, 255],
      at: new Date('2026-01-02T03:04:05Z'),
      gone: null,
    });
    // count(*) is int8: a number on both engines (node-postgres would answer a string by default).
    expect(await db.query('SELECT count(*) AS n, 9007199254740993::int8 AS big FROM things')).toEqual([
      { n: 1, big: 9007199254740993n },
    ]);
    // Without parameters a script runs and answers its last statement's rows.
    expect(await db.query('INSERT INTO things (id) VALUES (8); SELECT id FROM things ORDER BY id')).toEqual([
      { id: 7 },
      { id: 8 },
    ]);
  });

  it('commits a transaction, and rolls it back when the task throws, passing the error on', async () => {
    const db = await open();
    await db.query('CREATE TABLE t (k text PRIMARY KEY)');
    const answer = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES ($1)', ['kept']);
      return 42;
    });
    expect(answer).toBe(42);
    const failure = new Error('the task failed');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES ($1)', ['dropped']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await db.query('SELECT k FROM t')).toEqual([{ k: 'kept' }]);
  });

  it('refuses to commit a transaction in which a statement failed, even if the task caught it', async () => {
    const db = await open();
    await db.query('CREATE TABLE t (k text PRIMARY KEY)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES ($1)', ['a']);
        await tx.query('INSERT INTO t VALUES ($1)', ['a']).catch(() => undefined);
      }),
    ).rejects.toThrow();
    expect(await db.query('SELECT k FROM t')).toEqual([]);
  });

  it('never lets a query from outside see or join a running transaction', async () => {
    const db = await open();
    await db.query('CREATE TABLE t (k text PRIMARY KEY)');
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
    const tx = db.transaction(async (q) => {
      await q.query('INSERT INTO t VALUES ($1)', ['uncommitted']);
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 150));
      throw new Error('roll back');
    });
    await insertedSignal;
    // On PGlite this waits for the transaction to end; on PostgreSQL it runs beside it (MVCC).
    // Either way it must not see the row, nor be rolled back with it.
    const outside = db.query('SELECT count(*) AS n FROM t WHERE k = $1', ['uncommitted']);
    const write = db.query('INSERT INTO t VALUES ($1)', ['outside']);
    await expect(tx).rejects.toThrow('roll back');
    expect(await outside).toEqual([{ n: 0 }]);
    await write;
    expect(await db.query('SELECT k FROM t')).toEqual([{ k: 'outside' }]);
  });

  it('gives exactly one row for 50 concurrent inserts of one key; the others get UniqueViolation', async () => {
    const db = await open();
    await db.query('CREATE TABLE effects (key text CONSTRAINT effects_key UNIQUE, n int4)');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, n) =>
        db.transaction((tx) => tx.query('INSERT INTO effects VALUES ($1, $2)', ['one-key', n])),
      ),
    );
    const failures = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => r.reason as unknown);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(failures).toHaveLength(49);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(UniqueViolation);
      expect((failure as UniqueViolation).constraint).toBe('effects_key');
    }
    expect(await db.query('SELECT count(*) AS n FROM effects')).toEqual([{ n: 1 }]);
    await expect(db.query('INSERT INTO effects VALUES ($1, 0)', ['one-key'])).rejects.toBeInstanceOf(UniqueViolation);
  });

  it('delivers a NOTIFY to listeners, after the sending transaction commits, never after a rollback', async () => {
    const db = await open();
    const heard: string[] = [];
    const stop = await db.listen('changes', (payload) => heard.push(payload));
    await db.notify('changes', 'plain');
    await until(() => heard.length === 1);
    await db.transaction(async (tx) => {
      await db.notify('changes', 'in-transaction', tx);
      expect(heard).toEqual(['plain']);
    });
    await until(() => heard.length === 2);
    await db
      .transaction(async (tx) => {
        await db.notify('changes', 'rolled-back', tx);
        throw new Error('no');
      })
      .catch(() => undefined);
    await stop();
    await db.notify('changes', 'after-unlisten');
    await db.query('SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['plain', 'in-transaction']);
  });

  it('refuses a channel that is not a plain identifier', async () => {
    const db = await open();
    await expect(db.listen('a; DROP TABLE x', () => undefined)).rejects.toThrow('lower-case identifier');
    await expect(db.notify('Bad-Name', 'x')).rejects.toThrow('lower-case identifier');
  });
});

describe('PostgreSQL: several processes, several sites, one database', () => {
  it('two Database instances on one schema (two server processes) both hear a NOTIFY sent by one', async () => {
    const schema = fresh();
    const [a, b] = await Promise.all(
      [0, 1].map(async () => track(await openPostgresDatabase({ url: inject('postgresUrl'), schema }))),
    );
    const heardA: string[] = [];
    const heardB: string[] = [];
    await a!.listen('ledger', (p) => heardA.push(p));
    await b!.listen('ledger', (p) => heardB.push(p));
    await a!.notify('ledger', 'from-a');
    await b!.transaction(async (tx) => b!.notify('ledger', 'from-b', tx));
    await until(() => heardA.length === 2 && heardB.length === 2);
    expect(heardA.sort()).toEqual(['from-a', 'from-b']);
    expect(heardB.sort()).toEqual(['from-a', 'from-b']);
  });

  it('keeps sites apart by schema: tables and notifications', async () => {
    const url = inject('postgresUrl');
    const pantry = track(await openPostgresDatabase({ url, schema: fresh() }));
    const shelter = track(await openPostgresDatabase({ url, schema: fresh() }));
    await pantry.query('CREATE TABLE stock (item text)');
    await shelter.query('CREATE TABLE stock (item text)');
    await pantry.query("INSERT INTO stock VALUES ('parcel')");
    expect(await shelter.query('SELECT * FROM stock')).toEqual([]);
    expect(await pantry.query('SELECT * FROM stock')).toEqual([{ item: 'parcel' }]);
    const heardByShelter: string[] = [];
    const heardByPantry: string[] = [];
    await shelter.listen('changes', (p) => heardByShelter.push(p));
    await pantry.listen('changes', (p) => heardByPantry.push(p));
    await pantry.notify('changes', 'pantry-only');
    await until(() => heardByPantry.length === 1);
    await shelter.query('SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardByShelter).toEqual([]);
    expect(pantry.location).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres \(schema t_/);
  });
});

describe('PGlite: one directory per site', () => {
  it('keeps its data across close and reopen, and refuses a second open of a directory in use', async () => {
    const dataDir = join(inject('pgliteRoot'), fresh());
    const first = await openPgliteDatabase({ dataDir });
    await first.query('CREATE TABLE kept (v text)');
    await first.query("INSERT INTO kept VALUES ('survives')");
    await expect(openPgliteDatabase({ dataDir })).rejects.toThrow('already open in this process');
    await first.close();
    const again = track(await openPgliteDatabase({ dataDir }));
    expect(again.location).toBe(dataDir);
    expect(await again.query('SELECT v FROM kept')).toEqual([{ v: 'survives' }]);
  });
});

describe('PGlite: every site a process serves in one cluster, a schema each', () => {
  const within = async (
    run: (sites: SitesDatabases) => Promise<void>,
    dataDir = join(inject('pgliteRoot'), fresh()),
  ) => {
    const sites = await openSharedPglite(dataDir);
    try {
      await run(sites);
    } finally {
      await sites.close();
    }
  };

  it('keeps sites apart: tables, rows written at once by both, and notifications', async () => {
    await within(async (sites) => {
      const pantry = await sites.forSite('pantry');
      const shelter = await sites.forSite('shelter');
      await pantry.query('CREATE TABLE stock (item text, n int4)');
      await shelter.query('CREATE TABLE stock (item text, n int4)');
      // Forty writes at once, the two sites' statements and transactions interleaved: each lands in
      // its own site's table, whichever site's turn came before it.
      await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          n % 2 === 0
            ? pantry.query('INSERT INTO stock VALUES ($1, $2)', ['parcel', n])
            : shelter.transaction(async (tx) => {
                await tx.query('INSERT INTO stock VALUES ($1, $2)', ['bed', n]);
                await tx.query('INSERT INTO stock VALUES ($1, $2)', ['bed', n + 100]);
              }),
        ),
      );
      expect(await pantry.query('SELECT DISTINCT item, count(*)::int4 AS n FROM stock GROUP BY item')).toEqual([
        { item: 'parcel', n: 20 },
      ]);
      expect(await shelter.query('SELECT DISTINCT item, count(*)::int4 AS n FROM stock GROUP BY item')).toEqual([
        { item: 'bed', n: 40 },
      ]);
      const heardByShelter: string[] = [];
      const heardByPantry: string[] = [];
      await shelter.listen('changes', (p) => heardByShelter.push(p));
      await pantry.listen('changes', (p) => heardByPantry.push(p));
      await pantry.notify('changes', 'pantry-only');
      await shelter.transaction(async (tx) => shelter.notify('changes', 'shelter-only', tx));
      await until(() => heardByPantry.length === 1 && heardByShelter.length === 1);
      await shelter.query('SELECT 1');
      await pantry.query('SELECT 1');
      expect(heardByPantry).toEqual(['pantry-only']);
      expect(heardByShelter).toEqual(['shelter-only']);
      expect(pantry.location).toMatch(/ \(schema pantry\)$/);
    });
  });

  it('a site closed and opened again (its server restarted) finds its data, the others working on', async () => {
    await within(async (sites) => {
      const desk = await sites.forSite('desk');
      const pantry = await sites.forSite('pantry');
      await desk.query("CREATE TABLE kept AS SELECT 'desk' AS v");
      await pantry.query("CREATE TABLE kept AS SELECT 'pantry' AS v");
      await desk.close();
      await expect(desk.query('SELECT 1')).rejects.toThrow('closed');
      expect(await pantry.query('SELECT v FROM kept')).toEqual([{ v: 'pantry' }]);
      const again = await sites.forSite('desk');
      expect(await again.query('SELECT v FROM kept')).toEqual([{ v: 'desk' }]);
    });
  });

  it('keeps every site across a restart of the process, and refuses a second open of the cluster in use', async () => {
    const dataDir = join(inject('pgliteRoot'), fresh());
    await within(async (sites) => {
      await (await sites.forSite('desk')).query("CREATE TABLE kept AS SELECT 'survives' AS v");
      await expect(openSharedPglite(dataDir)).rejects.toThrow('already open in this process');
    }, dataDir);
    await within(async (sites) => {
      expect(await (await sites.forSite('desk')).query('SELECT v FROM kept')).toEqual([{ v: 'survives' }]);
      expect(await (await sites.forSite('pantry')).query("SELECT to_regclass('kept') AS t")).toEqual([{ t: null }]);
    }, dataDir);
  });
});

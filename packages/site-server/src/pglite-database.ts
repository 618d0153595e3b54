// The embedded engine: PGlite (PostgreSQL compiled to WebAssembly) in this process, one data
// directory per site. It is the default, so `npm start` needs nothing installed.
//
// PGlite is one connection. Its own `query`, `exec` and `transaction` all run under one mutex
// (read in @electric-sql/pglite 0.5.16: each goes through `_runExclusiveTransaction`), so a
// statement from outside waits until a running transaction has committed or rolled back and
// never lands inside it; the tests check that. We therefore use PGlite's API as it is, adding no
// queue of our own. The one trap this leaves: calling the database (not the `tx`) from inside a
// transaction's task waits for that transaction to end, which it never does.
//
// A new data directory costs an initdb (about 9 s on a loaded 2-core machine, measured). We run it
// once, into a template directory beside the site directories, and copy the template for every
// later new site (about 1 s); sites opened at once in one process wait for that one initdb.
// PGlite's supported alternative, `loadDataDir` from a `dumpDataDir()` tarball, measured no faster
// (1.2 s against 1.0 s) and holds the 40 MB tarball in memory; a copy of a cleanly closed cluster
// is what PostgreSQL itself documents as a file-system backup. Both the template and a new site
// directory are built under a temporary name and renamed into place, so a crash half-way leaves
// nothing that looks finished.
//
// Every instance in a process shares one compiled engine (`pgliteWasmModule`) and one copy of its
// file bundle: compiling the 9 MB module is most of an open's cost, and each instance compiled its
// own (measured on a loaded 2-core machine: 8.5 s an open alone, 2.6 s with the module shared).
// And each runs with 8 MB of shared buffers instead of PostgreSQL's 128 MB: a site's data is a few
// megabytes, the file system caches what the buffers do not hold, and seven instances then take
// about 440 MiB instead of about 1.1 GiB (measured the same way, seven opened in one process).
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { cp, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { assertChannel, translateEngineError, type Database, type SqlValue } from './database.ts';

export interface PgliteDatabaseOptions {
  /** This site's data directory: created on first open (from the template), reused after. */
  readonly dataDir: string;
}

/** PGlite's version: a template is only ever copied into sites of the same version. */
export const PGLITE_VERSION: string = readPgliteVersion();

// The package does not export its package.json, so it is read beside the resolved entry (dist/).
function readPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    name?: string;
    version?: string;
  };
  if (manifest.name !== '@electric-sql/pglite' || typeof manifest.version !== 'string')
    throw new Error(`No @electric-sql/pglite package.json beside ${entry}.`);
  return manifest.version;
}

/** Where the template for sites beside `dataDir` lives. */
export function templateDirFor(dataDir: string): string {
  return join(dirname(resolve(dataDir)), `.template-pglite-${PGLITE_VERSION}`);
}

/** A data directory that cannot be used: its message says why in one sentence. */
export class DataDirUnusable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DataDirUnusable';
  }
}

export async function openPgliteDatabase({ dataDir }: PgliteDatabaseOptions): Promise<Database> {
  const { pg, dir, release } = await openPgliteEngine(dataDir);
  return pgliteDatabase(pg, dir, release);
}

/** An opened PGlite cluster in `dataDir` (made from the template if new), locked to this process. */
export interface PgliteEngine {
  readonly pg: PGlite;
  readonly dir: string;
  /** Lets the directory go (after the engine is closed). */
  release(): Promise<void>;
}

export async function openPgliteEngine(dataDir: string): Promise<PgliteEngine> {
  const dir = resolve(dataDir);
  if ((await clusterState(dir)) === 'absent') await createFromTemplate(dir);
  const release = await lockDataDir(dir);
  try {
    return { pg: await PGlite.create({ dataDir: dir, ...(await sharedEngineParts()) }), dir, release };
  } catch (error) {
    await release();
    throw new DataDirUnusable(`PGlite could not open it (${firstLine(error)})`, { cause: error });
  }
}

/** How much of PostgreSQL's shared buffer pool each instance keeps (see the top of this file). */
export const PGLITE_SHARED_BUFFERS = '8MB';

interface EngineParts {
  readonly pgliteWasmModule: WebAssembly.Module;
  readonly fsBundle: Blob;
  readonly startParams: string[];
}

let engineParts: Promise<EngineParts> | null = null;

/** The compiled engine, its file bundle and its start parameters, made once per process. */
function sharedEngineParts(): Promise<EngineParts> {
  engineParts ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([
      readFile(join(dist, 'pglite.wasm')),
      readFile(join(dist, 'pglite.data')),
    ]);
    // PGlite's own parameters (single-user mode, no parallel workers …) are kept; ours are added.
    const defaults = (PGlite as unknown as { defaultStartParams?: unknown }).defaultStartParams;
    if (!Array.isArray(defaults) || !defaults.every((item) => typeof item === 'string'))
      throw new Error(`@electric-sql/pglite ${PGLITE_VERSION} has no PGlite.defaultStartParams to add to.`);
    return {
      pgliteWasmModule: await WebAssembly.compile(wasm),
      fsBundle: new Blob([bundle]),
      startParams: [...defaults, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    };
  })();
  engineParts.catch(() => (engineParts = null));
  return engineParts;
}

function pgliteDatabase(pg: PGlite, dir: string, releaseLock: () => Promise<void>): Database {
  let closed: Promise<void> | null = null;
  const database: Database = {
    engine: 'pglite',
    soleProcess: true,
    location: dir,
    query: (sql, params) => runStatement(pg, sql, params),
    transaction: (task) =>
      pg
        .transaction((tx) => task({ query: (sql, params) => runStatement(tx, sql, params) }))
        .catch((error: unknown) => {
          throw translateEngineError(error);
        }),
    async listen(channel, listener) {
      assertChannel(channel);
      const unlisten = await pg.listen(channel, listener);
      return () => unlisten();
    },
    async notify(channel, payload, via) {
      assertChannel(channel);
      await (via ?? database).query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close() {
      closed ??= pg.close().finally(releaseLock);
      return closed;
    },
  };
  return database;
}

// With parameters: one statement, extended protocol. Without: PGlite's `exec` (the simple
// protocol), which also takes a script of several statements and answers the last one's rows,
// as node-postgres does for a query without values; migrations rely on it.
export async function runStatement<Row extends Record<string, unknown>>(
  on: PGlite | Transaction,
  sql: string,
  params?: readonly SqlValue[],
): Promise<readonly Row[]> {
  try {
    if (params === undefined || params.length === 0) {
      const results = await on.exec(sql);
      return (results.at(-1)?.rows ?? []) as Row[];
    }
    return (await on.query<Row>(sql, [...params])).rows;
  } catch (error) {
    throw translateEngineError(error);
  }
}

type ClusterState = 'absent' | 'cluster';

// A directory that does not exist or is empty becomes a new site; one with PG_VERSION is a
// cluster; anything else is somebody else's folder, never written over.
async function clusterState(dir: string): Promise<ClusterState> {
  let entries: string[];
  try {
    const info = await stat(dir);
    if (!info.isDirectory()) throw new DataDirUnusable('it is a file, not a directory');
    entries = await readdir(dir);
  } catch (error) {
    if (error instanceof DataDirUnusable) throw error;
    if (isCode(error, 'ENOENT')) return 'absent';
    throw new DataDirUnusable(`it cannot be read (${firstLine(error)})`, { cause: error });
  }
  if (entries.length === 0) return 'absent';
  if (entries.includes('PG_VERSION')) return 'cluster';
  throw new DataDirUnusable('it is not empty and holds no PGlite database (no PG_VERSION)');
}

async function createFromTemplate(dir: string): Promise<void> {
  const template = await ensureTemplate(templateDirFor(dir));
  const staging = stagingName(dir);
  try {
    await cp(template, staging, { recursive: true, errorOnExist: true, force: false });
    await rename(staging, dir); // replaces an empty directory someone made beforehand (POSIX rename)
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (isCode(error, 'ENOTEMPTY') || isCode(error, 'EEXIST')) return; // another process created it first
    throw new DataDirUnusable(`it could not be created (${firstLine(error)})`, { cause: error });
  }
}

/**
 * The templates this process is making now, by directory. A process that opens several new sites at
 * once (serve-all on a first start) waits for one initdb, rather than each site running its own on
 * PGlite's one thread and throwing all but the first away. Across processes the rename decides.
 */
const templatesBeingMade = new Map<string, Promise<string>>();

/** Answers the template directory, running initdb into it first if there is none yet. */
async function ensureTemplate(template: string): Promise<string> {
  if ((await clusterState(template).catch(() => 'absent')) === 'cluster') return template;
  const underway = templatesBeingMade.get(template);
  if (underway) return underway;
  const making = makeTemplate(template).finally(() => templatesBeingMade.delete(template));
  templatesBeingMade.set(template, making);
  return making;
}

async function makeTemplate(template: string): Promise<string> {
  const staging = stagingName(template);
  try {
    await mkdir(dirname(template), { recursive: true });
    const pg = await PGlite.create(staging);
    await pg.close();
    await rename(staging, template);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (isCode(error, 'ENOTEMPTY') || isCode(error, 'EEXIST')) return template; // another process made it first
    throw new DataDirUnusable(`its template ${template} could not be created (${firstLine(error)})`, { cause: error });
  }
  return template;
}

function stagingName(dir: string): string {
  return join(dirname(dir), `.${basename(dir)}.creating-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
}

// Two PGlite instances on one directory (two processes, or one process twice) corrupt it, and
// PGlite does not guard against that, so the directory holds a lock file with the owner's pid.
// A lock left by a process that is gone (kill -9) is taken over.
const LOCK_FILE = 'warrant.lock';
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(path).catch(() => undefined);
    } catch (error) {
      if (!isCode(error, 'EEXIST'))
        throw new DataDirUnusable(`it is not writable (${firstLine(error)})`, { cause: error });
      const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DataDirUnusable(
          owner === process.pid ? 'it is already open in this process' : `it is in use by process ${owner}`,
        );
      }
      await unlink(path).catch(() => undefined);
    }
  }
  throw new DataDirUnusable('its lock file could not be taken');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isCode(error, 'EPERM');
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

// Which engine a site gets, from its settings, and the one line a person reads when a setting does
// not give a usable database. WARRANT_DATABASE_URL set: PostgreSQL, the site's schema named after
// the site. Unset: PGlite in <WARRANT_DATA_DIR>/<site> for a site served alone, or, for the sites
// one process serves together, one PGlite in <WARRANT_DATA_DIR>/all-sites with a schema per site;
// WARRANT_DATA_DIR defaulting to data/ at the repository root (one variable for every site, so `npm start` can hand all servers one
// environment). Nothing here starts half-way: an open either answers a working database or throws
// DatabaseSettingError, and a server then exits before it listens.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSettingError, type Database } from './database.ts';
import { DataDirUnusable, openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase, redactUrl } from './postgres-database.ts';
import { openSharedPglite, type SitesDatabases } from './shared-pglite.ts';

export interface SiteDatabaseOptions {
  /** The site's name (desk, pantry, …): its directory under the data folder, or its schema. */
  readonly site: string;
  /** The settings; process.env when not given. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** How long PostgreSQL may take to accept a connection before the open fails. */
  readonly connectTimeoutMs?: number;
}

/** The repository root, found from this file's place (packages/site-server/src), never the cwd. */
export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const DEFAULT_DATA_ROOT = join(REPOSITORY_ROOT, 'data');

const SITE = /^[A-Za-z][A-Za-z0-9_-]{0,40}$/;

export async function openSiteDatabase({
  site,
  env = process.env,
  connectTimeoutMs,
}: SiteDatabaseOptions): Promise<Database> {
  if (!SITE.test(site))
    throw new Error(`A site name is a letter then letters, digits, _ or -; got ${JSON.stringify(site)}.`);
  const url = env.WARRANT_DATABASE_URL?.trim();
  if (url) return openShared(url, site, embeddedIn(env), connectTimeoutMs);
  const dataDir = join(dataRootOf(env), site);
  try {
    return await openPgliteDatabase({ dataDir });
  } catch (error) {
    throw unusableDataDir(env, dataDir, error);
  }
}

/** Where `npm start` keeps every site's embedded database, a schema each: <data>/all-sites. */
export const ALL_SITES_DIR = 'all-sites';

/**
 * The databases of every site one process serves (`npm start`, the browser tests' server sets):
 * with WARRANT_DATABASE_URL, each site's schema of that database, as openSiteDatabase opens it;
 * without, one embedded cluster in <WARRANT_DATA_DIR>/all-sites, a schema per site
 * (shared-pglite.ts), opened at the first site asked for.
 */
export function openSitesDatabases({
  env = process.env,
  connectTimeoutMs,
}: Omit<SiteDatabaseOptions, 'site'>): SitesDatabases {
  const url = env.WARRANT_DATABASE_URL?.trim();
  if (url) {
    const opened = new Set<Database>();
    return {
      async forSite(site) {
        const db = await openSiteDatabase({
          site,
          env,
          ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
        });
        opened.add(db);
        const close = db.close.bind(db);
        return { ...db, close: () => (opened.delete(db), close()) } as Database;
      },
      close: async () => void (await Promise.all([...opened].map((db) => db.close()))),
    };
  }
  const dataDir = join(dataRootOf(env), ALL_SITES_DIR);
  let shared: Promise<SitesDatabases> | null = null;
  const cluster = (): Promise<SitesDatabases> =>
    (shared ??= openSharedPglite(dataDir).catch((error: unknown) => {
      shared = null;
      throw unusableDataDir(env, dataDir, error);
    }));
  return {
    forSite: async (site) => (await cluster()).forSite(site),
    close: async () => {
      if (shared) await (await shared.catch(() => null))?.close();
    },
  };
}

function dataRootOf(env: Readonly<Record<string, string | undefined>>): string {
  const dataSetting = env.WARRANT_DATA_DIR?.trim();
  return dataSetting ? resolve(dataSetting) : DEFAULT_DATA_ROOT;
}

function embeddedIn(env: Readonly<Record<string, string | undefined>>): string {
  const dataSetting = env.WARRANT_DATA_DIR?.trim();
  return dataSetting ? `the embedded database in ${dataSetting}` : 'the embedded database in data/';
}

function unusableDataDir(
  env: Readonly<Record<string, string | undefined>>,
  dataDir: string,
  error: unknown,
): DatabaseSettingError {
  const dataSetting = env.WARRANT_DATA_DIR?.trim();
  const named = dataSetting ? `WARRANT_DATA_DIR (${dataSetting})` : 'WARRANT_DATA_DIR (unset, so data/)';
  const reason = error instanceof DataDirUnusable ? error.message : `it could not be opened (${oneLine(error)})`;
  const fix = /in use by|already open/.test(reason)
    ? 'Stop the other server using it, or set WARRANT_DATA_DIR to another directory.'
    : 'Set WARRANT_DATA_DIR to a directory this process can write, or move that folder away.';
  return new DatabaseSettingError(oneLine(`${named} gives ${dataDir}, which is not usable: ${reason}. ${fix}`));
}

async function openShared(
  url: string,
  site: string,
  embedded: string,
  connectTimeoutMs: number | undefined,
): Promise<Database> {
  const unset = `unset WARRANT_DATABASE_URL to use ${embedded}`;
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // Not printed: a value that does not parse could still hold a password.
  }
  if (parsed === null || (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')) {
    const what = parsed === null ? 'it does not parse as a URL' : `it starts with ${parsed.protocol}//`;
    throw new DatabaseSettingError(
      `WARRANT_DATABASE_URL is not a PostgreSQL URL (${what}). Set it to postgres://user:password@host:port/database, or ${unset}.`,
    );
  }
  const shown = redactUrl(url);
  try {
    return await openPostgresDatabase({
      url,
      schema: site,
      ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
    });
  } catch (error) {
    const secret = decodeURIComponent(parsed.password);
    const clean = (text: string) => (secret === '' ? text : text.replaceAll(secret, '***'));
    const { verb, reason, fix } = describe(error, parsed);
    throw new DatabaseSettingError(
      oneLine(clean(`WARRANT_DATABASE_URL (${shown}) ${verb}: ${reason}. ${fix} or ${unset}.`)),
    );
  }
}

// node-postgres reports a socket failure with its errno code and a server refusal with its
// SQLSTATE; a person needs the few common ones in words.
function describe(error: unknown, url: URL): { verb: string; reason: string; fix: string } {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = oneLine(error);
  const host = url.hostname || 'localhost';
  switch (code) {
    case 'ECONNREFUSED':
      return { verb: 'could not be reached', reason: 'connection refused', fix: 'Start PostgreSQL' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return {
        verb: 'could not be reached',
        reason: `host ${host} not found`,
        fix: 'Fix the host in WARRANT_DATABASE_URL',
      };
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
      return {
        verb: 'could not be reached',
        reason: `host ${host} is unreachable`,
        fix: 'Start PostgreSQL or fix the host',
      };
    case '28P01':
    case '28000':
      return { verb: 'was refused', reason: message, fix: 'Fix the user or password in WARRANT_DATABASE_URL' };
    case '3D000':
      return {
        verb: 'names no database',
        reason: message,
        fix: `Create it (createdb ${decodeURIComponent(url.pathname.slice(1))})`,
      };
  }
  if (/timeout/i.test(message))
    return {
      verb: 'could not be reached',
      reason: 'no answer in time',
      fix: 'Start PostgreSQL or fix the host and port',
    };
  return { verb: 'could not be used', reason: message, fix: 'Fix WARRANT_DATABASE_URL' };
}

function oneLine(value: unknown): string {
  const text = value instanceof Error ? value.message : String(value);
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

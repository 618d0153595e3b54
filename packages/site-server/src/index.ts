// @warrant/site-server: a site's own server. Storage: one interface (database.ts), two engines
// (PGlite embedded, PostgreSQL by URL) chosen by openSiteDatabase, tables from .sql migrations.
export { DatabaseSettingError, UniqueViolation, type Database, type Queryable, type SqlValue } from './database.ts';
export {
  ALL_SITES_DIR,
  openSiteDatabase,
  openSitesDatabases,
  REPOSITORY_ROOT,
  DEFAULT_DATA_ROOT,
  type SiteDatabaseOptions,
} from './open-database.ts';
export type { SitesDatabases } from './shared-pglite.ts';
export { migrate, readMigrations, MigrationError, type Migration } from './migrations.ts';
export { openPgliteDatabase, type PgliteDatabaseOptions } from './pglite-database.ts';
export { openPostgresDatabase, redactUrl, type PostgresDatabaseOptions } from './postgres-database.ts';
// The HTTP side: the Hono app for one site, the Node adapter, live updates, a site's server module.
export { siteApp, type SiteAppOptions } from './site-app.ts';
export {
  acceptsBody,
  requestGuard,
  API_BODY_LIMIT_BYTES,
  type BodyDeclaration,
  type RequestGuardOptions,
} from './request-guard.ts';
export { nestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.ts';
export { listen, type RunningServer } from './serve.ts';
export { changeStream, type ChangeFeed } from './event-stream.ts';
export type { SiteServer, OpenSiteServer, SitePeopleOperator } from './site-server.ts';
export { storedSecret } from './stored-secret.ts';
// A site's signed, hash-chained record of JSON entries, kept in its database (the bench's, the board's).
export {
  chainedEntries,
  tailOf,
  type ChainedEntries,
  type EntriesTable,
  type RecordTail,
  type SignedEntries,
  type StoredEntry,
} from './chained-entries.ts';

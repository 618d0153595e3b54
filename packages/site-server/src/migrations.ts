// A site's tables come from numbered .sql files (NNN-name.sql), applied in order, once each,
// recorded in schema_migrations. The files are SQL only, the same for both engines: what a table
// looks like is read in one place, with no logic around it.
//
// Each migration runs in a transaction of its own that first takes a transaction-level advisory
// lock, so two server processes starting at once on one PostgreSQL schema apply it once: the second
// waits, then finds it recorded. The same statements run on PGlite, where they cost nothing.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database.ts';

const FILE = /^(\d{3})-[a-z0-9][a-z0-9_-]*\.sql$/;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  readonly sha256: string;
}

/** A migrations folder or its record that cannot be trusted: misnamed, duplicated or edited after it ran. */
export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** Reads the folder's migrations in order; rejects a misnamed .sql file or two with one number. */
export async function readMigrations(folder: string): Promise<readonly Migration[]> {
  const migrations: Migration[] = [];
  for (const name of (await readdir(folder)).sort()) {
    if (!name.endsWith('.sql')) continue;
    const match = FILE.exec(name);
    if (match === null)
      throw new MigrationError(
        `${join(folder, name)} is not named NNN-name.sql (three digits, a dash, lower-case words).`,
      );
    const version = Number(match[1]);
    const previous = migrations.at(-1);
    if (previous !== undefined && previous.version === version)
      throw new MigrationError(`${previous.name} and ${name} have the same number.`);
    const sql = await readFile(join(folder, name), 'utf8');
    migrations.push({ version, name, sql, sha256: createHash('sha256').update(sql).digest('hex') });
  }
  return migrations;
}

// One lock for the migrations of the current schema: two sites on one database do not wait for
// each other, two processes of one site do.
const LOCK = `SELECT pg_advisory_xact_lock(7531, hashtext(current_schema()))`;
const TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  sha256 text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** Applies the folder's migrations not yet recorded; answers the names it applied now. */
export async function migrate(db: Database, folder: string): Promise<readonly string[]> {
  const applied: string[] = [];
  for (const migration of await readMigrations(folder)) {
    const ran = await db.transaction(async (tx) => {
      await tx.query(LOCK, []);
      await tx.query(TABLE, []);
      const [recorded] = await tx.query<{ name: string; sha256: string }>(
        'SELECT name, sha256 FROM schema_migrations WHERE version = $1',
        [migration.version],
      );
      if (recorded !== undefined) {
        if (recorded.sha256 !== migration.sha256) {
          throw new MigrationError(
            `${migration.name} was changed after it was applied as ${recorded.name}: add a new migration instead of editing one that ran.`,
          );
        }
        return false;
      }
      // Without parameters the file runs as a script (the simple protocol): several statements.
      await tx.query(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, sha256) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.sha256,
      ]);
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}

// Which engine a site gets from its settings, and the one line a person reads when a setting
// gives no usable database: naming the setting and the fix, never a password, and quickly.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DatabaseSettingError, type Database } from './database.ts';
import { DEFAULT_DATA_ROOT, openSiteDatabase, REPOSITORY_ROOT } from './open-database.ts';

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

async function settingError(env: Record<string, string>, site = 'pantry'): Promise<{ message: string; ms: number }> {
  const started = Date.now();
  const error = await openSiteDatabase({ site, env }).then(
    (db) => (opened.push(db), null),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DatabaseSettingError);
  const { message } = error as DatabaseSettingError;
  expect(message).not.toContain('\n');
  return { message, ms: Date.now() - started };
}

describe('openSiteDatabase', () => {
  it('uses PostgreSQL when WARRANT_DATABASE_URL is set, the schema named after the site, the password never shown', async () => {
    const url = inject('postgresUrl').replace('postgres@', 'postgres:s3cret@'); // trust authentication ignores it
    const site = `s_${randomUUID().slice(0, 8)}`;
    const db = await openSiteDatabase({ site, env: { WARRANT_DATABASE_URL: url } });
    opened.push(db);
    expect(db.engine).toBe('postgres');
    expect(db.location).toContain(`(schema ${site})`);
    expect(db.location).not.toContain('s3cret');
    expect(await db.query('SELECT current_schema() AS s')).toEqual([{ s: site }]);
  });

  it('uses PGlite in <WARRANT_DATA_DIR>/<site> when no URL is set', async () => {
    const root = inject('pgliteRoot');
    const db = await openSiteDatabase({ site: 'shelter', env: { WARRANT_DATA_DIR: root } });
    opened.push(db);
    expect(db.engine).toBe('pglite');
    expect(db.location).toBe(join(root, 'shelter'));
  });

  it('defaults to data/<site> under the repository root, wherever the process runs', () => {
    expect(existsSync(join(REPOSITORY_ROOT, 'packages', 'site-server', 'src', 'open-database.ts'))).toBe(true);
    expect(DEFAULT_DATA_ROOT).toBe(join(REPOSITORY_ROOT, 'data'));
  });

  it('an unreachable port: one line naming the setting and the fix, quickly, no password', async () => {
    const { message, ms } = await settingError({ WARRANT_DATABASE_URL: 'postgres://warrant:hunter2@127.0.0.1:1/x' });
    expect(message).toBe(
      'WARRANT_DATABASE_URL (postgres://warrant@127.0.0.1:1/x) could not be reached: connection refused. Start PostgreSQL or unset WARRANT_DATABASE_URL to use the embedded database in data/.',
    );
    expect(ms).toBeLessThan(5_000);
  });

  it('a value that is not a PostgreSQL URL, or names no database: one line, no password', async () => {
    const notUrl = await settingError({ WARRANT_DATABASE_URL: 'warrant:hunter2@localhost' });
    expect(notUrl.message).toMatch(
      /^WARRANT_DATABASE_URL is not a PostgreSQL URL .* unset WARRANT_DATABASE_URL to use the embedded database in data\/\.$/,
    );
    expect(notUrl.message).not.toContain('hunter2');
    const mysql = await settingError({ WARRANT_DATABASE_URL: 'mysql://warrant:hunter2@localhost/x' });
    expect(mysql.message).toContain('it starts with mysql://');
    expect(mysql.message).not.toContain('hunter2');
    const noDb = await settingError({
      WARRANT_DATABASE_URL: inject('postgresUrl')
        .replace(/\/postgres$/, '/nowhere')
        .replace('postgres@', 'postgres:hunter2@'),
    });
    expect(noDb.message).toMatch(
      /^WARRANT_DATABASE_URL \(postgres:\/\/postgres@127\.0\.0\.1:\d+\/nowhere\) names no database: database "nowhere" does not exist\. Create it \(createdb nowhere\)/,
    );
    expect(noDb.message).not.toContain('hunter2');
  });

  it('an unusable data directory: one line naming WARRANT_DATA_DIR and the fix', async () => {
    const root = await mkdtemp(join(tmpdir(), 'warrant-bad-data-'));
    await writeFile(join(root, 'pantry'), 'a file where the directory should be');
    const file = await settingError({ WARRANT_DATA_DIR: root });
    expect(file.message).toBe(
      `WARRANT_DATA_DIR (${root}) gives ${join(root, 'pantry')}, which is not usable: it is a file, not a directory. Set WARRANT_DATA_DIR to a directory this process can write, or move that folder away.`,
    );
    await mkdir(join(root, 'rides'));
    await writeFile(join(root, 'rides', 'notes.txt'), 'somebody else’s folder');
    const foreign = await settingError({ WARRANT_DATA_DIR: root }, 'rides');
    expect(foreign.message).toContain('it is not empty and holds no PGlite database');
  });
});

import { describe, expect, inject, it } from 'vitest';
import { reusedPglite } from './reused-pglite.ts';
import { freshName } from './testing.ts';

// The PGlite an app's server test gets: empty every time, though the instance may be one an
// earlier test closed.

describe('reusedPglite', () => {
  it('hands the next test an empty database on the instance the last one closed: no table, no row, no listener', async () => {
    const open = reusedPglite(inject('pgliteRoot'), freshName);
    const first = await open();
    await first.query('CREATE TABLE notes (body text)');
    await first.query("INSERT INTO notes VALUES ('left behind')");
    await first.query('CREATE SCHEMA other; CREATE TABLE other.more (n int)');
    const heard: string[] = [];
    await first.listen('news', (payload) => heard.push(payload));
    await first.close();
    await expect(first.query('SELECT 1')).rejects.toThrow('closed');

    const second = await open();
    expect(second.location).toBe(first.location);
    const tables = await second.query<{ name: string }>(
      "SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    expect(tables).toEqual([]);
    await second.query('CREATE TABLE notes (body text)');
    await second.notify('news', 'for the second test');
    await second.query('SELECT 1');
    expect(heard).toEqual([]);
    await second.close();
  });

  it('gives a test that holds two databases at once two instances', async () => {
    const open = reusedPglite(inject('pgliteRoot'), freshName);
    const [one, two] = await Promise.all([open(), open()]);
    expect(one.location).not.toBe(two.location);
    await one.query('CREATE TABLE mine (n int)');
    await expect(two.query('SELECT * FROM mine')).rejects.toThrow();
    await Promise.all([one.close(), two.close()]);
  });
});

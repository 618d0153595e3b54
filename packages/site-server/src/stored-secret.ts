// A site's own secret (its signing key), kept in its own database and made on first start. Two
// processes starting at once on one database both try to store one: the first insert wins and
// both read that one back, so a site never has two keys.
import type { Database } from './database.ts';

const TABLE = /^[a-z_]{1,40}$/;

/** The secret in `table` (columns id = 1, secret_key bytea), made with `make` if there is none. */
export async function storedSecret(db: Database, table: string, make: () => Uint8Array): Promise<Uint8Array> {
  if (!TABLE.test(table)) throw new Error(`Not a table name: ${table}`);
  await db.query(`INSERT INTO ${table} (id, secret_key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [make()]);
  const [row] = await db.query<{ secret_key: Uint8Array }>(`SELECT secret_key FROM ${table} WHERE id = 1`);
  if (!row) throw new Error(`The secret in ${table} could not be stored.`);
  return new Uint8Array(row.secret_key);
}

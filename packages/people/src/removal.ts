// Taking a person off a site's list (after a confirmed act, person-acts.ts). They stay on record,
// marked removed; their sessions end at once; their passkeys answer nothing from then on.
import type { Queryable } from '@warrant/site-server';
import type { PeopleSite, Person } from './people-site.ts';

export async function removePerson(tx: Queryable, site: PeopleSite, id: string): Promise<Person | null> {
  const { tables } = site;
  const [removed] = await tx.query<{ id: string; name: string }>(
    `UPDATE ${tables.people} SET removed_at = now() WHERE id = $1 AND removed_at IS NULL RETURNING id, name`,
    [id],
  );
  if (removed) await tx.query(`DELETE FROM ${tables.sessions} WHERE ${tables.personColumn} = $1`, [id]);
  return removed ?? null;
}

/** The person on the list with that id, if any. */
export async function personOnList(via: Queryable, site: PeopleSite, id: string): Promise<Person | null> {
  const [row] = await via.query<{ id: string; name: string }>(
    `SELECT id, name FROM ${site.tables.people} WHERE id = $1 AND removed_at IS NULL`,
    [id],
  );
  return row ?? null;
}

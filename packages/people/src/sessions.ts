// Who is at the site's page: a session cookie (HttpOnly, SameSite=Strict, named for the site so
// one site's cookie means nothing at another) made when a person enrols or signs in with their
// passkey. Only the token's SHA-256 is stored, and its expiry is the server's: a cookie kept past
// its Max-Age, or replayed by hand, finds no session. A session lets a person's page act; it never
// adds, removes or changes a person (person-acts.ts).
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sha256Hex } from '@warrant/authority';
import type { Database, Queryable } from '@warrant/site-server';
import { roleColumn, type PeopleSite, type Person } from './people-site.ts';

export const SESSION_HOURS = 12;

export async function startSession(c: Context, tx: Queryable, site: PeopleSite, personId: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    `INSERT INTO ${site.tables.sessions} (token_hash, ${site.tables.personColumn}, expires_at) VALUES ($1, $2, now() + interval '${SESSION_HOURS} hours')`,
    [sha256Hex(token), personId],
  );
  setCookie(c, site.cookie, token, { httpOnly: true, sameSite: 'Strict', path: '/', maxAge: SESSION_HOURS * 3600 });
}

/** The person whose unexpired session the request's cookie names, if they are still on the list. */
export async function currentPerson(c: Context, via: Database | Queryable, site: PeopleSite): Promise<Person | null> {
  const token = getCookie(c, site.cookie);
  if (!token || token.length > 128) return null;
  const { tables } = site;
  const [row] = await via.query<{ id: string; name: string; role?: string }>(
    `SELECT p.id, p.name${roleColumn(site, 'p.')} FROM ${tables.sessions} s JOIN ${tables.people} p ON p.id = s.${tables.personColumn}
      WHERE s.token_hash = $1 AND s.expires_at > now() AND p.removed_at IS NULL`,
    [sha256Hex(token)],
  );
  return row ?? null;
}

export async function endSession(c: Context, via: Database | Queryable, site: PeopleSite): Promise<void> {
  const token = getCookie(c, site.cookie);
  if (token) await via.query(`DELETE FROM ${site.tables.sessions} WHERE token_hash = $1`, [sha256Hex(token)]);
  deleteCookie(c, site.cookie, { path: '/' });
}

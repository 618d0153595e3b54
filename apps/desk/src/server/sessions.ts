// Who is at the desk: a session cookie (HttpOnly, SameSite=Strict) made when a dispatcher enrols
// or signs in with their passkey. Only the token's SHA-256 is stored, so the database alone
// cannot be used to sign in.
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sha256Hex } from '@warrant/authority';
import type { Database, Queryable } from '@warrant/site-server';

const COOKIE = 'warrant_dispatcher';
const SESSION_HOURS = 12;

export interface Dispatcher {
  readonly id: string;
  readonly name: string;
}

export async function startSession(c: Context, tx: Queryable, dispatcherId: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    `INSERT INTO dispatcher_sessions (token_hash, dispatcher_id, expires_at) VALUES ($1, $2, now() + interval '${SESSION_HOURS} hours')`,
    [sha256Hex(token), dispatcherId],
  );
  setCookie(c, COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/', maxAge: SESSION_HOURS * 3600 });
}

export async function currentDispatcher(c: Context, db: Database): Promise<Dispatcher | null> {
  const token = getCookie(c, COOKIE);
  if (!token) return null;
  const [row] = await db.query<{ id: string; name: string }>(
    `SELECT d.id, d.name FROM dispatcher_sessions s JOIN dispatchers d ON d.id = s.dispatcher_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND d.removed_at IS NULL`,
    [sha256Hex(token)],
  );
  return row ?? null;
}

export async function endSession(c: Context, db: Database): Promise<void> {
  const token = getCookie(c, COOKIE);
  if (token) await db.query('DELETE FROM dispatcher_sessions WHERE token_hash = $1', [sha256Hex(token)]);
  deleteCookie(c, COOKIE, { path: '/' });
}

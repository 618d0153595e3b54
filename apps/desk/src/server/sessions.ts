// Who is at the desk: the session of a dispatcher who enrolled or signed in with their passkey
// (@warrant/people keeps it; the cookie is the desk's own, warrant_desk_session).
import type { Context } from 'hono';
import { currentPerson, type Person } from '@warrant/people';
import type { Database, Queryable } from '@warrant/site-server';
import { DESK_PEOPLE } from './desk-people.ts';

export type Dispatcher = Person;

export function currentDispatcher(c: Context, db: Database | Queryable): Promise<Dispatcher | null> {
  return currentPerson(c, db, DESK_PEOPLE);
}

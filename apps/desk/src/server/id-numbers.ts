// The numbers of the desk's ids, handed out by its server. Several pages make requests, plans and
// leases on one record at once; each asks here for the number of the one it is about to make, and
// the server numbers each approval it raises itself (approval-raising.ts), so a page cannot ask for
// an approval's. No number of a kind is handed out twice, in any book (one INSERT ... ON CONFLICT
// ... RETURNING, so two pages asking at once get two numbers): a desk reset opens a new book, and
// its ids go on from the last book's, because the partners keep what they were sent under them
// (idempotency keys and authorizations name the approval, a plan's digest its request). A page
// names the least number it would take (one past the highest its record holds), but never moves
// the count: it is given the next number, however far ahead it asked (a page asking for the
// highest number would otherwise use the kind up for good). Ids made before the counter existed
// are behind it already (migration 013 set each count from every id the record held). Only a
// signed-in dispatcher's page asks: a page with no one signed in makes nothing.
import type { Hono } from 'hono';
import type { Database, Queryable } from '@warrant/site-server';
import { refusal } from '@warrant/surface';
import type { IdKind } from '../domain/id-kinds.ts';
import { DESK_API } from '../api/desk-api.ts';
import { MAX_ID_NUMBER } from '../api/inputs.ts';
import { refused } from './http.ts';
import { isReply, serve } from './serve-route.ts';
import { currentDispatcher } from './sessions.ts';

/**
 * The next number of `kind`, never handed out before in any book; null when none is left. The
 * server's own `atLeast` (the highest its record holds, plus one) may move the count ahead; a page's
 * never does (pageAsks).
 */
export async function nextIdNumber(via: Queryable, kind: IdKind, atLeast = 1): Promise<number | null> {
  const [row] = await via.query<{ last: number }>(
    `INSERT INTO desk_id_numbers (kind, last) VALUES ($1, $2)
     ON CONFLICT (kind) DO UPDATE SET last = GREATEST(desk_id_numbers.last + 1, EXCLUDED.last)
     RETURNING last`,
    [kind, atLeast],
  );
  return row && row.last <= MAX_ID_NUMBER ? row.last : null;
}

export function idNumberRoutes(app: Hono, db: Database): void {
  // Which kinds a page numbers, and how far, is the API's declaration (../api/inputs.ts).
  serve(app, DESK_API.reserveId, async (c, { reply, input }) => {
    if (!(await currentDispatcher(c, db)))
      return refused(
        c,
        refusal('NOT_SIGNED_IN', "Only a signed-in dispatcher's page makes requests, plans, leases or approvals."),
        401,
      );
    const body = await input();
    if (isReply(body)) return body;
    const { kind } = body;
    const number = await nextIdNumber(db, kind);
    if (number === null) return refused(c, refusal('STORAGE_FAILED', `This desk has no ${kind} numbers left.`), 422);
    return reply({ ok: true, kind, number });
  });
}

// One page acts at the desk at a time: the one holding the desk server's claim. The partner
// frames an approved run writes through live in one page, and two pages folding and appending the
// same record would each decide on a record the other is changing; so every other page, in another
// tab or another dispatcher's browser, shows the same record read-only, live, and takes over when
// the claim lapses. The claim is taken and renewed in one statement, so two pages can never both
// hold it. Only a signed-in dispatcher's page holds it: a page with no one signed in acts on
// nothing (an agent acts at the desk only on a dispatcher's warrant), so it never keeps the claim
// from a page that would act.
import type { Hono } from 'hono';
import type { Database } from '@warrant/site-server';
import { refusal } from '@warrant/surface';
import { jsonBody, malformed, refused } from './http.ts';
import { currentDispatcher } from './sessions.ts';

/** How long a claim lasts unrenewed; a page renews it well within this. */
export const ACTING_CLAIM_SECONDS = 20;
const PAGE = /^[0-9a-f]{8,64}$/;

export function actingPageRoutes(app: Hono, db: Database): void {
  app.post('/api/acting', async (c) => {
    const body = await jsonBody(c);
    if (!body) return malformed(c);
    const page = body['page'];
    if (typeof page !== 'string' || !PAGE.test(page))
      return refused(c, refusal('MALFORMED_REQUEST', 'A claim names its page (hex). Nothing was changed.'), 400);
    if (!(await currentDispatcher(c, db)))
      return c.json({ ok: true, acting: false, signed_in: false, claim_seconds: ACTING_CLAIM_SECONDS });
    const [held] = await db.query<{ page: string }>(
      `INSERT INTO desk_acting_page (id, page, expires_at) VALUES (1, $1, now() + make_interval(secs => $2))
       ON CONFLICT (id) DO UPDATE SET page = EXCLUDED.page, expires_at = EXCLUDED.expires_at
       WHERE desk_acting_page.page = EXCLUDED.page OR desk_acting_page.expires_at < now()
       RETURNING page`,
      [page, ACTING_CLAIM_SECONDS],
    );
    return c.json({ ok: true, acting: held?.page === page, signed_in: true, claim_seconds: ACTING_CLAIM_SECONDS });
  });

  app.post('/api/acting/release', async (c) => {
    const body = await jsonBody(c);
    if (!body) return malformed(c);
    await db.query('DELETE FROM desk_acting_page WHERE page = $1', [String(body['page'] ?? '')]);
    return c.json({ ok: true });
  });
}

/** A reset starts the desk afresh: no page holds it. */
export async function releaseEveryPage(db: Database): Promise<void> {
  await db.query('DELETE FROM desk_acting_page');
}

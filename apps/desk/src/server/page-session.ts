// The desk's page as served: who is signed in written into it (session-in-page.ts says why), so
// the page registers its always-on verbs, and no verb that acts for a page with no one signed in,
// before its load event. Wraps whatever serves the page's files (the site's static files, after
// this server's routes): the served index.html is rewritten on its way out, never the file on disk.
import type { Hono } from 'hono';
import type { Database } from '@warrant/site-server';
import { writeSessionIntoPage } from '../api/session-in-page.ts';
import { currentDispatcher } from './sessions.ts';

/** The paths the desk's page is served at. */
const PAGE_PATHS: ReadonlySet<string> = new Set(['/', '/index.html']);

export function pageSessionRoutes(app: Hono, db: Database): void {
  app.use('*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || !PAGE_PATHS.has(c.req.path)) return;
    const served = c.res;
    if (served.status !== 200 || !(served.headers.get('content-type') ?? '').startsWith('text/html')) return;
    const html = writeSessionIntoPage(await served.text(), await currentDispatcher(c, db));
    // Its length changed, and it is no longer the file of that date: it speaks of one browser's
    // session now, which no cache may keep.
    served.headers.delete('content-length');
    served.headers.delete('last-modified');
    served.headers.set('cache-control', 'no-store');
    c.res = new Response(html, { status: served.status, headers: served.headers });
  });
}

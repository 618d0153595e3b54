// One site's server, as a Hono app: its API under /api/ and /.well-known/, its built page for
// everything else, and the headers its origin must carry on every answer (from @warrant/config,
// the one place an origin's headers are written). The page is where an agent acts; this server is
// where the site's authority lives, so every route that changes something is the site's own.
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { headersFor, type Site } from '@warrant/config';
import { requestGuard } from './request-guard.ts';

export interface SiteAppOptions {
  readonly site: Site;
  /** The built page's folder (index.html and its assets), or null for a site that serves no page. */
  readonly distDir: string | null;
  /** Adds the site's own routes (its API) to the app, before the page's files. */
  readonly routes?: (app: Hono) => void;
  /** Serve the browser tests' headers (admitting their test origins): `--with-test-sites` only. */
  readonly withTestSites?: boolean;
  /** The desk's CSP lets its page connect to these (WARRANT_AGENT_ENDPOINTS, read by the start command). */
  readonly agentEndpoints?: readonly string[];
}

export function siteApp({ site, distDir, routes, withTestSites = false, agentEndpoints = [] }: SiteAppOptions): Hono {
  const headers = headersFor(site, { withTestSites, agentEndpoints });
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    // An API answer is about now: no cache may keep it.
    if (c.req.path.startsWith('/api/')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // Before every route: a state-changing request comes from this site's own page (or no browser
  // page) and carries JSON within a fixed size and depth (request-guard.ts).
  app.use('*', requestGuard({ site, withTestSites }));
  routes?.(app);
  app.all('/api/*', (c) =>
    c.json(
      {
        ok: false,
        isError: true,
        code: 'NOT_FOUND',
        message: `This site has no ${c.req.method} ${c.req.path}.`,
        details: {},
      },
      404,
    ),
  );
  // Dotfiles (a build's records) are never public.
  app.use('*', async (c, next) => (/\/(\.|%2e)/i.test(c.req.path) ? c.text('Not found', 404) : next()));
  if (distDir !== null) app.use('*', serveStatic({ root: distDir }));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}

// The desk's page as its server serves it (siteApp's static files behind the desk's routes): who is
// signed in is written into it, id and name only, so the page registers its always-on verbs before
// its load event; a browser with no session is served a page that says no one is; a name cannot
// break out of the element; and no cache may keep the page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { SITES } from '@warrant/config';
import { siteApp, type Database, type SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { SESSION_IN_PAGE_ID } from '../api/session-in-page.ts';
import { enrolTestDispatcher } from '../testing/dispatcher-session.ts';

const BLOCK = new RegExp(`<script type="application/json" id="${SESSION_IN_PAGE_ID}">([^<]*)</script>`, 'g');

/** What the served page says of who is signed in: its one data block, read as JSON (session-in-page.test.ts reads it as the page does). */
function writtenSession(html: string): unknown {
  const blocks = [...html.matchAll(BLOCK)];
  expect(blocks).toHaveLength(1);
  return (JSON.parse(blocks[0]?.[1] ?? '') as { dispatcher: unknown }).dispatcher;
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Dispatch desk</title>
    <script type="module" src="/assets/main.js"></script>
  </head>
  <body><div id="app"></div></body>
</html>
`;

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "the desk's page as its server serves it, on %s",
  (_engine, open) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    let dist: string;

    beforeEach(async () => {
      dist = mkdtempSync(join(tmpdir(), 'desk-page-'));
      writeFileSync(join(dist, 'index.html'), PAGE);
      writeFileSync(join(dist, 'health.html'), PAGE);
      db = await open();
      server = await openDeskServer(db);
      app = siteApp({ site: SITES.desk, distDir: dist, routes: (routes) => server.routes(routes) });
    });
    afterEach(async () => {
      await server.close();
      await db.close();
      rmSync(dist, { recursive: true, force: true });
    });

    const served = async (path: string, cookie?: string) => {
      const response = await app.request(path, cookie ? { headers: { cookie } } : {});
      const html = await response.text();
      return { response, html, dispatcher: html === PAGE ? undefined : writtenSession(html) };
    };

    it("writes the signed-in dispatcher's id and name into the page, at / and /index.html, and no token", async () => {
      const ada = await enrolTestDispatcher(app, server, 'Ada Okafor');
      for (const path of ['/', '/index.html']) {
        const { response, html, dispatcher } = await served(path, ada.cookie);
        expect(response.status).toBe(200);
        expect(dispatcher).toEqual({ id: ada.id, name: 'Ada Okafor' });
        expect(html).not.toContain(ada.cookie.split('=')[1]);
        // One browser's session: no cache keeps it, and the length is the page's as written.
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(Number(response.headers.get('content-length') ?? Buffer.byteLength(html))).toBe(Buffer.byteLength(html));
        // The origin's own headers are still there (the CSP the data block lives under).
        expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      }
    });

    it('says no one is signed in to a browser with no session, or a session that ended', async () => {
      expect((await served('/')).dispatcher).toBeNull();
      const ada = await enrolTestDispatcher(app, server, 'Ada Okafor');
      await app.request('/api/session/end', {
        method: 'POST',
        headers: { cookie: ada.cookie, origin: SITES.desk.origin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect((await served('/', ada.cookie)).dispatcher).toBeNull();
    });

    it("keeps a dispatcher's name inside the element, whatever it holds", async () => {
      const ada = await enrolTestDispatcher(app, server, 'Ada Okafor');
      const name = 'Ada </script><script>alert(1)</script> & Co';
      await db.query('UPDATE dispatchers SET name = $1 WHERE id = $2', [name, ada.id]);
      const { html, dispatcher } = await served('/', ada.cookie);
      expect(dispatcher).toEqual({ id: ada.id, name });
      expect(html).not.toContain('<script>alert(1)');
      // The page's module script and the data block, nothing more.
      expect(html.match(/<script/g)).toHaveLength(2);
    });

    it('leaves the desk’s other pages and its API as they were', async () => {
      const ada = await enrolTestDispatcher(app, server, 'Ada Okafor');
      expect((await served('/health.html', ada.cookie)).html).toBe(PAGE);
      const session = await app.request('/api/session', { headers: { cookie: ada.cookie } });
      expect(await session.json()).toMatchObject({ ok: true, dispatcher: { id: ada.id } });
    });
  },
);

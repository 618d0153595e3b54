// The desk's API is declared once (desk-api.ts), and the server serves exactly what it declares:
// every route the server registers is declared there, and every declared route is served. A body
// that does not fit its route's declared schema is refused before the route reads it, with the
// route's own code and words and the field that is wrong, and changes nothing. On PGlite.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { SITES } from '@warrant/config';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { enrolTestDispatcher, type TestDispatcher } from '../testing/dispatcher-session.ts';
import { DESK_API } from './desk-api.ts';

/** Served only to the browser tests (server/ledger-tampering.ts), so not by a server opened here. */
const BROWSER_TESTS_ONLY = /^\/api\/test\//;

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "the desk's API on %s",
  (_engine, open, it) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;

    beforeEach(async () => {
      db = await open();
      server = await openDeskServer(db);
      app = new Hono();
      server.routes(app);
    });
    afterEach(async () => {
      await server.close();
      await db.close();
    });

    it('serves every route it declares, and no route it does not declare', () => {
      const served = new Set(
        app.routes
          // Middleware on every path (the page's session mark) and the built approval page's shell, which is refused.
          .filter((route) => route.method !== 'ALL' && route.path !== '/approve.html')
          .map((route) => `${route.method} ${route.path}`),
      );
      const declared = new Set(Object.values(DESK_API).map((route) => `${route.method} ${route.path}`));
      expect([...served].filter((route) => !declared.has(route))).toEqual([]);
      expect(
        [...declared].filter((route) => !served.has(route) && !BROWSER_TESTS_ONLY.test(route.split(' ')[1] ?? '')),
      ).toEqual([]);
    });

    describe('a body that does not fit its route', () => {
      let ada: TestDispatcher;
      beforeEach(async () => {
        ada = await enrolTestDispatcher(app, server, 'Ada Lovelace');
      });

      const post = async (path: string, body: unknown) => {
        const response = await app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SITES.desk.origin, cookie: ada.cookie },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };

      it("is refused MALFORMED_REQUEST with the route's words and the field that is wrong, and changes nothing", async () => {
        const refused = await post(DESK_API.reserveId.path, { kind: 'lease', at_least: 0 });
        expect(refused).toMatchObject({
          status: 400,
          body: {
            ok: false,
            isError: true,
            code: 'MALFORMED_REQUEST',
            message: DESK_API.reserveId.body?.malformed,
            details: { field: 'at_least', received: 'the number 0' },
          },
        });
        expect(await post(DESK_API.reserveId.path, { kind: 'approval', at_least: 1 })).toMatchObject({
          status: 400,
          body: { code: 'MALFORMED_REQUEST', details: { field: 'kind' } },
        });
        // The count did not move: the first lease number is still 1.
        expect(await post(DESK_API.reserveId.path, { kind: 'lease', at_least: 1 })).toMatchObject({
          status: 200,
          body: { ok: true, kind: 'lease', number: 1 },
        });
      });

      it('is refused for a reason holding an invisible character, naming the reason', async () => {
        expect(await post(DESK_API.take.path, { request: 'R-1', reason: 'mine\u202e' })).toMatchObject({
          status: 400,
          body: { code: 'MALFORMED_REQUEST', details: { field: 'reason' } },
        });
        expect(await post(DESK_API.release.path, { request: 'R-1', reason: 'done' })).toMatchObject({
          status: 400,
          body: { code: 'MALFORMED_REQUEST', message: DESK_API.release.body?.malformed, details: { field: 'reason' } },
        });
      });

      it("that names what the route does not take hears the route's own refusal for it", async () => {
        expect(await post(DESK_API.raiseApproval.path, { plan: 'P-1', digest: 'mine' })).toMatchObject({
          status: 400,
          body: { code: 'PLAN_BY_REFERENCE_ONLY', details: { refused: ['digest'] } },
        });
      });
    });
  },
);

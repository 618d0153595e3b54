// Raising an approval takes a signed-in dispatcher's session, on both engines: with none (or a
// cookie the desk never issued) the desk's server refuses and holds nothing for a passkey to sign.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { enrolTestDispatcher } from '../testing/dispatcher-session.ts';
import { raiseTestApproval } from '../testing/test-approvals.ts';

const plan: PlanSubstance = {
  v: 1,
  request: 'R-1',
  steps: [{ origin: SITES.pantry.origin, tool: 'reserve_parcels', args: { parcels: 2 } }],
};

// On PGlite: the desk's one PostgreSQL test of its main write path is in ../server.test.ts.
describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  'raising an approval, on %s',
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

    const raise = async (cookie: string | null) => {
      const response = await app.request('/api/approvals', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({
          id: 'A-1',
          substance: plan,
          expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
        }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const held = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM approvals'))[0]?.n;

    it("is refused with no dispatcher's session, or a cookie the desk never issued; nothing is held for a passkey", async () => {
      expect(await raise(null)).toMatchObject({
        status: 401,
        body: { ok: false, isError: true, code: 'NOT_SIGNED_IN' },
      });
      expect(await raise('warrant_dispatcher=made-up')).toMatchObject({ status: 401, body: { code: 'NOT_SIGNED_IN' } });
      expect(await held()).toBe(0);
    });

    it("is taken from a signed-in dispatcher's page, for a plan the desk's record holds", async () => {
      const ada = await enrolTestDispatcher(app, server, 'Ada');
      expect(await raiseTestApproval(app, ada, plan)).toMatchObject({ status: 200, ok: true });
      expect(await held()).toBe(1);
    });
  },
);

// The acting claim is a signed-in dispatcher's page's: a page with no one signed in acts on
// nothing, so the desk's server never gives it the claim (nor lets it keep the claim from a page
// that would act).
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { enrolTestDispatcher } from '../testing/dispatcher-session.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  'the acting page, on %s',
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

    const claim = async (page: string, cookie: string | null) => {
      const response = await app.request('/api/acting', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ page }),
      });
      return (await response.json()) as Record<string, unknown>;
    };

    it("is never a page with no dispatcher signed in, which keeps no claim from a signed-in dispatcher's page", async () => {
      expect(await claim('aaaaaaaa', null)).toMatchObject({ ok: true, acting: false, signed_in: false });
      expect(await claim('aaaaaaaa', 'warrant_desk_session=made-up')).toMatchObject({ acting: false });
      const ada = await enrolTestDispatcher(app, server, 'Ada');
      expect(await claim('bbbbbbbb', ada.cookie)).toMatchObject({ ok: true, acting: true, signed_in: true });
      // Held by Ada's page: another page, signed in or not, waits.
      expect(await claim('cccccccc', ada.cookie)).toMatchObject({ acting: false, signed_in: true });
      expect(await claim('cccccccc', null)).toMatchObject({ acting: false, signed_in: false });
    });
  },
);

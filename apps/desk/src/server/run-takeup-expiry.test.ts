// Taking up a cut-off run at the edges of its approval's time: the run may go on writing its steps
// strictly before the approval expires, and from the very millisecond it expires it may only
// undo; its undos are handed out until the undo window (UNDO_WINDOW_MS after the expiry) closes,
// and from that millisecond on, nothing. The server's clock (`now`) decides.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { UNDO_WINDOW_MS } from '@warrant/authority';
import { softwarePasskey } from '@warrant/authority/testing';
import { SITES } from '@warrant/config';
import type { Database, SiteServer } from '@warrant/site-server';
import { testEngines } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { setupLinkCode } from '../testing/desk-people.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;
const PAGE = 'feedc0de';

describe.each(Object.entries(testEngines(inject('pgliteRoot'), inject('postgresUrl'))))(
  'taking up a run at the edges of its approval, on %s',
  (_engine, open) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    let clock: number;

    beforeEach(async () => {
      db = await open();
      clock = Date.now();
      server = await openDeskServer(db, { now: () => clock });
      app = new Hono();
      server.routes(app);
    });
    afterEach(async () => {
      await server.close();
      await db.close();
    });

    async function call(path: string, body: unknown, cookie?: string) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (cookie) headers['cookie'] = cookie;
      const response = await app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
        cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      };
    }

    it('may resume strictly before the expiry, only undo from its very millisecond, and nothing from the undo window’s end', async () => {
      const passkey = softwarePasskey();
      const options = await call('/api/dispatchers/options', { name: 'Ada', link: await setupLinkCode(server) });
      const enrolChallenge = (options.body['options'] as { challenge: string }).challenge;
      const { cookie } = await call('/api/dispatchers', { response: passkey.register(enrolChallenge, ORIGIN, RP_ID) });
      const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
      const raised = await call(
        '/api/approvals',
        {
          id: 'A-1',
          substance: {
            v: 1,
            request: 'R-1',
            steps: [{ origin: SITES.pantry.origin, tool: 'reserve_parcels', args: { parcels: 2 } }],
          },
          expires_at: expiresAt,
        },
        cookie,
      );
      const challenge = raised.body['challenge'] as string;
      expect(
        (await call(`/api/approvals/${challenge}/grant`, { response: passkey.assert(challenge, ORIGIN, RP_ID) })).body,
      ).toMatchObject({ ok: true });
      expect((await call('/api/acting', { page: PAGE }, cookie)).body).toMatchObject({ acting: true });
      const takeUp = () => call(`/api/approvals/${challenge}/authorizations`, { page: PAGE }, cookie);
      const expiry = Date.parse(expiresAt);

      clock = expiry - 1;
      expect((await takeUp()).body).toMatchObject({ ok: true, may_resume: true });
      clock = expiry;
      expect((await takeUp()).body).toMatchObject({ ok: true, may_resume: false });
      clock = expiry + UNDO_WINDOW_MS - 1;
      expect((await takeUp()).body).toMatchObject({ ok: true, may_resume: false });
      clock = expiry + UNDO_WINDOW_MS;
      expect(await takeUp()).toMatchObject({ status: 409, body: { ok: false, code: 'UNDO_WINDOW_PASSED' } });
    });
  },
);

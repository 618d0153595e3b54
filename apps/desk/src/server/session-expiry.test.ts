// A dispatcher's session ends when it expires, on the desk's server: the cookie's Max-Age binds
// only an honest browser, and an agent holding the browser keeps whatever cookie it was given. So
// a session past its expiry is no session to the server — it names nobody and empowers nothing —
// while one still within it does. (The session's lifetime is hours; the test moves the stored
// expiry, which is the server's own record of it, instead of waiting.)
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { softwarePasskey } from '@warrant/authority/testing';
import { SITES } from '@warrant/config';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { setupLinkCode } from '../testing/desk-people.ts';

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "a dispatcher's session on the desk server, on %s",
  (_engine, open) => {
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

    async function call(method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string) {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (cookie) headers['cookie'] = cookie;
      const response = await app.request(path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
        cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      };
    }

    async function enrol(name: string): Promise<{ id: string; cookie: string }> {
      const passkey = softwarePasskey();
      const options = await call('POST', '/api/dispatchers/options', { name, link: await setupLinkCode(server) });
      const challenge = (options.body['options'] as { challenge: string }).challenge;
      const enrolled = await call('POST', '/api/dispatchers', { response: passkey.register(challenge, ORIGIN, RP_ID) });
      expect(enrolled.body).toMatchObject({ ok: true });
      return { id: (enrolled.body['dispatcher'] as { id: string }).id, cookie: enrolled.cookie };
    }

    /** The server's record of when `cookie`'s session ends, moved to `interval` from now. */
    const expiresIn = (interval: string) =>
      db.query(`UPDATE dispatcher_sessions SET expires_at = now() + interval '${interval}'`);

    it('treats a session past its expiry as none: it names nobody and cannot take a dispatcher off the list; within it, it does', async () => {
      const ada = await enrol('Ada');
      const ben = await enrol('Ben');
      // Both sessions end within the minute: still good.
      await expiresIn('1 minute');
      expect((await call('GET', '/api/session', undefined, ada.cookie)).body).toMatchObject({
        dispatcher: { id: ada.id },
      });

      // Ended a second ago; the browser still sends the cookie.
      await expiresIn('-1 second');
      expect((await call('GET', '/api/session', undefined, ada.cookie)).body).toMatchObject({
        ok: true,
        dispatcher: null,
      });
      const removal = await call('POST', `/api/dispatchers/${ben.id}/remove`, {}, ada.cookie);
      expect(removal).toMatchObject({ status: 401, body: { ok: false, isError: true, code: 'SIGN_IN_REQUIRED' } });
      expect(await db.query('SELECT count(*)::int AS n FROM dispatchers WHERE removed_at IS NULL')).toEqual([{ n: 2 }]);
    });
  },
);

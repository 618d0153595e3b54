// The desk's reset (a new book) is a dispatcher's act, not a session's (issue 30, item 3): without
// a session, with a session and no passkey, or with a passkey that answered something else, it is
// refused and the book stays; with the signed-in dispatcher's fresh passkey over the reset's own
// statement it opens the next book, once. On PGlite; the passkeys are software authenticators the
// server verifies for real.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { SITES } from '@warrant/config';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { setupLinkCode } from '../testing/desk-people.ts';
import { currentBook } from './approvals.ts';

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;

type Answer = { readonly status: number; readonly body: Record<string, unknown>; readonly cookie: string };

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "the desk's reset on %s",
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

    async function post(path: string, body: unknown, cookie = ''): Promise<Answer> {
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
        cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      };
    }

    async function enrol(name: string): Promise<{ cookie: string; passkey: SoftwarePasskey }> {
      const passkey = softwarePasskey();
      const options = await post('/api/dispatchers/options', { name, link: await setupLinkCode(server) });
      const challenge = (options.body['options'] as { challenge: string }).challenge;
      const enrolled = await post('/api/dispatchers', { response: passkey.register(challenge, ORIGIN, RP_ID) });
      expect(enrolled.body).toMatchObject({ ok: true });
      return { cookie: enrolled.cookie, passkey };
    }

    const challengeOf = (answer: Answer) => (answer.body['options'] as { challenge: string }).challenge;

    it("refuses a reset without a dispatcher's fresh passkey assertion; the book stays", async () => {
      const ada = await enrol('Ada');
      const bob = await enrol('Bob');
      expect(await post('/api/reset', {})).toMatchObject({ status: 401, body: { code: 'SIGN_IN_REQUIRED' } });
      expect(await post('/api/reset/options', {})).toMatchObject({ status: 401 });
      expect(await post('/api/reset', {}, ada.cookie)).toMatchObject({
        status: 403,
        body: { ok: false, isError: true, code: 'PASSKEY_REQUIRED' },
      });
      // Ada's passkey over an invitation's statement is not a reset.
      const invite = await post('/api/invitations/options', { name: 'Cy' }, ada.cookie);
      const overInvite = await post(
        '/api/reset',
        { response: ada.passkey.assert(challengeOf(invite), ORIGIN, RP_ID) },
        ada.cookie,
      );
      expect(overInvite).toMatchObject({ status: 403, body: { code: 'STATEMENT_UNKNOWN' } });
      // Bob's passkey over Ada's reset statement is not Ada's.
      const adas = await post('/api/reset/options', {}, ada.cookie);
      expect((adas.body['statement'] as { subject: string }).subject).toBe('book 1');
      const bobs = await post(
        '/api/reset',
        { response: bob.passkey.assert(challengeOf(adas), ORIGIN, RP_ID) },
        ada.cookie,
      );
      expect(bobs.status).toBe(403);
      expect(await currentBook(db)).toBe(1);
    });

    it("opens the next book with the signed-in dispatcher's passkey over the reset's statement, once", async () => {
      const ada = await enrol('Ada');
      const proposed = await post('/api/reset/options', {}, ada.cookie);
      const response = ada.passkey.assert(challengeOf(proposed), ORIGIN, RP_ID);
      expect((await post('/api/reset', { response }, ada.cookie)).body).toEqual({ ok: true, book: 2 });
      expect(await currentBook(db)).toBe(2);
      expect(await post('/api/reset', { response }, ada.cookie)).toMatchObject({
        status: 403,
        body: { code: 'STATEMENT_UNKNOWN' },
      });
      // A statement asked for before another reset resets nothing more.
      const early = await post('/api/reset/options', {}, ada.cookie);
      await server.operatorReset?.();
      const late = await post(
        '/api/reset',
        { response: ada.passkey.assert(challengeOf(early), ORIGIN, RP_ID) },
        ada.cookie,
      );
      expect(late).toMatchObject({ status: 409, body: { code: 'STATEMENT_MISMATCH' } });
      expect(await currentBook(db)).toBe(3);
    });
  },
);

// The bench's people on its server: the clerk enrols only with the operator's setup link; the
// clerk invites a member by name only with a fresh passkey assertion over the invitation, so an
// agent holding the clerk's signed-in browser (a session, no assertion) adds no one.
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { SITES } from '@warrant/config';
import { siteApp, type Database, type SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { benchPeopleOperator, openServer } from '../server.ts';

type Answer = { readonly [key: string]: unknown };
const ORIGIN = SITES.bench.origin;
const RP_ID = new URL(ORIGIN).hostname;
const codeOf = (url: string) => new URL(url).hash.replace(/^#enrol=/, '');

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "the bench's people on %s",
  (_engine, open) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;

    beforeEach(async () => {
      db = await open();
      server = await openServer(db);
      app = siteApp({ site: SITES.bench, distDir: null, routes: (routes) => server.routes(routes) });
    });
    afterEach(async () => {
      await server.close();
      await db.close();
    });

    async function post(
      path: string,
      body: unknown,
      cookie = '',
    ): Promise<{ status: number; body: Answer; cookie: string }> {
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as Answer,
        cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      };
    }
    const people = async (cookie: string) =>
      (await (await app.request('/api/people', { headers: { cookie } })).json()) as { person?: { name: string }[] };

    async function enrol(link: string | null, name: string) {
      const passkey = softwarePasskey();
      const options = await post('/api/people/enrol/options', { name, link });
      const challenge = (options.body['options'] as { challenge?: string } | undefined)?.challenge;
      if (!challenge) return { answer: options, passkey };
      return {
        answer: await post('/api/people/enrol', { response: passkey.register(challenge, ORIGIN, RP_ID) }),
        passkey,
      };
    }

    async function clerk(): Promise<{ cookie: string; passkey: SoftwarePasskey }> {
      const { answer, passkey } = await enrol(
        codeOf((await benchPeopleOperator(db).setupLink()).url),
        'Tomasz Wierzbicki',
      );
      expect(answer.body).toMatchObject({ ok: true, person: { name: 'Tomasz Wierzbicki' } });
      expect(answer.cookie).toMatch(/^warrant_bench_session=/);
      return { cookie: answer.cookie, passkey };
    }

    it('the clerk enrols only with the setup link, once', async () => {
      expect(await benchPeopleOperator(db).needsFirstPerson()).toBe(true);
      const without = await enrol(null, 'Mallory');
      expect(without.answer).toMatchObject({ status: 403, body: { ok: false, isError: true, code: 'LINK_REQUIRED' } });
      await clerk();
      expect(await benchPeopleOperator(db).needsFirstPerson()).toBe(false);
    });

    it('a session without the person’s assertion adds no one; the clerk’s passkey invites a member by name', async () => {
      const { cookie, passkey } = await clerk();
      // What an agent holding the signed-in browser can send: the session, and no assertion.
      const asked = await post('/api/people/invitations', { name: 'Adaeze Okafor' }, cookie);
      expect(asked.body).toMatchObject({ ok: false, isError: true, code: 'PASSKEY_REQUIRED' });
      const proposed = await post('/api/people/invitations/options', { name: 'Adaeze Okafor' }, cookie);
      const challenge = (proposed.body['options'] as { challenge: string }).challenge;
      // Another passkey than the clerk's, over the right statement, is not the clerk's.
      const forged = await post(
        '/api/people/invitations',
        { response: softwarePasskey().assert(challenge, ORIGIN, RP_ID) },
        cookie,
      );
      expect(forged.body).toMatchObject({ ok: false, isError: true });
      expect((await people(cookie)).person).toHaveLength(1);

      const fresh = await post('/api/people/invitations/options', { name: 'Adaeze Okafor' }, cookie);
      const invited = await post(
        '/api/people/invitations',
        { response: passkey.assert((fresh.body['options'] as { challenge: string }).challenge, ORIGIN, RP_ID) },
        cookie,
      );
      const url = (invited.body['invitation'] as { url: string }).url;
      expect(url.startsWith(`${ORIGIN}/#enrol=`)).toBe(true);
      const member = await enrol(codeOf(url), 'ignored');
      expect(member.answer.body).toMatchObject({ ok: true, person: { name: 'Adaeze Okafor' } });
      expect((await people(cookie)).person?.map((person) => person.name)).toEqual([
        'Tomasz Wierzbicki',
        'Adaeze Okafor',
      ]);
    });

    it('no session, no invitation', async () => {
      const asked = await post('/api/people/invitations/options', { name: 'Adaeze Okafor' });
      expect(asked).toMatchObject({ status: 401, body: { ok: false, isError: true, code: 'SIGN_IN_REQUIRED' } });
    });
  },
);

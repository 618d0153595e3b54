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
      const asked = await post('/api/people/invitations', { name: 'Adaeze Okafor', role: 'member' }, cookie);
      expect(asked.body).toMatchObject({ ok: false, isError: true, code: 'PASSKEY_REQUIRED' });
      const proposed = await post('/api/people/invitations/options', { name: 'Adaeze Okafor', role: 'member' }, cookie);
      const challenge = (proposed.body['options'] as { challenge: string }).challenge;
      // Another passkey than the clerk's, over the right statement, is not the clerk's.
      const forged = await post(
        '/api/people/invitations',
        { response: softwarePasskey().assert(challenge, ORIGIN, RP_ID) },
        cookie,
      );
      expect(forged.body).toMatchObject({ ok: false, isError: true });
      expect((await people(cookie)).person).toHaveLength(1);

      const fresh = await post('/api/people/invitations/options', { name: 'Adaeze Okafor', role: 'member' }, cookie);
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

    /** Invites `name` as `role` with the inviter's passkey: the invitation's answer. */
    async function invite(by: { cookie: string; passkey: SoftwarePasskey }, name: string, role: unknown) {
      const proposed = await post('/api/people/invitations/options', { name, role }, by.cookie);
      const challenge = (proposed.body['options'] as { challenge?: string } | undefined)?.challenge;
      if (!challenge) return proposed;
      return post('/api/people/invitations', { response: by.passkey.assert(challenge, ORIGIN, RP_ID) }, by.cookie);
    }

    it('the clerk invites the chair and the members by role, the role the passkey signed; no one else invites', async () => {
      const tomasz = await clerk();
      const session = async (cookie: string) =>
        (await (await app.request('/api/people/session', { headers: { cookie } })).json()) as { person: unknown };
      expect((await session(tomasz.cookie)).person).toMatchObject({ name: 'Tomasz Wierzbicki', role: 'clerk' });
      // A role the bench does not have, or none, is refused, and nothing is proposed.
      for (const role of ['clerk', 'treasurer', undefined])
        expect((await invite(tomasz, 'Adaeze Okafor', role)).body).toMatchObject({ ok: false, code: 'ROLE_INVALID' });

      const asChair = await invite(tomasz, 'Adaeze Okafor', 'chair');
      expect(asChair.body).toMatchObject({ ok: true, invitation: { name: 'Adaeze Okafor', role: 'chair' } });
      const adaeze = await enrol(codeOf((asChair.body['invitation'] as { url: string }).url), 'ignored');
      expect(adaeze.answer.body).toMatchObject({ ok: true, person: { name: 'Adaeze Okafor', role: 'chair' } });
      const asMember = await invite(tomasz, 'Hollis Pemberton', 'member');
      const hollis = await enrol(codeOf((asMember.body['invitation'] as { url: string }).url), 'ignored');
      expect(hollis.answer.body).toMatchObject({ ok: true, person: { role: 'member' } });

      // The chair and the members do not invite: the clerk does.
      const byChair = await invite({ cookie: adaeze.answer.cookie, passkey: adaeze.passkey }, 'Mallory', 'chair');
      expect(byChair).toMatchObject({ status: 403, body: { ok: false, code: 'NOT_YOURS_TO_INVITE' } });
      expect(
        ((await people(tomasz.cookie)).person as unknown as { name: string; role: string }[]).map(
          ({ name, role }) => `${name}: ${role}`,
        ),
      ).toEqual(['Tomasz Wierzbicki: clerk', 'Adaeze Okafor: chair', 'Hollis Pemberton: member']);
    });

    it('no session, no invitation', async () => {
      const asked = await post('/api/people/invitations/options', { name: 'Adaeze Okafor' });
      expect(asked).toMatchObject({ status: 401, body: { ok: false, isError: true, code: 'SIGN_IN_REQUIRED' } });
    });
  },
);

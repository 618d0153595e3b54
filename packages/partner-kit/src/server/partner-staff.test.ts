// A partner's own staff (issue 30, item 3), over HTTP through siteApp (so the request guard is in
// front, as in production), on PGlite: the first staff member enrols only with the operator's
// setup link, once; staff acts need a staff session; a reset and a change of the week's stock
// need the staff member's fresh passkey assertion over that act's statement; another origin is
// refused. The passkeys are software authenticators; verification is @simplewebauthn/server's.
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { SITES } from '@warrant/config';
import { listen, siteApp, type Database } from '@warrant/site-server';
import { appTestEngines, rawRequest, type RawAnswer } from '@warrant/site-server/testing';
import { definePartner, defineStaffAct } from '../definition.ts';
import { umbrellaStand, type Stand, type StandEvent } from '../fixture/umbrella-stand.ts';
import { openPartnerServer, type PartnerServer } from './partner-server.ts';
import { testDesk } from './testing/test-desk.ts';
import { compensationsOf } from '../manifest.ts';

const SITE = SITES.pantry;
const RP_ID = new URL(SITE.origin).hostname;
const OWN_PAGE = { origin: SITE.origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
const ANOTHER_PORT = `http://localhost:${SITE.port + 1000}`;

// The stand's restock changes the week's stock (a passkey); counting the stand is an act a
// signed-in staff member does with their session alone.
const stand = definePartner<Stand, StandEvent>({
  ...umbrellaStand,
  staff: [
    defineStaffAct<Stand, StandEvent, { readonly count: number }>({
      name: 'restock',
      title: 'Restock',
      changesStock: true,
      apply: (_state, { count }) =>
        count > 0
          ? { ok: true, event: { type: 'restocked', count }, summary: `Added ${count}.` }
          : { ok: false, isError: true, code: 'BAD_COUNT', message: 'Add at least one.', details: {} },
    }),
    defineStaffAct<Stand, StandEvent, Record<string, never>>({
      name: 'count_stand',
      title: 'Counted',
      apply: () => ({ ok: true, event: { type: 'restocked', count: 0 }, summary: 'Counted.' }),
    }),
  ],
});

const codeOf = (url: string) => new URL(url).hash.replace(/^#enrol=/, '');
const cookieOf = (answer: RawAnswer) => String(answer.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "a partner's staff on %s",
  (_engine, open, it) => {
    let db: Database;
    let server: PartnerServer<Stand>;
    let port: number;
    let close: () => Promise<void>;

    beforeEach(async () => {
      db = await open();
      const desk = testDesk(compensationsOf(stand));
      server = await openPartnerServer(stand, { db, desk: () => desk.trust() });
      const running = await listen(siteApp({ site: SITE, distDir: null, routes: (app) => server.routes(app) }), {
        port: 0,
        host: '127.0.0.1',
      });
      port = (running.server.address() as AddressInfo).port;
      close = async () => {
        await running.close();
        await server.close();
        await db.close();
      };
    });
    afterEach(() => close());

    const post = (path: string, body: unknown, cookie = '', headers: Record<string, string> = OWN_PAGE) =>
      rawRequest(port, { path, headers: { ...headers, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
    const get = (path: string, cookie = '') =>
      rawRequest(port, { method: 'GET', path, headers: cookie ? { cookie } : {} });
    const position = async () => (await get('/api/record')).body['position'];
    const umbrellas = () => server.site.state.peek().domain.umbrellas;

    async function enrol(link: string | null, name: string): Promise<{ answer: RawAnswer; passkey: SoftwarePasskey }> {
      const passkey = softwarePasskey();
      const options = await post('/api/people/enrol/options', { name, link });
      const challenge = (options.body['options'] as { challenge?: string } | undefined)?.challenge;
      if (!challenge) return { answer: options, passkey };
      const answer = await post('/api/people/enrol', { response: passkey.register(challenge, SITE.origin, RP_ID) });
      return { answer, passkey };
    }

    async function firstStaff(): Promise<{ cookie: string; passkey: SoftwarePasskey; id: string }> {
      const { answer, passkey } = await enrol(codeOf((await server.people.setupLink()).url), 'Bea');
      expect(answer.body).toMatchObject({ ok: true, staff: { name: 'Bea' } });
      return { cookie: cookieOf(answer), passkey, id: (answer.body['staff'] as { id: string }).id };
    }

    /** Asks for `path`'s statement as the staff member of `cookie`, and answers it with `passkey`. */
    async function withPasskey(path: string, body: Record<string, unknown>, cookie: string, passkey: SoftwarePasskey) {
      const proposed = await post(`${path}/options`, body, cookie);
      const challenge = (proposed.body['options'] as { challenge?: string } | undefined)?.challenge;
      if (!challenge) return proposed;
      return post(path, { ...body, response: passkey.assert(challenge, SITE.origin, RP_ID) }, cookie);
    }

    it("enrols the partner's first staff member only through its setup link, once", async () => {
      expect(await server.people.needsFirstPerson()).toBe(true);
      const without = await enrol(null, 'Mallory');
      expect(without.answer).toMatchObject({ status: 403, body: { ok: false, isError: true, code: 'LINK_REQUIRED' } });
      const forged = await enrol('A'.repeat(43), 'Mallory');
      expect(forged.answer.body).toMatchObject({ code: 'LINK_REQUIRED' });
      expect((await get('/api/people/session')).body).toMatchObject({ ok: true, staff: null, staffCount: 0 });

      const link = codeOf((await server.people.setupLink()).url);
      const first = await enrol(link, 'Bea');
      expect(first.answer.body).toMatchObject({ ok: true, staff: { name: 'Bea' } });
      // The session cookie is this partner's own.
      expect(cookieOf(first.answer)).toMatch(/^warrant_pantry_staff=/);
      expect((await get('/api/people/session', cookieOf(first.answer))).body).toMatchObject({
        staff: { name: 'Bea' },
        staffCount: 1,
      });
      const again = await enrol(link, 'Mallory');
      expect(again.answer).toMatchObject({ status: 403, body: { code: 'LINK_REQUIRED' } });
      expect((await get('/api/people/session')).body['staffCount']).toBe(1);
      expect(await server.people.needsFirstPerson()).toBe(false);
    });

    it('refuses staff acts without a staff session (no cookie, or the desk’s cookie); nothing changes', async () => {
      const { cookie } = await firstStaff();
      const before = await position();
      for (const sent of ['', 'warrant_desk_session=' + cookie.split('=')[1], 'warrant_pantry_staff=forged']) {
        const answer = await post('/api/staff/count_stand', { input: {} }, sent);
        expect(answer).toMatchObject({
          status: 401,
          body: { ok: false, isError: true, code: 'STAFF_SIGN_IN_REQUIRED' },
        });
        expect((await post('/api/staff/restock/options', { input: { count: 2 } }, sent)).status).toBe(401);
        expect((await post('/api/reset/options', {}, sent)).status).toBe(401);
        expect((await get('/api/people', sent)).status).toBe(401);
      }
      expect(await position()).toBe(before);
      const signedIn = await post('/api/staff/count_stand', { input: {} }, cookie);
      expect(signedIn.body).toMatchObject({ ok: true, summary: 'Counted.' });
      const entries = (await get('/api/record')).body['entries'] as { kind: string; by?: string }[];
      expect(entries.at(-1)).toMatchObject({ kind: 'staff', by: expect.stringMatching(/^S-/) });
    });

    it("refuses a reset without a staff member's fresh passkey; nothing changes; with it, a new book", async () => {
      const { cookie, passkey } = await firstStaff();
      await post('/api/staff/count_stand', { input: {} }, cookie);
      const before = await position();
      // No session; a session and no passkey; a passkey answering something else (a sign-in's challenge).
      expect(await post('/api/reset', {})).toMatchObject({ status: 401, body: { code: 'STAFF_SIGN_IN_REQUIRED' } });
      expect(await post('/api/reset', {}, cookie)).toMatchObject({ status: 403, body: { code: 'PASSKEY_REQUIRED' } });
      const signIn = await post('/api/people/session/options', {});
      const elsewhere = (signIn.body['options'] as { challenge: string }).challenge;
      const wrong = await post('/api/reset', { response: passkey.assert(elsewhere, SITE.origin, RP_ID) }, cookie);
      expect(wrong).toMatchObject({ status: 403, body: { code: 'STATEMENT_UNKNOWN' } });
      // A statement held for a change of stock is not a reset's.
      const stock = await post('/api/staff/restock/options', { input: { count: 1 } }, cookie);
      const stockChallenge = (stock.body['options'] as { challenge: string }).challenge;
      const crossed = await post(
        '/api/reset',
        { response: passkey.assert(stockChallenge, SITE.origin, RP_ID) },
        cookie,
      );
      expect(crossed).toMatchObject({ status: 403, body: { code: 'STATEMENT_UNKNOWN' } });
      // Another staff member's passkey over Bea's statement.
      const other = await enrol(codeOf((await server.people.setupLink()).url), 'Cy');
      const proposed = await post('/api/reset/options', {}, cookie);
      const challenge = (proposed.body['options'] as { challenge: string }).challenge;
      const notHers = await post(
        '/api/reset',
        { response: other.passkey.assert(challenge, SITE.origin, RP_ID) },
        cookie,
      );
      expect(notHers.status).toBe(403);
      expect(await position()).toBe(before);

      const reset = await withPasskey('/api/reset', {}, cookie, passkey);
      expect(reset.body).toEqual({ ok: true });
      expect(await position()).toBe('2:1');
      expect(((await get('/api/record')).body['entries'] as { reason?: string }[])[0]?.reason).toMatch(/^reset by S-/);
    });

    it("changes the week's stock only with the staff member's passkey over exactly that change", async () => {
      const { cookie, passkey } = await firstStaff();
      const start = umbrellas();
      expect(await post('/api/staff/restock', { input: { count: 5 } }, cookie)).toMatchObject({
        status: 403,
        body: { code: 'PASSKEY_REQUIRED' },
      });
      // The passkey signs 2; the request that carries it asks for 9: 2 is what is done.
      const proposed = await post('/api/staff/restock/options', { input: { count: 2 } }, cookie);
      expect((proposed.body['statement'] as { act: string; subject: string }).subject).toBe(
        '{"act":"restock","input":{"count":2}}',
      );
      const challenge = (proposed.body['options'] as { challenge: string }).challenge;
      const done = await post(
        '/api/staff/restock',
        { input: { count: 9 }, response: passkey.assert(challenge, SITE.origin, RP_ID) },
        cookie,
      );
      expect(done.body).toMatchObject({ ok: true, summary: 'Added 2.' });
      expect(umbrellas()).toBe(start + 2);
      // Used once.
      const replay = await post(
        '/api/staff/restock',
        { response: passkey.assert(challenge, SITE.origin, RP_ID) },
        cookie,
      );
      expect(replay).toMatchObject({ status: 403, body: { code: 'STATEMENT_UNKNOWN' } });
      expect(umbrellas()).toBe(start + 2);
    });

    it('invites and removes staff only with a passkey; a removed member’s session acts no more', async () => {
      const bea = await firstStaff();
      expect((await post('/api/people/invitations', { name: 'Cy' }, bea.cookie)).body).toMatchObject({
        code: 'PASSKEY_REQUIRED',
      });
      const invited = await withPasskey('/api/people/invitations', { name: 'Cy' }, bea.cookie, bea.passkey);
      const url = (invited.body['invitation'] as { url: string }).url;
      expect(url.startsWith(`${SITE.origin}/#enrol=`)).toBe(true);
      const cy = await enrol(codeOf(url), 'ignored');
      expect(cy.answer.body).toMatchObject({ ok: true, staff: { name: 'Cy' } });
      const cyId = (cy.answer.body['staff'] as { id: string }).id;
      expect((await post(`/api/people/${cyId}/remove`, {}, bea.cookie)).status).toBe(403);
      const removed = await withPasskey(`/api/people/${cyId}/remove`, {}, bea.cookie, bea.passkey);
      expect(removed.body).toEqual({ ok: true, removed: cyId });
      expect((await post('/api/staff/count_stand', { input: {} }, cookieOf(cy.answer))).status).toBe(401);
    });

    it("removes only the staff member the remover's passkey confirmed removing (issue 35 item 2)", async () => {
      const bea = await firstStaff();
      const invite = async (name: string) => {
        const invited = await withPasskey('/api/people/invitations', { name }, bea.cookie, bea.passkey);
        const enrolled = await enrol(codeOf((invited.body['invitation'] as { url: string }).url), name);
        return (enrolled.answer.body['staff'] as { id: string }).id;
      };
      const cyId = await invite('Cy');
      const deaId = await invite('Dea');
      // Bea's passkey over removing Cy, sent to remove Dea.
      const proposed = await post(`/api/people/${cyId}/remove/options`, {}, bea.cookie);
      const challenge = (proposed.body['options'] as { challenge: string }).challenge;
      const swapped = await post(
        `/api/people/${deaId}/remove`,
        { response: bea.passkey.assert(challenge, SITE.origin, RP_ID) },
        bea.cookie,
      );
      expect(swapped).toMatchObject({ status: 403, body: { ok: false, isError: true, code: 'STATEMENT_MISMATCH' } });
      const listed = (await get('/api/people', bea.cookie)).body['staff'] as { id: string }[];
      expect(listed.map((member) => member.id).sort()).toEqual([bea.id, cyId, deaId].sort());
    });

    it('refuses every staff route from another origin; nothing changes', async () => {
      const { cookie } = await firstStaff();
      const before = await position();
      const from = { origin: ANOTHER_PORT, 'sec-fetch-site': 'same-site', 'content-type': 'application/json' };
      for (const path of [
        '/api/reset',
        '/api/reset/options',
        '/api/staff/count_stand',
        '/api/staff/restock/options',
        '/api/people/enrol/options',
        '/api/people/invitations/options',
        '/api/people/session/end',
      ]) {
        const answer = await post(path, { input: {} }, cookie, from);
        expect(answer, path).toMatchObject({ status: 403, body: { code: 'CROSS_ORIGIN_REFUSED' } });
      }
      expect(await position()).toBe(before);
      expect((await get('/api/people/session', cookie)).body).toMatchObject({ staff: { name: 'Bea' } });
    });
  },
);

// The desk's server over HTTP, on both engines (PGlite, and the run's own PostgreSQL cluster):
// dispatchers enrol with a passkey, the desk publishes their credentials in a list it signs, and
// an approval is granted only by a passkey assertion over its own challenge, once, into step
// authorizations a partner can check. The passkey is a software authenticator; everything the
// server does with its answers (@simplewebauthn/server's verification) is the real thing.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { approvalChallenge, verifyCanonical, type ApprovalStatement } from '@warrant/authority';
import { base64url, softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { digestSubstance, type PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { Database, SiteServer } from '@warrant/site-server';
import { openDeskServer, openServer } from './server.ts';
import { unansweredPartners } from './testing/unanswered-partners.ts';
import { appTestEngines } from '@warrant/site-server/testing';
import { removeWithPasskey, setupLinkCode } from './testing/desk-people.ts';
import { appendAs, askToRaise, draftedPlanEvent, raiseTestApproval, storeInOrder } from './testing/test-approvals.ts';
import type { DeskEvent } from './domain/desk-events.ts';
import type { DraftedPlan } from './domain/plan.ts';

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;
const PANTRY = SITES.pantry.origin;
const SHELTER = SITES.shelter.origin;

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly [key: string]: unknown;
}

interface DeskRecord {
  readonly origin: string;
  readonly rp_id: string;
  readonly key: string;
  readonly dispatchers: {
    readonly list: {
      readonly desk_origin: string;
      readonly dispatchers: { id: string; name: string; credentials: { id: string; public_key: string }[] }[];
    };
    readonly signature: string;
  };
}

const plan = (request: string, parcels = 2): PlanSubstance => ({
  v: 1,
  request,
  steps: [
    { origin: PANTRY, tool: 'reserve_parcels', args: { parcels } },
    { origin: SHELTER, tool: 'hold_beds', args: { beds: 1 } },
  ],
});
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

// Every test on PGlite; on PostgreSQL too, the main write path end to end (appTestEngines).
const ON_POSTGRES = [
  'decides an approval once: a second grant, even concurrent ones, is APPROVAL_DECIDED and issues nothing',
];

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, ON_POSTGRES))(
  'the desk server on %s',
  (_engine, open, it) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    // The session of the first dispatcher enrolled: their page raises approvals.
    let session: string;
    // A granted plan's run stays under way while a test asserts on its grant; let go before closing.
    let partners: ReturnType<typeof unansweredPartners>;

    beforeEach(async () => {
      session = '';
      db = await open();
      partners = unansweredPartners();
      server = await openDeskServer(db, { reachPartner: partners.reach });
      app = new Hono();
      server.routes(app);
    });
    afterEach(async () => {
      partners.letGo();
      await server.close();
      await db.close();
    });

    async function call(
      method: 'GET' | 'POST',
      path: string,
      body?: unknown,
      cookie?: string,
    ): Promise<{ status: number; body: Answer; headers: Headers }> {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (cookie) headers['cookie'] = cookie;
      const response = await app.request(path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Answer, headers: response.headers };
    }

    /** Enrols `name` with a new software passkey through the desk's two enrolment routes. */
    async function enrol(
      name: string,
      cookie?: string,
    ): Promise<{ passkey: SoftwarePasskey; id: string; cookie: string; setCookie: string }> {
      const passkey = softwarePasskey();
      const options = await call(
        'POST',
        '/api/dispatchers/options',
        { name, link: await setupLinkCode(server) },
        cookie,
      );
      expect(options.status).toBe(200);
      const challenge = (options.body['options'] as { challenge: string }).challenge;
      const enrolled = await call(
        'POST',
        '/api/dispatchers',
        { response: passkey.register(challenge, ORIGIN, RP_ID) },
        cookie,
      );
      expect(enrolled.body).toMatchObject({ ok: true, dispatcher: { name } });
      const setCookie = enrolled.headers.get('set-cookie') ?? '';
      session ||= setCookie.split(';')[0] ?? '';
      return {
        passkey,
        id: (enrolled.body['dispatcher'] as { id: string }).id,
        cookie: setCookie.split(';')[0] ?? '',
        setCookie,
      };
    }

    /** The server raises approval `id` of `substance`, drafted in the desk's record first (as P-n for R-n). */
    async function raise(
      id: string,
      substance: PlanSubstance,
    ): Promise<{ challenge: string; statement: ApprovalStatement }> {
      const raised = await raiseTestApproval(app, { cookie: session }, substance);
      expect(raised).toMatchObject({ ok: true, approval: { id } });
      return {
        challenge: raised['challenge'] as string,
        statement: raised['statement'] as ApprovalStatement,
      };
    }

    const grant = (challenge: string, response: unknown) =>
      call('POST', `/api/approvals/${challenge}/grant`, { response });
    const statusOf = async (challenge: string) => (await call('GET', `/api/approvals/${challenge}`)).body['status'];
    const deskRecord = async () => (await call('GET', '/.well-known/warrant-desk.json')).body as unknown as DeskRecord;

    it('enrols a dispatcher with a passkey: a session cookie that is HttpOnly and SameSite=Strict, and the session names them', async () => {
      const ada = await enrol('Ada Lovelace');
      expect(ada.setCookie).toMatch(/^warrant_desk_session=[A-Za-z0-9_-]{43};/);
      expect(ada.setCookie).toMatch(/; HttpOnly/);
      expect(ada.setCookie).toMatch(/; SameSite=Strict/);
      expect((await call('GET', '/api/session', undefined, ada.cookie)).body).toMatchObject({
        ok: true,
        dispatcher: { id: ada.id, name: 'Ada Lovelace' },
        dispatchers: 1,
      });
      expect((await call('GET', '/api/session')).body).toMatchObject({ ok: true, dispatcher: null });
      // The credential is stored as the passkey's own COSE public key.
      const [row] = await db.query<{ public_key: Uint8Array }>(
        'SELECT public_key FROM dispatcher_credentials WHERE id = $1',
        [ada.passkey.id],
      );
      expect(Buffer.from(row!.public_key).equals(Buffer.from(ada.passkey.publicKey))).toBe(true);
    });

    it('refuses an enrolment answered for another origin, with UV off, or twice for one ceremony', async () => {
      const passkey = softwarePasskey();
      const link = await setupLinkCode(server);
      const challengeOf = async () =>
        (
          (await call('POST', '/api/dispatchers/options', { name: 'Eve', link })).body['options'] as {
            challenge: string;
          }
        ).challenge;
      const elsewhere = await call('POST', '/api/dispatchers', {
        response: passkey.register(await challengeOf(), 'http://evil.example', RP_ID),
      });
      expect(elsewhere).toMatchObject({ status: 400, body: { ok: false, code: 'PASSKEY_REFUSED' } });
      const presenceOnly = await call('POST', '/api/dispatchers', {
        response: passkey.register(await challengeOf(), ORIGIN, RP_ID, { userVerified: false }),
      });
      expect(presenceOnly).toMatchObject({ status: 400, body: { ok: false, code: 'PASSKEY_REFUSED' } });
      const challenge = await challengeOf();
      expect(
        (await call('POST', '/api/dispatchers', { response: passkey.register(challenge, ORIGIN, RP_ID) })).body,
      ).toMatchObject({ ok: true });
      expect(
        (await call('POST', '/api/dispatchers', { response: passkey.register(challenge, ORIGIN, RP_ID) })).body,
      ).toMatchObject({ ok: false, code: 'CEREMONY_UNKNOWN' });
      expect(await db.query('SELECT count(*)::int AS n FROM dispatchers')).toEqual([{ n: 1 }]);
    });

    it('signs in with the passkey: a new session cookie for the dispatcher the credential belongs to', async () => {
      const ada = await enrol('Ada');
      const options = await call('POST', '/api/session/options', {});
      const challenge = (options.body['options'] as { challenge: string }).challenge;
      const signedIn = await call('POST', '/api/session', { response: ada.passkey.assert(challenge, ORIGIN, RP_ID) });
      expect(signedIn.body).toMatchObject({ ok: true, dispatcher: { id: ada.id, name: 'Ada' } });
      const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(cookie).not.toBe(ada.cookie);
      expect((await call('GET', '/api/session', undefined, cookie)).body).toMatchObject({ dispatcher: { id: ada.id } });
      // The ceremony's challenge is used once.
      expect(
        (await call('POST', '/api/session', { response: ada.passkey.assert(challenge, ORIGIN, RP_ID) })).body,
      ).toMatchObject({ ok: false, code: 'CEREMONY_UNKNOWN' });
    });

    it("publishes the dispatchers' credentials in a list that verifies under the desk's key, and no longer after a change", async () => {
      const ada = await enrol('Ada');
      const record = await deskRecord();
      expect(record).toMatchObject({ origin: ORIGIN, rp_id: RP_ID });
      expect(verifyCanonical(record.key, record.dispatchers.list, record.dispatchers.signature)).toBe(true);
      expect(record.dispatchers.list.desk_origin).toBe(ORIGIN);
      expect(record.dispatchers.list.dispatchers).toEqual([
        {
          id: ada.id,
          name: 'Ada',
          credentials: [{ id: ada.passkey.id, public_key: base64url(ada.passkey.publicKey) }],
        },
      ]);
      const tampered = {
        ...record.dispatchers.list,
        dispatchers: [...record.dispatchers.list.dispatchers, { id: 'D-evil', name: 'Eve', credentials: [] }],
      };
      expect(verifyCanonical(record.key, tampered, record.dispatchers.signature)).toBe(false);
      // The key is the desk's own and stays: a second server on the same database serves the same one.
      const again = await openServer(db);
      try {
        const second = new Hono();
        again.routes(second);
        expect(((await (await second.request('/.well-known/warrant-desk.json')).json()) as DeskRecord).key).toBe(
          record.key,
        );
      } finally {
        // Its runs' resume timer stops with it, not on a database the test has closed.
        await again.close();
      }
    });

    it('grants an approval with a passkey assertion over its challenge, and answers no authorization: the desk runs the plan itself', async () => {
      const ada = await enrol('Ada');
      const substance = plan('R-1');
      const { challenge, statement } = await raise('A-1', substance);
      const digest = digestSubstance(substance);
      if (!digest.ok) throw new Error('the plan does not digest');
      expect(statement).toEqual({
        approval: 'A-1',
        plan_digest: digest.digest,
        expires_at: statement.expires_at,
        desk_origin: ORIGIN,
      });
      expect(challenge).toBe(approvalChallenge(statement));
      expect(await statusOf(challenge)).toBe('pending');

      const assertion = ada.passkey.assert(challenge, ORIGIN, RP_ID);
      const granted = await grant(challenge, assertion);
      expect(granted.status).toBe(200);
      expect(granted.body).toMatchObject({ ok: true, dispatcher: { id: ada.id, name: 'Ada' } });
      expect((await call('GET', `/api/approvals/${challenge}`)).body).toMatchObject({
        status: 'granted',
        decided_by: { id: ada.id, name: 'Ada' },
      });

      // The run is the server's: no step or undo authorization is in the answer.
      expect(granted.body).toEqual({ ok: true, dispatcher: { id: ada.id, name: 'Ada' }, run: 'running' });
      expect(JSON.stringify(granted.body)).not.toMatch(/authorization/i);
    });

    it('refuses a grant with an assertion over another challenge, with UV off, from an unknown passkey, or with a counter that did not move on; the approval stays pending', async () => {
      const ada = await enrol('Ada');
      const first = await raise('A-1', plan('R-1'));
      const second = await raise('A-2', plan('R-2'));
      expect((await grant(first.challenge, ada.passkey.assert(second.challenge, ORIGIN, RP_ID))).body).toMatchObject({
        ok: false,
        isError: true,
        code: 'PASSKEY_REFUSED',
      });
      expect(
        (
          await grant(
            first.challenge,
            ada.passkey.assert(first.challenge, ORIGIN, RP_ID, undefined, { userVerified: false }),
          )
        ).body,
      ).toMatchObject({ ok: false, code: 'PASSKEY_REFUSED' });
      expect(
        (await grant(first.challenge, softwarePasskey().assert(first.challenge, ORIGIN, RP_ID))).body,
      ).toMatchObject({ ok: false, code: 'PASSKEY_UNKNOWN' });
      expect(
        (await grant(first.challenge, ada.passkey.assert(first.challenge, 'http://evil.example', RP_ID))).body,
      ).toMatchObject({ ok: false, code: 'PASSKEY_REFUSED' });
      // A good assertion moves the stored counter on; one that repeats a counter is a cloned authenticator.
      expect((await grant(second.challenge, ada.passkey.assert(second.challenge, ORIGIN, RP_ID))).body).toMatchObject({
        ok: true,
      });
      const stale = await grant(
        first.challenge,
        ada.passkey.assert(first.challenge, ORIGIN, RP_ID, ada.passkey.counter),
      );
      expect(stale).toMatchObject({ status: 409, body: { ok: false, code: 'PASSKEY_REFUSED' } });
      expect(await statusOf(first.challenge)).toBe('pending');
      expect((await grant(first.challenge, ada.passkey.assert(first.challenge, ORIGIN, RP_ID))).body).toMatchObject({
        ok: true,
      });
    });

    it('decides an approval once: a second grant, even concurrent ones, is APPROVAL_DECIDED and issues nothing', async () => {
      const ada = await enrol('Ada');
      const ben = await enrol('Ben');
      const { challenge } = await raise('A-1', plan('R-1'));
      const answers = await Promise.all([
        grant(challenge, ada.passkey.assert(challenge, ORIGIN, RP_ID)),
        grant(challenge, ben.passkey.assert(challenge, ORIGIN, RP_ID)),
      ]);
      expect(answers.filter((answer) => answer.body.ok)).toHaveLength(1);
      const refused = answers.find((answer) => !answer.body.ok)!;
      expect(refused).toMatchObject({
        status: 409,
        body: { code: 'APPROVAL_DECIDED', details: { status: 'granted' } },
      });
      expect(refused.body['authorizations']).toBeUndefined();
      expect((await grant(challenge, ada.passkey.assert(challenge, ORIGIN, RP_ID))).body).toMatchObject({
        ok: false,
        code: 'APPROVAL_DECIDED',
      });
      // A rejected approval is decided too.
      const other = await raise('A-2', plan('R-2'));
      expect((await call('POST', `/api/approvals/${other.challenge}/reject`, {})).body).toMatchObject({
        ok: true,
        rejected: 'A-2',
      });
      expect((await grant(other.challenge, ada.passkey.assert(other.challenge, ORIGIN, RP_ID))).body).toMatchObject({
        ok: false,
        code: 'APPROVAL_DECIDED',
        details: { status: 'rejected' },
      });
    });

    it('grants one plan at most once: a second approval of the same substance is PLAN_ALREADY_APPROVED, also when both are granted at once', async () => {
      const ada = await enrol('Ada');
      const substance = plan('R-1');
      const first = await raise('A-1', substance);
      const second = await raise('A-2', substance);
      expect(first.statement.plan_digest).toBe(second.statement.plan_digest);
      expect(first.challenge).not.toBe(second.challenge);
      expect((await grant(first.challenge, ada.passkey.assert(first.challenge, ORIGIN, RP_ID))).body).toMatchObject({
        ok: true,
      });
      const again = await grant(second.challenge, ada.passkey.assert(second.challenge, ORIGIN, RP_ID));
      expect(again).toMatchObject({ status: 409, body: { ok: false, isError: true, code: 'PLAN_ALREADY_APPROVED' } });
      expect(await statusOf(second.challenge)).toBe('pending');

      const racing = plan('R-9', 5);
      const [x, y] = [await raise('A-3', racing), await raise('A-4', racing)];
      const ben = await enrol('Ben');
      const answers = await Promise.all([
        grant(x.challenge, ada.passkey.assert(x.challenge, ORIGIN, RP_ID)),
        grant(y.challenge, ben.passkey.assert(y.challenge, ORIGIN, RP_ID)),
      ]);
      expect(answers.map((answer) => (answer.body.ok ? 'granted' : answer.body.code)).sort()).toEqual([
        'PLAN_ALREADY_APPROVED',
        'granted',
      ]);
      expect(
        await db.query("SELECT count(*)::int AS n FROM approvals WHERE plan_digest = $1 AND status = 'granted'", [
          x.statement.plan_digest,
        ]),
      ).toEqual([{ n: 1 }]);
    });

    it("refuses a removed dispatcher's later grant, and takes them off the signed list", async () => {
      const ada = await enrol('Ada');
      const ben = await enrol('Ben');
      const { challenge } = await raise('A-1', plan('R-1'));
      expect((await call('POST', `/api/dispatchers/${ben.id}/remove`, {})).body).toMatchObject({
        ok: false,
        code: 'SIGN_IN_REQUIRED',
      });
      expect(
        await removeWithPasskey(
          async (path, body, cookie) => (await call('POST', path, body, cookie)).body,
          ben.id,
          ada,
          { origin: ORIGIN, rpId: RP_ID },
        ),
      ).toMatchObject({ ok: true, removed: ben.id });
      const refused = await grant(challenge, ben.passkey.assert(challenge, ORIGIN, RP_ID));
      expect(refused).toMatchObject({ status: 409, body: { ok: false, code: 'PASSKEY_UNKNOWN' } });
      expect(await statusOf(challenge)).toBe('pending');
      const record = await deskRecord();
      expect(verifyCanonical(record.key, record.dispatchers.list, record.dispatchers.signature)).toBe(true);
      expect(record.dispatchers.list.dispatchers.map((entry) => entry.id)).toEqual([ada.id]);
      // Their session ends with them.
      expect((await call('GET', '/api/session', undefined, ben.cookie)).body).toMatchObject({ dispatcher: null });
      expect((await grant(challenge, ada.passkey.assert(challenge, ORIGIN, RP_ID))).body).toMatchObject({
        ok: true,
        dispatcher: { id: ada.id },
      });
    });

    it('refuses to hold an approval for a plan that is not one: a plan sent instead of named, a bad plan id, a partner not of this desk, a reserved argument', async () => {
      const ada = await enrol('Ada');
      const asked = async (body: Record<string, unknown>) => (await askToRaise(app, ada, body))['code'];
      // What a page used to send: an id, an expiry, a plan of its own. None of it is the page's to give.
      expect(await asked({ id: 'A-1', substance: plan('R-1'), expires_at: inMinutes(10) })).toBe(
        'PLAN_BY_REFERENCE_ONLY',
      );
      expect(await asked({ plan: 'P-1', expires_at: inMinutes(60) })).toBe('PLAN_BY_REFERENCE_ONLY');
      expect(await asked({ plan: 'B-1' })).toBe('MALFORMED_REQUEST');
      // A plan that cannot be held for a passkey is not stored in the first place: the server checks a
      // page's plan as draft_plan does (domain/event-order.ts), so there is nothing to raise.
      expect(await storeInOrder(app, ada, draftedPlanEvent('P-1', plan('R-1')))).toMatchObject({ ok: true });
      const drafted = (id: string, steps: DraftedPlan['steps']): DeskEvent => {
        const event = draftedPlanEvent(id, plan('R-1'));
        if (event.type !== 'plan_drafted') throw new Error('not a plan');
        return { ...event, plan: { ...event.plan, steps } };
      };
      expect(
        await appendAs(app, ada, 'state', [drafted('P-2', [{ partner: 'evil', tool: 'reserve_parcels', args: {} }])]),
      ).toMatchObject({ ok: false, code: 'STEP_NOT_A_PLANNABLE_WRITE' });
      expect(
        await appendAs(app, ada, 'state', [
          drafted('P-3', [{ partner: 'pantry', tool: 'reserve_parcels', args: { idempotency_key: 'mine' } }]),
        ]),
      ).toMatchObject({ ok: false, code: 'STEP_ARGS_RESERVED' });
      expect(await asked({ plan: 'P-2' })).toBe('PLAN_UNKNOWN');
      expect(await asked({ plan: 'P-3' })).toBe('PLAN_UNKNOWN');
      expect(await db.query('SELECT count(*)::int AS n FROM approvals')).toEqual([{ n: 0 }]);
    });
  },
);

// The desk's server hands a cut-off run's step authorizations out again, on both engines (PGlite,
// and the run's own PostgreSQL cluster), to the acting page of a signed-in dispatcher only, for a
// granted approval whose run has not ended on the ledger; after the approval expired, only undos,
// signed afresh within the undo window. Real routes over a real database; the passkey is a
// software authenticator verified by the server's real WebAuthn checks.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import {
  decodeStepAuthorization,
  deskSignatureValid,
  UNDO_WINDOW_MS,
  type ApprovalStatement,
} from '@warrant/authority';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import type { PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { LedgerDraft, LogHead } from '@warrant/ledger';
import type { Database, SiteServer } from '@warrant/site-server';
import { openDeskServer } from '../server.ts';
import { appTestEngines } from '@warrant/site-server/testing';
import { removeWithPasskey, setupLinkCode } from '../testing/desk-people.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;
const PAGE = randomUUID().replace(/-/g, '');
const OTHER_PAGE = randomUUID().replace(/-/g, '');

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly [key: string]: unknown;
}
interface Issued {
  readonly step: string;
  readonly undo: string | null;
}

const plan = (request: string): PlanSubstance => ({
  v: 1,
  request,
  steps: [
    { origin: SITES.pantry.origin, tool: 'reserve_parcels', args: { parcels: 2 } },
    { origin: SITES.shelter.origin, tool: 'hold_beds', args: { beds: 1 } },
  ],
});

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  'taking up a cut-off run, on %s',
  (_engine, open) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    let clock: number;
    // The session of the first dispatcher enrolled: their page raises approvals and records rows.
    let session: string;

    beforeEach(async () => {
      session = '';
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

    async function call(
      path: string,
      body: unknown,
      cookie?: string,
      method: 'GET' | 'POST' = 'POST',
    ): Promise<{ status: number; body: Answer }> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (cookie) headers['cookie'] = cookie;
      const response = await app.request(path, {
        method,
        headers,
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Answer };
    }

    async function enrol(name: string): Promise<{ passkey: SoftwarePasskey; id: string; cookie: string }> {
      const passkey = softwarePasskey();
      const options = await call('/api/dispatchers/options', { name, link: await setupLinkCode(server) });
      const challenge = (options.body['options'] as { challenge: string }).challenge;
      const response = await app.request('/api/dispatchers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ response: passkey.register(challenge, ORIGIN, RP_ID) }),
      });
      const enrolled = (await response.json()) as Answer;
      expect(enrolled).toMatchObject({ ok: true });
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      session ||= cookie;
      return { passkey, id: (enrolled['dispatcher'] as { id: string }).id, cookie };
    }

    /** Raises `id` over a two-step plan, expiring in ten minutes, and grants it with `by`'s passkey. */
    async function granted(
      id: string,
      by: SoftwarePasskey,
    ): Promise<{ challenge: string; statement: ApprovalStatement; issued: Issued[] }> {
      const raised = await call(
        '/api/approvals',
        { id, substance: plan(`R-${id}`), expires_at: new Date(Date.now() + 10 * 60_000).toISOString() },
        session,
      );
      const challenge = raised.body['challenge'] as string;
      const grant = await call(`/api/approvals/${challenge}/grant`, { response: by.assert(challenge, ORIGIN, RP_ID) });
      expect(grant.body).toMatchObject({ ok: true });
      return {
        challenge,
        statement: raised.body['statement'] as ApprovalStatement,
        issued: grant.body['authorizations'] as Issued[],
      };
    }

    const takeUp = (challenge: string, cookie?: string, page = PAGE) =>
      call(`/api/approvals/${challenge}/authorizations`, { page }, cookie);
    // The claim is a signed-in dispatcher's page's (acting-page.test.ts).
    const claim = async (page = PAGE) =>
      expect((await call('/api/acting', { page }, session)).body).toMatchObject({ acting: true });

    /** Appends one ledger row as a page does, after the head it reads. */
    async function appendRow(draft: Partial<LedgerDraft>): Promise<void> {
      const head = (await call('/api/logs/ledger', undefined, undefined, 'GET')).body['head'] as LogHead;
      const row: LedgerDraft = {
        at: new Date().toISOString(),
        actor: 'system',
        channel: 'ui',
        event: 'plan_started',
        from: 'desk',
        to: 'desk',
        policy: 'allow',
        status: 'ok',
        detail: '',
        ...draft,
      };
      expect(
        (await call('/api/logs/ledger/append', { writer: PAGE, basis: head, records: [row] }, session)).body,
      ).toMatchObject({ ok: true });
    }

    it('hands the acting page of a signed-in dispatcher the very authorizations the grant issued, while the approval holds and its run has not ended', async () => {
      const ada = await enrol('Ada');
      const ben = await enrol('Ben');
      const { challenge, issued } = await granted('A-1', ada.passkey);
      await claim();
      await appendRow({ event: 'plan_started', approval: 'A-1', plan: 'P-1', request: 'R-A-1' });
      // Any dispatcher on the list may take it up, not only the one who approved.
      const answer = await takeUp(challenge, ben.cookie);
      expect(answer).toMatchObject({ status: 200, body: { ok: true, approval: 'A-1', may_resume: true } });
      expect(answer.body['authorizations']).toEqual(issued);
    });

    it('refuses, structured, anyone but the acting page of a signed-in dispatcher, and any approval but a granted one whose run is under way', async () => {
      const ada = await enrol('Ada');
      const ben = await enrol('Ben');
      const { challenge } = await granted('A-1', ada.passkey);
      await claim();

      const malformed = await call(`/api/approvals/${challenge}/authorizations`, { page: 'not a page' }, ada.cookie);
      expect(malformed).toMatchObject({ status: 400, body: { ok: false, isError: true, code: 'MALFORMED_REQUEST' } });
      expect(await takeUp(challenge)).toMatchObject({
        status: 401,
        body: { ok: false, isError: true, code: 'NOT_SIGNED_IN', details: {} },
      });
      expect(await takeUp(challenge, ada.cookie, OTHER_PAGE)).toMatchObject({
        status: 409,
        body: { ok: false, isError: true, code: 'NOT_ACTING_PAGE' },
      });
      expect(await takeUp('no-such-challenge', ada.cookie)).toMatchObject({
        status: 404,
        body: { ok: false, isError: true, code: 'APPROVAL_UNKNOWN' },
      });

      const pending = await call(
        '/api/approvals',
        { id: 'A-2', substance: plan('R-2'), expires_at: new Date(Date.now() + 10 * 60_000).toISOString() },
        session,
      );
      const pendingChallenge = pending.body['challenge'] as string;
      expect(await takeUp(pendingChallenge, ada.cookie)).toMatchObject({
        status: 409,
        body: { ok: false, isError: true, code: 'APPROVAL_NOT_GRANTED', details: { status: 'pending' } },
      });
      expect((await call(`/api/approvals/${pendingChallenge}/reject`, {})).body).toMatchObject({ ok: true });
      expect(await takeUp(pendingChallenge, ada.cookie)).toMatchObject({
        status: 409,
        body: { code: 'APPROVAL_NOT_GRANTED', details: { status: 'rejected' } },
      });

      // A dispatcher taken off the list is signed in no more.
      expect(
        await removeWithPasskey(async (path, body, cookie) => (await call(path, body, cookie)).body, ben.id, ada, {
          origin: ORIGIN,
          rpId: RP_ID,
        }),
      ).toMatchObject({ ok: true });
      expect(await takeUp(challenge, ben.cookie)).toMatchObject({ status: 401, body: { code: 'NOT_SIGNED_IN' } });

      // Once the ledger records the run's end, nothing more is handed out: an approval runs once.
      expect(await takeUp(challenge, ada.cookie)).toMatchObject({ status: 200, body: { ok: true } });
      await appendRow({
        event: 'plan_finished',
        approval: 'A-1',
        plan: 'P-1',
        request: 'R-A-1',
        status: 'error',
        detail: 'outcome=undone done=1 of=2',
      });
      const ended = await takeUp(challenge, ada.cookie);
      expect(ended).toMatchObject({
        status: 409,
        body: { ok: false, isError: true, code: 'RUN_ENDED', details: { outcome: 'undone' } },
      });
      expect(ended.body['authorizations']).toBeUndefined();
    });

    it('after the approval expired says the run may not resume, and hands each undo signed afresh within the undo window; past it, nothing', async () => {
      const ada = await enrol('Ada');
      const { challenge, statement, issued } = await granted('A-1', ada.passkey);
      await claim();
      const expiry = Date.parse(statement.expires_at);
      clock = expiry + 60 * 60_000;
      const answer = await takeUp(challenge, ada.cookie);
      expect(answer).toMatchObject({
        status: 200,
        body: { ok: true, approval: 'A-1', may_resume: false, expires_at: statement.expires_at },
      });
      const handed = answer.body['authorizations'] as Issued[];
      // The steps as issued, expired (no partner takes them): the page checks the receipts of what was written with them.
      expect(handed.map((one) => one.step)).toEqual(issued.map((one) => one.step));
      const key = (
        (await call('/.well-known/warrant-desk.json', undefined, undefined, 'GET')).body as unknown as { key: string }
      ).key;
      for (const [index, { undo }] of handed.entries()) {
        const fresh = decodeStepAuthorization(undo);
        const before = decodeStepAuthorization(issued[index]!.undo);
        if (!fresh.ok || !before.ok) throw new Error('an undo does not decode');
        // The same grant, with the person's same assertion over the same statement, dated ahead.
        expect(fresh.authorization.grant).toEqual({
          ...before.authorization.grant,
          expires_at: new Date(clock + 15 * 60_000).toISOString(),
        });
        expect(fresh.authorization.statement).toEqual(statement);
        expect(fresh.authorization.assertion).toEqual(before.authorization.assertion);
        expect(await deskSignatureValid(fresh.authorization, key)).toBe(true);
      }
      // Near the window's end the undo is dated no later than it.
      clock = expiry + UNDO_WINDOW_MS - 60_000;
      const late = decodeStepAuthorization(
        ((await takeUp(challenge, ada.cookie)).body['authorizations'] as Issued[])[0]!.undo,
      );
      expect(late.ok && Date.parse(late.authorization.grant.expires_at)).toBe(expiry + UNDO_WINDOW_MS);
      clock = expiry + UNDO_WINDOW_MS;
      expect(await takeUp(challenge, ada.cookie)).toMatchObject({
        status: 409,
        body: { ok: false, isError: true, code: 'UNDO_WINDOW_PASSED' },
      });
    });
  },
);

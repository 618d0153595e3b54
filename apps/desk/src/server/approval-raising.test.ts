// An approval comes only from the desk's own record (issue 28 item 4, issue 30 item 3): a page asks
// for one by naming a plan, and the desk's server finds that plan in the events it stores, checks it
// is in order and its request is the caller's to act on, and builds what the passkey signs (the
// substance, the statement, the expiry by its own clock, the approval's id) itself. A page that
// posts a plan, names one the desk never drafted, or one whose request another dispatcher holds is
// refused, and nothing is held for a passkey. Ids never come again in a later book, so no
// partner's idempotency key does either. On PGlite and PostgreSQL.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { approvalChallenge, type ApprovalStatement } from '@warrant/authority';
import {
  APPROVAL_TTL_MS,
  digestSubstance,
  stepIdempotencyKey,
  type Approval,
  type PlanSubstance,
} from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import type { DeskEvent } from '../domain/desk-events.ts';
import type { RaisedApproval } from '../domain/raised-approval.ts';
import { openDeskServer } from '../server.ts';
import { operatorReset } from './reset.ts';
import { enrolTestDispatcher, type TestDispatcher } from '../testing/dispatcher-session.ts';
import { appendAs, askToRaise, draftedPlanEvent, raiseTestApproval, storeInOrder } from '../testing/test-approvals.ts';
import { appendServerRecord } from './desk-logs.ts';
import { unansweredPartners } from '../testing/unanswered-partners.ts';

const substance = (parcels: number, request = 'R-1'): PlanSubstance => ({
  v: 1,
  request,
  steps: [{ origin: SITES.pantry.origin, tool: 'reserve_parcels', args: { parcels } }],
});

// Every test on PGlite; on PostgreSQL too, only the raising at the same moment: PGlite is one
// connection, so only there do the four raisings truly race for their ids (as two grants do in
// approval-decisions.test.ts). The desk's main write path on PostgreSQL is in ../server.test.ts.
describe.each(
  appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, [
    'raises approvals asked for at the same moment each once, under ids given once, from the one stored plan',
  ]),
)("raising an approval from the desk's own record, on %s", (_engine, open, it) => {
  let db: Database;
  let server: SiteServer;
  let app: Hono;
  let ada: TestDispatcher;
  let bea: TestDispatcher;
  let partners: ReturnType<typeof unansweredPartners>;
  // The desk server's clock: an approval's expiry is reckoned from it, not from a page's.
  const clock = { now: Date.UTC(2026, 11, 1, 10, 5) };

  beforeEach(async () => {
    db = await open();
    partners = unansweredPartners();
    server = await openDeskServer(db, {
      receiptKeyOf: async () => null,
      reachPartner: partners.reach,
      now: () => clock.now,
    });
    app = new Hono();
    server.routes(app);
    ada = await enrolTestDispatcher(app, server, 'Ada Lovelace');
    bea = await enrolTestDispatcher(app, server, 'Bea Okafor');
  });
  afterEach(async () => {
    partners.letGo();
    await server.close();
    await db.close();
  });

  const held = async (): Promise<number> =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM approvals'))[0]?.n ?? -1;

  it('refuses a plan the desk never drafted, however it is asked; nothing is held', async () => {
    // As a page asked before: an id, an expiry and a whole plan of its own making.
    const made = await askToRaise(app, ada, {
      id: 'A-1',
      plan: 'P-7',
      substance: substance(2),
      expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    expect(made).toMatchObject({ ok: false, isError: true });
    // By reference, to a plan the record does not hold.
    expect(await askToRaise(app, ada, { plan: 'P-7' })).toMatchObject({
      ok: false,
      isError: true,
      code: 'PLAN_UNKNOWN',
      status: 404,
      details: { plan: 'P-7' },
    });
    expect(await held()).toBe(0);
  });

  it('refuses a plan whose request another dispatcher holds, naming the holder; nothing is held', async () => {
    expect(await storeInOrder(app, ada, draftedPlanEvent('P-1', substance(2)))).toMatchObject({ ok: true });
    const answer = await askToRaise(app, bea, { plan: 'P-1' });
    expect(answer).toMatchObject({
      ok: false,
      isError: true,
      code: 'REQUEST_HELD_BY_ANOTHER',
      status: 403,
      details: { request: 'R-1', holder: { id: ada.id, name: 'Ada Lovelace' } },
    });
    expect(answer.message).toContain('Ada Lovelace');
    expect(await held()).toBe(0);
    // Its holder raises it.
    expect(await askToRaise(app, ada, { plan: 'P-1' })).toMatchObject({ ok: true, approval: { id: 'A-1' } });
    expect(await held()).toBe(1);
  });

  it('builds the card and the challenge from the plan it stores: a posted plan is refused and changes nothing', async () => {
    const stored = substance(2);
    expect(await storeInOrder(app, ada, draftedPlanEvent('P-1', stored))).toMatchObject({
      ok: true,
    });
    // A page posting other substance for the desk's own plan: refused, nothing held.
    const posted = await askToRaise(app, ada, { plan: 'P-1', substance: substance(40) });
    expect(posted).toMatchObject({ ok: false, isError: true, code: 'PLAN_BY_REFERENCE_ONLY', status: 400 });
    expect(await held()).toBe(0);

    const raised = await askToRaise(app, ada, { plan: 'P-1' });
    const digest = digestSubstance(stored);
    if (!digest.ok) throw new Error('the test plan does not digest');
    const statement: ApprovalStatement = {
      approval: 'A-1',
      plan_digest: digest.digest,
      expires_at: new Date(clock.now + APPROVAL_TTL_MS).toISOString(),
      desk_origin: SITES.desk.origin,
    };
    expect(raised).toMatchObject({
      ok: true,
      challenge: approvalChallenge(statement),
      statement,
      canonical: digest.canonical,
      approval: {
        id: 'A-1',
        plan: 'P-1',
        request: 'R-1',
        digest: digest.digest,
        canonical: digest.canonical,
        raisedAt: clock.now,
        expiresAt: clock.now + APPROVAL_TTL_MS,
        status: 'pending',
      },
    });
    const [row] = await db.query<{ substance: PlanSubstance | string; plan_id: string }>(
      'SELECT substance, plan_id FROM approvals',
    );
    const kept = typeof row?.substance === 'string' ? (JSON.parse(row.substance) as PlanSubstance) : row?.substance;
    expect(kept).toEqual(stored);
    expect(row?.plan_id).toBe('P-1');
    // The page another device opens shows the stored plan's 2 parcels, never the posted 40.
    const page = await (await app.request(`/approve/${String(raised['challenge'])}`)).text();
    expect(page).toContain(digest.digest);
    expect(page).not.toContain('40');
  });

  it('refuses a plan that is not in order (its run is done): nothing is held', async () => {
    expect(await storeInOrder(app, ada, draftedPlanEvent('P-1', substance(2)))).toMatchObject({ ok: true });
    const ran: DeskEvent = {
      type: 'run_changed',
      run: {
        approval: 'A-9',
        plan: 'P-1',
        request: 'R-1',
        status: 'done',
        steps: [],
        startedAt: '2026-12-01T10:02:00.000Z',
        endedAt: '2026-12-01T10:03:00.000Z',
        problem: null,
      },
    };
    // A run is the desk's server's to record (a page's is refused): here, as its own run would.
    expect(await appendAs(app, ada, 'state', [ran])).toMatchObject({ ok: false, code: 'SERVER_ONLY_EVENT' });
    expect(await appendServerRecord(db, 'state', ran)).toMatchObject({ ok: true });
    expect(await askToRaise(app, ada, { plan: 'P-1' })).toMatchObject({
      ok: false,
      isError: true,
      code: 'PLAN_NOT_AWAITING',
      status: 409,
      details: { plan: 'P-1' },
    });
    expect(await held()).toBe(0);
  });

  it("refuses a page's record of an approval the server never raised, or of one it raised with another digest", async () => {
    const raised = await raiseTestApproval(app, ada, substance(2));
    const approval = {
      ...(raised['approval'] as RaisedApproval),
      raisedBy: 'agent',
      decidedBy: null,
      decidedAt: null,
      reason: null,
    } satisfies Approval;
    const recorded = (changed: Approval): DeskEvent => ({ type: 'approval_changed', approval: changed });
    expect(await appendAs(app, ada, 'state', [recorded({ ...approval, id: 'A-77' })])).toMatchObject({
      ok: false,
      code: 'APPROVAL_NOT_RAISED',
      status: 403,
    });
    expect(await appendAs(app, ada, 'state', [recorded({ ...approval, digest: 'f'.repeat(64) })])).toMatchObject({
      ok: false,
      code: 'APPROVAL_NOT_RAISED',
    });
    expect(await appendAs(app, ada, 'state', [recorded(approval)])).toMatchObject({ ok: true });
    // Its end is the server's to decide (approval-standing.ts): recorded rejected once the server rejected it.
    const rejected = await app.request(`/api/approvals/${String(raised['challenge'])}/reject`, {
      method: 'POST',
      headers: { origin: SITES.desk.origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await rejected.json()).toMatchObject({ ok: true, rejected: approval.id });
    expect(await appendAs(app, ada, 'state', [recorded({ ...approval, status: 'rejected' })])).toMatchObject({
      ok: true,
    });
  });

  it('raises approvals asked for at the same moment each once, under ids given once, from the one stored plan', async () => {
    expect(await storeInOrder(app, ada, draftedPlanEvent('P-1', substance(2)))).toMatchObject({ ok: true });
    const answers = await Promise.all(Array.from({ length: 4 }, () => askToRaise(app, ada, { plan: 'P-1' })));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const ids = answers.map((answer) => (answer['approval'] as { id: string }).id).sort();
    expect(ids).toEqual(['A-1', 'A-2', 'A-3', 'A-4']);
    expect(new Set(answers.map((answer) => (answer['statement'] as { plan_digest: string }).plan_digest)).size).toBe(1);
    expect(await held()).toBe(4);
  });

  it("refuses with no dispatcher's session", async () => {
    expect(await askToRaise(app, null, { plan: 'P-1' })).toMatchObject({
      ok: false,
      code: 'NOT_SIGNED_IN',
      status: 401,
    });
    expect(await held()).toBe(0);
  });

  it('never gives an approval id twice across books: after a reset the next is not A-1, and no idempotency key comes again', async () => {
    const first = await raiseTestApproval(app, ada, substance(2));
    expect(first).toMatchObject({ ok: true, approval: { id: 'A-1' } });
    const before = await askToRaise(app, ada, { plan: 'P-1' });
    expect(before).toMatchObject({ ok: true, approval: { id: 'A-2' } });

    await server.operatorReset?.();

    // The new book's record starts empty, and its ids go on too (R-1 and P-1 were the last book's):
    // the same steps drafted in it are a new plan's, and a new approval's.
    const after = await raiseTestApproval(app, ada, substance(2, 'R-2'));
    expect(after).toMatchObject({ ok: true, approval: { id: 'A-3' } });
    const keys = [first, before, after].map((answer) =>
      stepIdempotencyKey((answer['approval'] as { id: string }).id, String(answer['challenge']), 0),
    );
    expect(new Set(keys).size).toBe(keys.length);
    const ids = (await db.query<{ id: string }>('SELECT id FROM approvals ORDER BY id')).map((row) => row.id);
    expect(ids).toEqual(['A-1', 'A-2', 'A-3']);
    // Every kind of id goes on from the book before: a request number asked for after the reset is new too.
    const askRequestNumber = async (): Promise<number> =>
      (
        (await (
          await app.request('/api/ids', {
            method: 'POST',
            headers: { origin: SITES.desk.origin, cookie: ada.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ kind: 'request', at_least: 1 }),
          })
        ).json()) as { number: number }
      ).number;
    const lastBookRequest = await askRequestNumber();
    await server.operatorReset?.();
    expect(await askRequestNumber()).toBe(lastBookRequest + 1);

    // Only the browser tests' control port, which resets every partner with the desk, numbers afresh.
    await operatorReset(db, { idsAfresh: true });
    expect(await raiseTestApproval(app, ada, substance(2))).toMatchObject({ ok: true, approval: { id: 'A-1' } });
  });
});

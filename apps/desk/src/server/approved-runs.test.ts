// An approved run belongs to the desk's server (issue 29): with this desk's real server on PGlite
// and two real partner servers (the kit's umbrella stand on the pantry's and the shelter's
// origins, each on its own PGlite), a dispatcher enrols and approves with a software passkey, and
// the desk's server carries out the plan itself, server to server. Every request the desk sends a
// partner is seen on its way (as a network tap would see it), so the test holds whatever the desk
// signed, and sends it again as an attacker would.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { decodeStepAuthorization, RUN_CLOSED_PATH } from '@warrant/authority';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import {
  APPROVAL_TTL_MS,
  PARTNER_MANIFEST_PATH,
  readHopDetail,
  type PartnerName,
  type PlanSubstance,
} from '@warrant/broker';
import { SITES } from '@warrant/config';
import { openPartnerServer, type PartnerServer } from '@warrant/partner-kit/server';
import { undoableUmbrellaStand } from '@warrant/partner-kit/testing';
import type { Database, SiteServer } from '@warrant/site-server';
import { reusedTestPglite } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { setupLinkCode } from '../testing/desk-people.ts';
import { directoryServedBy } from '../testing/partner-directory.ts';
import { discoveredLeaseEvents, raiseTestApproval } from '../testing/test-approvals.ts';

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;
// Each test's three databases empty, on PGlite instances the file's earlier tests closed.
const openDb = reusedTestPglite(inject('pgliteRoot'));

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly message?: string;
  readonly details?: Record<string, unknown>;
  readonly [key: string]: unknown;
}

interface Sent {
  readonly partner: PartnerName;
  readonly path: string;
  readonly body: Record<string, unknown> | null;
}

const SITES_USED = ['pantry', 'shelter'] as const;

/** What stands between the desk's server and a partner's: `forward` sends the request on. */
type Intercept = (partner: PartnerName, path: string, forward: () => Promise<Response>) => Promise<Response>;

describe("the desk's server runs an approved plan itself", () => {
  let deskDb: Database;
  let desk: SiteServer;
  let deskApp: Hono;
  const partnerDbs = new Map<PartnerName, Database>();
  const partners = new Map<PartnerName, PartnerServer<unknown>>();
  const partnerApps = new Map<PartnerName, Hono>();
  let sent: Sent[];
  let down: Set<PartnerName>;
  // The desk server's clock (null: the real one), and a hand on the wire between it and a partner.
  let clock: number | null;
  let intercept: Intercept | null;
  // Calls the test leaves unanswered; failed before the desk's server closes (which waits for its runs).
  let unanswered: Array<(error: Error) => void>;

  /** A partner's server as the desk's server reaches it: seen on the way, down, or intercepted. */
  const reachThrough =
    (seen: Sent[], via: () => Intercept | null) =>
    async (partner: PartnerName, path: string, init?: RequestInit): Promise<Response> => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      seen.push({ partner, path, body });
      if (down.has(partner)) throw new TypeError('fetch failed');
      const app = partnerApps.get(partner);
      if (!app) throw new TypeError('fetch failed');
      const forward = async () => app.request(path, init);
      const hand = via();
      return hand ? hand(partner, path, forward) : forward();
    };

  beforeEach(async () => {
    session = '';
    sent = [];
    down = new Set();
    clock = null;
    intercept = null;
    unanswered = [];
    for (const site of SITES_USED) {
      const db = await openDb();
      partnerDbs.set(site, db);
      const partner = (await openPartnerServer(undoableUmbrellaStand(site), {
        db,
        desk: async () => {
          const record = (await (await deskApp.request('/.well-known/warrant-desk.json')).json()) as { key: string };
          return { ok: true, record: record as never, trustedKey: record.key };
        },
        deskLedger: async (path) => deskApp.request(path),
      })) as PartnerServer<unknown>;
      partners.set(site, partner);
      const app = new Hono();
      partner.routes(app);
      partnerApps.set(site, app);
    }
    // The desk works with these two partners as their own manifests describe them: umbrella stands
    // on the pantry's and the shelter's origins (what a plan's steps may write, how each is undone).
    const directory = await directoryServedBy([...partnerApps.values()]);
    deskDb = await openDb();
    desk = await openDeskServer(deskDb, {
      now: () => clock ?? Date.now(),
      // Server to server, seen on the way; a partner that is down answers nothing.
      reachPartner: reachThrough(sent, () => intercept),
      partners: directory,
      // What is owed a partner (a closure it refused, a step not yet known) is tried again within
      // half a second, not the ten seconds a deployed desk waits: the tests that wait for that
      // second try (a closure taken late) wait no longer than the try.
      resumeEveryMs: 500,
    });
    deskApp = new Hono();
    desk.routes(deskApp);
  });
  afterEach(async () => {
    down.add('pantry').add('shelter');
    for (const fail of unanswered.splice(0)) fail(new TypeError('fetch failed'));
    await desk.close();
    for (const partner of partners.values()) await partner.close();
    await Promise.all([deskDb.close(), ...[...partnerDbs.values()].map((db) => db.close())]);
    partners.clear();
    partnerApps.clear();
    partnerDbs.clear();
  });

  async function call(app: Hono, method: 'GET' | 'POST', path: string, body?: unknown, cookie = '') {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const response = await app.request(path, {
      method,
      ...(body === undefined
        ? { headers }
        : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.clone().text(), body: (await response.json()) as Answer };
  }

  // Ada's session: only a signed-in dispatcher's page raises an approval (approval-raising-guard.ts).
  let session = '';

  /** Ada, enrolled by a setup link: her passkey and her session's cookie. */
  async function enrolAda(): Promise<{ passkey: SoftwarePasskey; cookie: string }> {
    const passkey = softwarePasskey();
    const options = await call(deskApp, 'POST', '/api/dispatchers/options', {
      name: 'Ada',
      link: await setupLinkCode(desk),
    });
    const challenge = (options.body['options'] as { challenge: string }).challenge;
    const enrolled = await deskApp.request('/api/dispatchers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response: passkey.register(challenge, ORIGIN, RP_ID) }),
    });
    expect(await enrolled.json()).toMatchObject({ ok: true });
    session = (enrolled.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { passkey, cookie: session };
  }
  const enrol = async (): Promise<SoftwarePasskey> => (await enrolAda()).passkey;

  /** Opens the desk's next book as Ada does: her fresh passkey over the reset's statement. */
  async function resetTheDesk(ada: { passkey: SoftwarePasskey; cookie: string }): Promise<void> {
    const post = async (path: string, body: unknown) =>
      (
        await deskApp.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: ada.cookie },
          body: JSON.stringify(body),
        })
      ).json() as Promise<Record<string, unknown>>;
    const proposed = await post('/api/reset/options', {});
    const challenge = (proposed['options'] as { challenge: string }).challenge;
    expect(await post('/api/reset', { response: ada.passkey.assert(challenge, ORIGIN, RP_ID) })).toMatchObject({
      ok: true,
    });
  }

  const lendAt = (...sites: PartnerName[]): PlanSubstance => ({
    v: 1,
    request: 'R-1',
    steps: sites.map((site) => ({
      origin: SITES[site as 'pantry'].origin,
      tool: 'lend_umbrellas',
      args: { count: 1, borrower: 'Bo' },
    })),
  });

  /**
   * Drafts `substance` in the desk's record and has the server raise approval `id` of it (at the
   * desk's clock set so that it expires at `expiresAt`, when given), then grants it with the
   * passkey: the grant's answer, as the page receives it.
   */
  async function approve(substance: PlanSubstance, passkey: SoftwarePasskey, id = 'A-1', expiresAt?: string) {
    const kept = clock;
    if (expiresAt !== undefined) clock = Date.parse(expiresAt) - APPROVAL_TTL_MS;
    const raised = await raiseTestApproval(deskApp, { cookie: session }, substance);
    clock = kept;
    expect(raised).toMatchObject({ ok: true, approval: { id } });
    const challenge = raised['challenge'] as string;
    const granted = await call(deskApp, 'POST', `/api/approvals/${challenge}/grant`, {
      response: passkey.assert(challenge, ORIGIN, RP_ID),
    });
    return { challenge, granted };
  }

  /** Waits until the desk's record says the run ended, and answers how. */
  async function ended(challenge: string): Promise<{ status: string; problem: string | null }> {
    return vi.waitFor(
      async () => {
        const run = (await call(deskApp, 'GET', `/api/approvals/${challenge}`)).body['run'] as {
          status: string;
          problem: string | null;
        };
        if (run.status === 'running') throw new Error('still running');
        return run;
      },
      { timeout: 60_000, interval: 100 },
    );
  }

  const ledger = async () =>
    ((await call(deskApp, 'GET', '/api/logs/ledger')).body['entries'] as { record: Record<string, string> }[]).map(
      (entry) => entry.record,
    );
  const writesAt = async (site: PartnerName) =>
    (
      (await call(partnerApps.get(site)!, 'GET', '/api/record')).body['entries'] as {
        kind: string;
        receipt?: { id: string };
      }[]
    ).filter((entry) => entry.kind === 'write');
  const stepsSent = () => sent.filter((request) => request.path.startsWith('/api/writes/lend'));

  it('runs with no page: the grant answers no authorization, each partner holds one write, the ledger the run, and every partner is told the run is over', async () => {
    const passkey = await enrol();
    const { challenge, granted } = await approve(lendAt('pantry', 'shelter'), passkey);
    expect(granted.body).toMatchObject({ ok: true, run: 'running' });
    expect(granted.text).not.toMatch(/authorization/i);
    expect(await ended(challenge)).toEqual({ status: 'done', problem: null });

    for (const site of SITES_USED) expect(await writesAt(site)).toHaveLength(1);
    const rows = await ledger();
    expect(rows.map((row) => row['event'])).toEqual([
      'dispatcher_enrolled',
      // Ada's page took R-1 in (the server records who holds it) before the plan was drafted.
      'request_taken',
      'plan_started',
      'tool_invoked',
      'tool_result',
      'tool_invoked',
      'tool_result',
      'plan_finished',
    ]);
    expect(rows.filter((row) => row['event'] === 'tool_result').map((row) => row['status'])).toEqual(['ok', 'ok']);
    expect(rows.at(-1)?.['detail']).toContain('outcome=done');
    expect(readHopDetail(rows.at(-1)?.['detail'] ?? '')['next']).toBeUndefined();
    // The desk's server signs a head over the run's last row (a partner asks for earlier ones as it writes).
    await vi.waitFor(
      async () =>
        expect(await deskDb.query<{ size: number }>('SELECT size FROM desk_ledger_heads')).toContainEqual({
          size: rows.length,
        }),
      { timeout: 30_000, interval: 100 },
    );
    // No undo was ever signed for a run that needed none.
    expect(sent.filter((request) => request.path.startsWith('/api/writes/return'))).toEqual([]);
    await vi.waitFor(
      async () =>
        expect(
          await deskDb.query('SELECT count(*)::int AS n FROM desk_run_closures WHERE delivered_at IS NOT NULL'),
        ).toEqual([{ n: 2 }]),
      { timeout: 30_000, interval: 100 },
    );

    // The step authorizations the desk sent, sent again by someone who saw them on the way: the
    // same call answers the same write (nothing new), any other is refused, and nothing changed.
    for (const request of stepsSent()) {
      const input = request.body?.['input'] as Record<string, unknown>;
      const again = await call(partnerApps.get(request.partner)!, 'POST', request.path, { input });
      expect(again.body).toMatchObject({ ok: true, replayed: true });
      const other = await call(partnerApps.get(request.partner)!, 'POST', request.path, {
        input: { ...input, idempotency_key: 'A-1:step-0:again' },
      });
      expect(other.body).toMatchObject({ ok: false, code: 'AUTHORIZATION_INVALID' });
    }
    for (const site of SITES_USED) expect(await writesAt(site)).toHaveLength(1);
  });

  it("a new book's approval after a desk reset writes afresh at a partner that kept the earlier book's write, never answered with it", async () => {
    const ada = await enrolAda();
    const first = await approve(lendAt('pantry'), ada.passkey);
    expect(await ended(first.challenge)).toEqual({ status: 'done', problem: null });
    await resetTheDesk(ada);

    // The pantry was not reset: it still holds the first book's write. The new book's approval
    // numbers go on from the last book's (A-2, never A-1 again), as do its requests' and plans'
    // (R-1 and P-1 were the last book's); its run of another plan must be a write of its own.
    const other: PlanSubstance = {
      ...lendAt('pantry'),
      request: 'R-2',
      steps: [{ ...lendAt('pantry').steps[0]!, args: { count: 1, borrower: 'Cy' } }],
    };
    const second = await approve(other, ada.passkey, 'A-2');
    expect(second.challenge).not.toBe(first.challenge);
    expect(await ended(second.challenge)).toEqual({ status: 'done', problem: null });
    const writes = await writesAt('pantry');
    expect(writes).toHaveLength(2);
    expect(new Set(writes.map((write) => write.receipt?.id)).size).toBe(2);
    const keys = stepsSent().map((request) => (request.body?.['input'] as Record<string, unknown>)['idempotency_key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('a run that failed can be tried again: the same plan approved again with a fresh passkey runs once the partner is back; a plan whose run is done is not', async () => {
    const passkey = await enrol();
    down.add('shelter');
    const first = await approve(lendAt('shelter'), passkey);
    expect((await ended(first.challenge)).status).toBe('failed');

    // The shelter is back: the same plan, a new approval, the person's passkey again.
    down.delete('shelter');
    const again = await approve(lendAt('shelter'), passkey, 'A-2');
    expect(again.granted.body).toMatchObject({ ok: true, run: 'running' });
    expect(await ended(again.challenge)).toEqual({ status: 'done', problem: null });
    expect(await writesAt('shelter')).toHaveLength(1);

    // Done is done: a third approval of the plan is not even raised, and nothing more is written.
    expect(await raiseTestApproval(deskApp, { cookie: session }, lendAt('shelter'))).toMatchObject({
      ok: false,
      code: 'PLAN_NOT_AWAITING',
      status: 409,
    });
    expect(await writesAt('shelter')).toHaveLength(1);
  });

  it('the shelter down at approval: the run fails at the shelter and says why; its authorization, sent once the run is over, is refused', async () => {
    const passkey = await enrol();
    down.add('shelter');
    const { challenge, granted } = await approve(lendAt('shelter', 'pantry'), passkey);
    expect(granted.body).toMatchObject({ ok: true });
    const run = await ended(challenge);
    expect(run.status).toBe('failed');
    expect(run.problem).toMatch(/^shelter: shelter's server cannot be reached/);
    expect(await writesAt('pantry')).toEqual([]);
    const finished = (await ledger()).at(-1)!;
    expect(finished).toMatchObject({ event: 'plan_finished', status: 'error' });
    expect(finished['detail']).toContain('stopped_at=shelter');
    // What an agent reading the request's rows learns: it failed, and what a person can do next.
    expect(readHopDetail(finished['detail'] ?? '')['next']).toBe(
      "A person can press Try again on A-1's card at the desk when Shelter is back: a new approval of the same plan, approved with their passkey again. Or draft another plan for the request.",
    );

    // The shelter is back: the desk's word that the run is over reaches it, and the authorization
    // the desk had sent for the step (which never arrived) is refused from then on.
    const [held] = stepsSent().filter((request) => request.partner === 'shelter');
    expect(held).toBeDefined();
    down.delete('shelter');
    await vi.waitFor(
      async () =>
        expect(await partnerDbs.get('shelter')!.query('SELECT approval, outcome FROM partner_closed_runs')).toEqual([
          { approval: 'A-1', outcome: 'failed' },
        ]),
      { timeout: 30_000, interval: 200 },
    );
    const late = await call(partnerApps.get('shelter')!, 'POST', held!.path, { input: held!.body?.['input'] });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ ok: false, code: 'AUTHORIZATION_INVALID' });
    expect(String(late.body.details?.['reason'])).toContain('the desk closed the run of A-1 (failed)');
    expect(await writesAt('shelter')).toEqual([]);
  });

  // Leases end with the run (issue 29 item 3), recorded by the desk's server with no page open: the
  // agent's read leases of the request, which only a page had opened and the record holds open.

  /** Ada's page's records, appended as her page appends them (her session, her page's writer id). */
  async function appendAsAdasPage(log: 'ledger' | 'state', records: readonly unknown[]): Promise<Answer> {
    const basis = (await call(deskApp, 'GET', `/api/logs/${log}`)).body['head'];
    const response = await deskApp.request(`/api/logs/${log}/append`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: session, 'content-type': 'application/json' },
      body: JSON.stringify({ writer: 'adaada0000aa', basis, records }),
    });
    return (await response.json()) as Answer;
  }

  /** A read lease of R-1 on `partner`, as a page records it: the lease in `state`. */
  const readLease = (id: string, partner: PartnerName, state: 'pending' | 'active' | 'closed', openedAt: number) => ({
    type: 'lease_changed',
    at: openedAt,
    page: 'adas-page',
    lease: {
      id,
      partner,
      purpose: 'read_capacity',
      request: 'R-1',
      plan: null,
      approval: null,
      openedBy: 'agent',
      ttlSeconds: 240,
      openedAt,
      expiresAt: openedAt + 240_000,
      state,
      endedAt: state === 'closed' ? openedAt + 1 : null,
      endReason: state === 'closed' ? 'closed by agent' : null,
    },
  });

  /** R-1 taken in by Ada's page, with the agent's read leases on it in the states given. */
  async function requestWithReadLeases(leases: readonly [string, PartnerName, 'active' | 'closed'][]) {
    const at = Date.now();
    expect(
      await appendAsAdasPage('state', [
        {
          type: 'request_taken',
          request: {
            id: 'R-1',
            people: 2,
            needs: ['food', 'bed'],
            place: 'Harbour Street',
            deadline: '2026-12-01',
            note: '',
            takenBy: 'agent',
            takenAt: new Date(at).toISOString(),
            heldBy: { id: await adasId(), name: 'Ada' },
          },
        },
        // Each lease as a page records it: opened, its frame's tools discovered (the stand's lend, so
        // a plan may name it), and closed by the agent where the test says.
        ...leases.flatMap(([id, partner, state], index) => [
          readLease(id, partner, 'pending', at + index),
          readLease(id, partner, 'active', at + index),
          discoveredLeaseEvents('R-1', partner, 0, ['lend_umbrellas'])[2]!,
          ...(state === 'closed' ? [readLease(id, partner, 'closed', at + index)] : []),
        ]),
      ]),
    ).toMatchObject({ ok: true });
  }
  const adasId = async () =>
    ((await call(deskApp, 'GET', '/api/session', undefined, session)).body['dispatcher'] as { id: string }).id;

  /** Each lease of R-1 as the desk's state says it is now (the last event about it), and who wrote that. */
  async function leasesInTheRecord(): Promise<Map<string, { state: string; reason: string | null; run?: string }>> {
    const events = (
      (await call(deskApp, 'GET', '/api/logs/state')).body['entries'] as {
        record: { type: string; lease?: { id: string; state: string; endReason: string | null }; closedByRun?: string };
      }[]
    ).map((entry) => entry.record);
    const leases = new Map<string, { state: string; reason: string | null; run?: string }>();
    for (const event of events)
      if (event.type === 'lease_changed' && event.lease)
        leases.set(event.lease.id, {
          state: event.lease.state,
          reason: event.lease.endReason,
          ...(event.closedByRun ? { run: event.closedByRun } : {}),
        });
    return leases;
  }

  it('the shelter down at approval, no page open: the run fails, and the desk records every lease of the request closed, saying why', async () => {
    const passkey = await enrol();
    await requestWithReadLeases([
      ['L-1', 'pantry', 'active'],
      ['L-2', 'shelter', 'active'],
    ]);
    down.add('shelter');
    const { challenge } = await approve(lendAt('shelter', 'pantry'), passkey);
    expect((await ended(challenge)).status).toBe('failed');

    // Recorded with the run's end, in its transaction: once the run is over, both leases are closed.
    expect(Object.fromEntries(await leasesInTheRecord())).toEqual({
      'L-1': { state: 'closed', reason: 'closed when the run of A-1 ended: failed at Shelter', run: 'A-1' },
      'L-2': { state: 'closed', reason: 'closed when the run of A-1 ended: failed at Shelter', run: 'A-1' },
    });
    const rows = await ledger();
    const closed = rows.filter((row) => row['event'] === 'lease_closed');
    expect(closed.map((row) => [row['lease'], row['to'], row['actor'], row['status']])).toEqual([
      ['L-1', 'pantry', 'system', 'ok'],
      ['L-2', 'shelter', 'system', 'ok'],
    ]);
    for (const row of closed) {
      expect(row).toMatchObject({ request: 'R-1', approval: 'A-1', policy: 'allow' });
      expect(readHopDetail(row['detail'] ?? '')['reason']).toBe('closed when the run of A-1 ended: failed at Shelter');
    }
    // After the run's last row, as part of its end.
    expect(rows.findIndex((row) => row['event'] === 'plan_finished')).toBeLessThan(
      rows.findIndex((row) => row['event'] === 'lease_closed'),
    );
  });

  it('a done run leaves no lease of its request open, and closes none twice (a lease the agent had closed stays as it was)', async () => {
    const passkey = await enrol();
    await requestWithReadLeases([
      ['L-1', 'pantry', 'closed'],
      ['L-2', 'shelter', 'active'],
    ]);
    const { challenge } = await approve(lendAt('pantry', 'shelter'), passkey);
    expect(await ended(challenge)).toEqual({ status: 'done', problem: null });

    expect(Object.fromEntries(await leasesInTheRecord())).toEqual({
      'L-1': { state: 'closed', reason: 'closed by agent' },
      'L-2': { state: 'closed', reason: 'closed when the run of A-1 ended: done', run: 'A-1' },
    });
    expect((await ledger()).filter((row) => row['event'] === 'lease_closed').map((row) => row['lease'])).toEqual([
      'L-2',
    ]);
    // A page's own word on the lease the server closed is not taken after it: its end is the record's.
    expect(await appendAsAdasPage('state', [{ ...readLease('L-2', 'shelter', 'active', Date.now()) }])).toMatchObject({
      ok: false,
      code: 'LEASE_ENDED',
    });
  });

  // The edges of the run (issue 35 item 2): each test below failed with its bug put back by hand.

  it("records a step written only under a receipt that verifies under the partner's own published key", async () => {
    const passkey = await enrol();
    // The pantry's manifest, on its way, names another key (the shelter's): the pantry's receipts
    // do not verify under it, so the desk cannot say the pantry holds the step.
    const otherKey = partners.get('shelter')!.publicKey;
    intercept = async (partner, path, forward) => {
      const answer = await forward();
      if (partner !== 'pantry' || path !== PARTNER_MANIFEST_PATH) return answer;
      const manifest = (await answer.json()) as Record<string, unknown>;
      return Response.json({ ...manifest, receipt_key: otherKey });
    };
    const { challenge } = await approve(lendAt('pantry'), passkey);
    const run = await ended(challenge);
    expect(run.status).toBe('failed');
    expect(run.problem).toContain(
      "pantry's receipt for lend_umbrellas is not over this step, or not signed by its key",
    );
    expect(await deskDb.query("SELECT step, outcome FROM desk_run_steps WHERE kind = 'step' ORDER BY step")).toEqual([
      { step: 0, outcome: 'unknown' },
    ]);
    const results = (await ledger()).filter((row) => row['event'] === 'tool_result');
    expect(results.map((row) => row['status'])).toEqual(['error']);
    expect(results.every((row) => !String(row['detail']).includes('verified=yes'))).toBe(true);
  });

  it('asks a partner for its receipt key once, not at every step it writes (the key kept a minute)', async () => {
    const passkey = await enrol();
    const { challenge } = await approve(lendAt('pantry', 'pantry', 'shelter'), passkey);
    expect(await ended(challenge)).toEqual({ status: 'done', problem: null });
    expect(await writesAt('pantry')).toHaveLength(2);
    const asked = sent.filter((request) => request.path === PARTNER_MANIFEST_PATH).map((request) => request.partner);
    expect(asked.sort()).toEqual(['pantry', 'shelter']);
  });

  it('checks a receipt that does not verify under the key it kept under the key the partner publishes now', async () => {
    const passkey = await enrol();
    // The first manifest the desk reads of the pantry names another key (as one a partner since
    // changed would); every later one the pantry's own.
    const otherKey = partners.get('shelter')!.publicKey;
    let lied = false;
    intercept = async (partner, path, forward) => {
      const answer = await forward();
      if (partner !== 'pantry' || path !== PARTNER_MANIFEST_PATH || lied) return answer;
      lied = true;
      return Response.json({ ...((await answer.json()) as Record<string, unknown>), receipt_key: otherKey });
    };
    const { challenge } = await approve(lendAt('pantry', 'pantry'), passkey);
    expect(await ended(challenge)).toEqual({ status: 'done', problem: null });
    expect(sent.filter((request) => request.path === PARTNER_MANIFEST_PATH)).toHaveLength(2);
    const results = (await ledger()).filter((row) => row['event'] === 'tool_result');
    expect(results.map((row) => readHopDetail(row['detail'] ?? '')['verified'])).toEqual(['yes', 'yes']);
  });

  it("signs no step authorization dated past its approval's expiry, so an approval shorter than the couple of minutes still runs", async () => {
    const passkey = await enrol();
    const expiresAt = new Date(Date.now() + 90_000).toISOString();
    const { challenge } = await approve(lendAt('pantry', 'shelter'), passkey, 'A-1', expiresAt);
    expect(await ended(challenge)).toEqual({ status: 'done', problem: null });
    const grants = stepsSent().map((request) => {
      const decoded = decodeStepAuthorization((request.body?.['input'] as Record<string, unknown>)['authorization']);
      if (!decoded.ok) throw new Error(decoded.reason);
      return decoded.authorization.grant;
    });
    expect(grants).toHaveLength(2);
    for (const grant of grants) expect(Date.parse(grant.expires_at)).toBeLessThanOrEqual(Date.parse(expiresAt));
  });

  it('sends no step from the very millisecond its approval expires; a millisecond before, it sends it', async () => {
    const passkey = await enrol();
    /** Approves a pantry-then-shelter plan, and sets the desk's clock to `at(expiry)` once the pantry's step is sent. */
    const runWithClockAt = async (id: string, borrower: string, at: (expiry: number) => number) => {
      // Close enough to the real time that the partners (on the real clock) take the step and its
      // undo as dated within the couple of minutes a desk's authorization is good for.
      const expiry = Date.now() + 20_000;
      clock = expiry - 10_000;
      intercept = async (partner, path, forward) => {
        if (partner === 'pantry' && path.startsWith('/api/writes/lend')) clock = at(expiry);
        return forward();
      };
      const plan: PlanSubstance = {
        v: 1,
        request: 'R-1',
        steps: lendAt('pantry', 'shelter').steps.map((step) => ({ ...step, args: { count: 1, borrower } })),
      };
      const { challenge } = await approve(plan, passkey, id, new Date(expiry).toISOString());
      return ended(challenge);
    };

    const atExpiry = await runWithClockAt('A-1', 'Bo', (expiry) => expiry);
    // Stopped there, and the pantry's loan taken back (its undo, return_umbrellas): the run is undone.
    expect(atExpiry.status).toBe('undone');
    expect(atExpiry.problem).toMatch(/^shelter: the approval expired at .* before this step was sent$/);
    expect(stepsSent().filter((request) => request.partner === 'shelter')).toEqual([]);
    expect(await writesAt('shelter')).toEqual([]);

    const before = await runWithClockAt('A-2', 'Cy', (expiry) => expiry - 1);
    expect(before).toEqual({ status: 'done', problem: null });
    expect(await writesAt('shelter')).toHaveLength(1);
  });

  it('takes up a run cut off mid-way: a step recorded written is not asked or sent again, a step sent but unrecorded is asked by its key and never written twice', async () => {
    const passkey = await enrol();
    // The first server sends the shelter's step, which the shelter writes, and never hears back:
    // it is cut off there, its pantry step recorded, the shelter's not.
    const cutOff = unanswered;
    intercept = async (partner, path, forward) => {
      if (partner !== 'shelter' || !path.startsWith('/api/writes/lend')) return forward();
      await forward();
      return new Promise<Response>((_resolve, reject) => cutOff.push(reject));
    };
    const { challenge } = await approve(lendAt('pantry', 'shelter'), passkey);
    await vi.waitFor(() => expect(cutOff).toHaveLength(1), { timeout: 60_000, interval: 100 });
    expect(await writesAt('shelter')).toHaveLength(1);
    expect(await deskDb.query("SELECT step, outcome FROM desk_run_steps WHERE kind = 'step' ORDER BY step")).toEqual([
      { step: 0, outcome: 'written' },
    ]);
    const keys = stepsSent().map((request) =>
      String((request.body?.['input'] as Record<string, unknown>)['idempotency_key']),
    );

    // Another server over the same database takes the run up when it starts.
    const seenAfter: Sent[] = [];
    const second = await openDeskServer(deskDb, { reachPartner: reachThrough(seenAfter, () => null) });
    try {
      expect(await ended(challenge)).toEqual({ status: 'done', problem: null });
    } finally {
      await second.close();
    }
    expect(seenAfter.filter((request) => request.path.startsWith('/api/writes/lend'))).toEqual([]);
    const asked = seenAfter.filter((request) => request.path.startsWith('/api/writes/by-key/'));
    expect(asked.map((request) => [request.partner, decodeURIComponent(request.path.split('/').at(-1)!)])).toEqual([
      ['shelter', keys[1]],
    ]);
    for (const site of SITES_USED) expect(await writesAt(site)).toHaveLength(1);
    const results = (await ledger()).filter((row) => row['event'] === 'tool_result');
    expect(results.map((row) => [row['from'], row['status']])).toEqual([
      ['pantry', 'ok'],
      ['shelter', 'ok'],
    ]);
    expect(results[1]?.['detail']).toContain('reconciled=by_key');

    // The first server's call fails at last (afterEach), and it reaches no partner from then on.
  });

  it("keeps a run's closure owed to a partner until the partner takes it", async () => {
    const passkey = await enrol();
    let refusing = true;
    intercept = async (partner, path, forward) =>
      partner === 'shelter' && path === RUN_CLOSED_PATH && refusing
        ? Response.json({ ok: false, code: 'DESK_UNREACHABLE' }, { status: 503 })
        : forward();
    const { challenge } = await approve(lendAt('pantry', 'shelter'), passkey);
    expect(await ended(challenge)).toEqual({ status: 'done', problem: null });
    const owed = () =>
      deskDb.query<{ partner: string; delivered: boolean }>(
        'SELECT partner, delivered_at IS NOT NULL AS delivered FROM desk_run_closures ORDER BY partner',
      );
    await vi.waitFor(async () => expect((await owed()).find((row) => row.partner === 'pantry')?.delivered).toBe(true), {
      timeout: 30_000,
      interval: 100,
    });
    expect(
      sent.filter((request) => request.partner === 'shelter' && request.path === RUN_CLOSED_PATH).length,
    ).toBeGreaterThan(0);
    expect(await owed()).toEqual([
      { partner: 'pantry', delivered: true },
      { partner: 'shelter', delivered: false },
    ]);
    expect(await partnerDbs.get('shelter')!.query('SELECT approval FROM partner_closed_runs')).toEqual([]);

    // The shelter takes it when next asked (the desk's server tries again: every 500 ms here).
    refusing = false;
    await vi.waitFor(
      async () =>
        expect(await owed()).toEqual([
          { partner: 'pantry', delivered: true },
          { partner: 'shelter', delivered: true },
        ]),
      { timeout: 30_000, interval: 200 },
    );
    expect(await partnerDbs.get('shelter')!.query('SELECT approval FROM partner_closed_runs')).toEqual([
      { approval: 'A-1' },
    ]);
  });
});

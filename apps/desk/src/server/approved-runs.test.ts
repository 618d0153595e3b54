// An approved run belongs to the desk's server (issue 29): with this desk's real server on PGlite
// and two real partner servers (the kit's umbrella stand on the pantry's and the shelter's
// origins, each on its own PGlite), a dispatcher enrols and approves with a software passkey, and
// the desk's server carries out the plan itself, server to server. Every request the desk sends a
// partner is seen on its way (as a network tap would see it), so the test holds whatever the desk
// signed, and sends it again as an attacker would.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { readHopDetail, type PartnerName, type PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import { definePartner } from '@warrant/partner-kit';
import { openPartnerServer, type PartnerServer } from '@warrant/partner-kit/server';
import { umbrellaStand } from '@warrant/partner-kit/testing';
import { openPgliteDatabase, type Database, type SiteServer } from '@warrant/site-server';
import { openDeskServer } from '../server.ts';
import { setupLinkCode } from '../testing/desk-people.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;
const fresh = () => `t_${randomUUID().slice(0, 8)}`;
const openDb = () => openPgliteDatabase({ dataDir: join(inject('pgliteRoot'), fresh()) });

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

describe("the desk's server runs an approved plan itself", () => {
  let deskDb: Database;
  let desk: SiteServer;
  let deskApp: Hono;
  const partnerDbs = new Map<PartnerName, Database>();
  const partners = new Map<PartnerName, PartnerServer<unknown>>();
  const partnerApps = new Map<PartnerName, Hono>();
  let sent: Sent[];
  let down: Set<PartnerName>;

  beforeEach(async () => {
    session = '';
    sent = [];
    down = new Set();
    deskDb = await openDb();
    desk = await openDeskServer(deskDb, {
      // Server to server, seen on the way; a partner that is down answers nothing.
      reachPartner: async (partner, path, init) => {
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
        sent.push({ partner, path, body });
        if (down.has(partner)) throw new TypeError('fetch failed');
        const app = partnerApps.get(partner);
        if (!app) throw new TypeError('fetch failed');
        return app.request(path, init);
      },
    });
    deskApp = new Hono();
    desk.routes(deskApp);
    for (const site of SITES_USED) {
      const db = await openDb();
      partnerDbs.set(site, db);
      const partner = (await openPartnerServer(definePartner({ ...umbrellaStand, site }), {
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
  });
  afterEach(async () => {
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

  /** Raises A-1 for `substance` and grants it with the passkey: the grant's answer, as the page receives it. */
  async function approve(substance: PlanSubstance, passkey: SoftwarePasskey, id = 'A-1') {
    const raised = await call(
      deskApp,
      'POST',
      '/api/approvals',
      { id, plan: 'P-1', substance, expires_at: new Date(Date.now() + 10 * 60_000).toISOString() },
      session,
    );
    const challenge = raised.body['challenge'] as string;
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

  it("a new book's A-1 after a desk reset writes afresh at a partner that kept the earlier book's A-1 write, never answered with it", async () => {
    const ada = await enrolAda();
    const first = await approve(lendAt('pantry'), ada.passkey);
    expect(await ended(first.challenge)).toEqual({ status: 'done', problem: null });
    await resetTheDesk(ada);

    // The pantry was not reset: it still holds the first book's write. The new book numbers its
    // approvals from A-1 again; its run of another plan must be a write of its own.
    const other: PlanSubstance = {
      ...lendAt('pantry'),
      steps: [{ ...lendAt('pantry').steps[0]!, args: { count: 1, borrower: 'Cy' } }],
    };
    const second = await approve(other, ada.passkey);
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

    // Done is done: a third approval of the plan is refused, and nothing more is written.
    const third = await approve(lendAt('shelter'), passkey, 'A-3');
    expect(third.granted).toMatchObject({ status: 409, body: { ok: false, code: 'PLAN_ALREADY_APPROVED' } });
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
});

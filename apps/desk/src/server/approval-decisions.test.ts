// An approval is decided once, by the desk's server, through its routes' contracts:
// - a grant turns a pending approval into a granted one exactly once, also when two dispatchers
//   grant it at the same moment on two database connections (PostgreSQL, where they truly race);
// - a reject decides only a pending approval: a granted one stays granted, and its plan stays
//   granted (it cannot be granted again under another approval);
// - an approval is void from the millisecond it expires: a grant then is refused and the approval
//   stays undecided; a millisecond before, it is granted (the server's clock, `now`, decides).
// Dispatchers enrol and approve with software passkeys the server verifies for real.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import type { PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import { openPostgresDatabase, type Database, type SiteServer } from '@warrant/site-server';
import { appTestEngines, freshName } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { setupLinkCode } from '../testing/desk-people.ts';
import { raiseTestApproval } from '../testing/test-approvals.ts';
import { unansweredPartners } from '../testing/unanswered-partners.ts';

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly [key: string]: unknown;
}

const plan = (request: string): PlanSubstance => ({
  v: 1,
  request,
  steps: [{ origin: SITES.pantry.origin, tool: 'reserve_parcels', args: { parcels: 2 } }],
});

/** The desk's routes over `db`, on a clock the test sets. */
async function deskOver(db: Database, clock: { now: number | null }) {
  // A granted plan's run stays under way while the test asserts on its grant; let go before closing.
  const partners = unansweredPartners();
  const opened: SiteServer = await openDeskServer(db, {
    now: () => clock.now ?? Date.now(),
    reachPartner: partners.reach,
  });
  const server: SiteServer = {
    ...opened,
    close: async () => {
      partners.letGo();
      await opened.close();
    },
  };
  const app = new Hono();
  server.routes(app);

  // The session of the dispatcher enrolled last: their page asks for approvals (only a signed-in page may).
  let session = '';
  async function call(path: string, body: unknown = {}): Promise<{ status: number; body: Answer; setCookie: string }> {
    const response = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(session ? { cookie: session } : {}) },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as Answer,
      setCookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    };
  }
  return {
    server,
    call,
    async enrol(name: string): Promise<{ id: string; passkey: SoftwarePasskey }> {
      const passkey = softwarePasskey();
      const options = await call('/api/dispatchers/options', { name, link: await setupLinkCode(server) });
      const challenge = (options.body['options'] as { challenge: string }).challenge;
      const enrolled = await call('/api/dispatchers', { response: passkey.register(challenge, ORIGIN, RP_ID) });
      expect(enrolled.body).toMatchObject({ ok: true });
      session = enrolled.setCookie;
      return { id: (enrolled.body['dispatcher'] as { id: string }).id, passkey };
    },
    /** Raises approval `id` of `substance`, drafted in the desk's record first: its expiry is the server's. */
    async raise(id: string, substance: PlanSubstance) {
      const raised = await raiseTestApproval(app, { cookie: session }, substance);
      expect(raised).toMatchObject({ ok: true, approval: { id } });
      const statement = raised['statement'] as { expires_at: string };
      return { challenge: raised['challenge'] as string, expiresAt: Date.parse(statement.expires_at) };
    },
    grant: (challenge: string, by: { passkey: SoftwarePasskey }) =>
      call(`/api/approvals/${challenge}/grant`, { response: by.passkey.assert(challenge, ORIGIN, RP_ID) }),
    reject: (challenge: string) => call(`/api/approvals/${challenge}/reject`),
    async decision(challenge: string) {
      const answer = await (await app.request(`/api/approvals/${challenge}`)).json();
      return answer as { status: string; decided_by: { id: string } | null };
    },
  };
}

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  'deciding an approval on the desk server, on %s',
  (_engine, open) => {
    let db: Database;
    let desk: Awaited<ReturnType<typeof deskOver>>;
    const clock: { now: number | null } = { now: null };

    beforeEach(async () => {
      clock.now = null;
      db = await open();
      desk = await deskOver(db, clock);
    });
    afterEach(async () => {
      await desk.server.close();
      await db.close();
    });

    it('refuses to reject a granted approval: it stays granted by its dispatcher, and its plan cannot be granted again', async () => {
      const ada = await desk.enrol('Ada');
      const substance = plan('R-1');
      const first = await desk.raise('A-1', substance);
      const second = await desk.raise('A-2', substance);
      expect((await desk.grant(first.challenge, ada)).body).toMatchObject({ ok: true });

      const rejected = await desk.reject(first.challenge);
      expect(rejected).toMatchObject({ status: 409, body: { ok: false, isError: true, code: 'APPROVAL_NOT_PENDING' } });
      expect(await desk.decision(first.challenge)).toMatchObject({ status: 'granted', decided_by: { id: ada.id } });
      // The plan is still the granted one: another approval of it is not granted.
      const again = await desk.grant(second.challenge, ada);
      expect(again).toMatchObject({ status: 409, body: { ok: false, code: 'PLAN_ALREADY_APPROVED' } });
      expect(await desk.decision(second.challenge)).toMatchObject({ status: 'pending' });

      // A rejected approval is decided too: rejected once, never again, never granted.
      expect((await desk.reject(second.challenge)).body).toMatchObject({ ok: true, rejected: 'A-2' });
      expect((await desk.reject(second.challenge)).body).toMatchObject({ ok: false, code: 'APPROVAL_NOT_PENDING' });
      expect((await desk.grant(second.challenge, ada)).body).toMatchObject({ ok: false, code: 'APPROVAL_DECIDED' });
    });

    it('refuses a grant at the very millisecond the approval expires, and leaves it undecided; a millisecond before, it is granted', async () => {
      const ada = await desk.enrol('Ada');
      const { challenge, expiresAt } = await desk.raise('A-1', plan('R-1'));
      clock.now = expiresAt;
      const late = await desk.grant(challenge, ada);
      expect(late).toMatchObject({ status: 409, body: { ok: false, isError: true, code: 'APPROVAL_EXPIRED' } });
      expect(late.body['authorizations']).toBeUndefined();
      expect(await desk.decision(challenge)).toMatchObject({ status: 'pending', decided_by: null });
      clock.now = expiresAt + 60_000;
      expect((await desk.grant(challenge, ada)).body).toMatchObject({ ok: false, code: 'APPROVAL_EXPIRED' });

      clock.now = expiresAt - 1;
      expect((await desk.grant(challenge, ada)).body).toMatchObject({ ok: true, dispatcher: { id: ada.id } });
      expect(await desk.decision(challenge)).toMatchObject({ status: 'granted' });
    });
  },
);

describe('two grants of one approval at the same moment, on PostgreSQL', () => {
  let db: Database;
  let schema: string;
  let desk: Awaited<ReturnType<typeof deskOver>>;

  beforeEach(async () => {
    schema = freshName();
    db = await openPostgresDatabase({ url: inject('postgresUrl'), schema });
    desk = await deskOver(db, { now: null });
  });
  afterEach(async () => {
    await desk.server.close();
    await db.close();
  });

  it('grants it exactly once: both grants read the approval while it is pending, one wins, the other is told it was decided', async () => {
    const ada = await desk.enrol('Ada');
    const ben = await desk.enrol('Ben');
    const { challenge } = await desk.raise('A-1', plan('R-1'));

    // Writes to approvals wait while this transaction holds the table in SHARE mode; reads, and
    // reads that lock rows, do not. So each grant reads the approval and checks its passkey, and
    // then waits to record its decision: both are in flight at once, on two connections, before
    // either decides. Once both wait on a lock, the table is let go.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.query('LOCK TABLE approvals IN SHARE MODE');
      locked();
      await held;
    });
    await isLocked;
    const grants = Promise.all([desk.grant(challenge, ada), desk.grant(challenge, ben)]);
    await vi.waitFor(
      async () => {
        const [row] = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'",
          [`warrant-${schema}`],
        );
        expect(row?.n).toBe(2);
      },
      { timeout: 30_000, interval: 50 },
    );
    letGo();
    await holder;
    const answers = await grants;

    const won = answers.filter((answer) => answer.body.ok);
    expect(won).toHaveLength(1);
    const lost = answers.find((answer) => !answer.body.ok)!;
    expect(lost).toMatchObject({
      status: 409,
      body: { ok: false, code: 'APPROVAL_DECIDED', details: { status: 'granted' } },
    });
    const winner = (won[0]!.body['dispatcher'] as { id: string }).id;
    expect(await desk.decision(challenge)).toMatchObject({ status: 'granted', decided_by: { id: winner } });
  });
});

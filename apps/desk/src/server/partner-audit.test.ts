// A partner keeps what it saw of the desk's ledger and checks the desk against it, with this desk's
// real server on PGlite: a dispatcher enrols and approves with a software passkey, the partner's
// server (the kit's umbrella stand, on the pantry's origin) writes under the desk's step
// authorization and keeps the desk's signed tree head, the desk records the write's row, and the
// partner's audit (its own route, as its staff's button calls it) checks consistency and inclusion
// proofs from the desk. A row rewritten in the desk's database behind its server is reported on the
// partner's own record. Server to server calls go to the desk's Hono app directly. The cover-up (a
// partner write with no desk row, and a row made up to hide it) is refused by the desk's server.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import {
  AUTHORIZATION_FIELD,
  authorizedArgsDigest,
  issueStepAuthorization,
  signingKeyFrom,
  STEP_AUTHORIZATION_TTL_MS,
  type ApprovalStatement,
  type PasskeyAssertion,
} from '@warrant/authority';
import { leasedReadDraft } from '@warrant/ledger/testing';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { hopDetail, stepIdempotencyKey, type PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { LedgerDraft, LogHead } from '@warrant/ledger';
import { openPartnerServer, type PartnerServer } from '@warrant/partner-kit/server';
import { undoableUmbrellaStand } from '@warrant/partner-kit/testing';
import type { Database, SiteServer } from '@warrant/site-server';
import { reusedTestPglite } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { setupLinkCode } from '../testing/desk-people.ts';
import { directoryServedBy } from '../testing/partner-directory.ts';
import { raiseTestApproval } from '../testing/test-approvals.ts';

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;
// Each test's two databases empty, on PGlite instances the file's earlier tests closed.
const openDb = reusedTestPglite(inject('pgliteRoot'));
const writer = randomUUID().replace(/-/g, '');

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly [key: string]: unknown;
}

interface Audit {
  readonly at: string;
  readonly outcome: 'passed' | 'failed' | 'unchecked';
  readonly summary: string;
  readonly findings: readonly { readonly code: string; readonly message: string }[];
}

/** The desk's hop to the laundry (lend_umbrellas), under L-1. */
const hop = (extra: Partial<LedgerDraft>): LedgerDraft => leasedReadDraft('', { verb: 'lend_umbrellas', ...extra });

describe("a partner keeps what it saw of the desk's ledger, and checks it", () => {
  let deskDb: Database;
  let partnerDb: Database;
  let desk: SiteServer;
  let deskApp: Hono;
  let partner: PartnerServer<unknown>;
  let partnerApp: Hono;
  let clock: Date;
  let ledgerAnswers: (body: unknown) => unknown;
  // The session cookie of the dispatcher whose page appends (none until one enrols).
  let session = '';

  const openDesk = async () => {
    desk = await openDeskServer(deskDb, {
      // The desk learns the partner's receipt key from the partner's own manifest, as from its origin.
      receiptKeyOf: async () =>
        (
          (await (await partnerApp.request('/.well-known/warrant-partner.json')).json()) as {
            receipt_key: string | null;
          }
        ).receipt_key,
      reachPartner: async (_partner, path, init) => partnerApp.request(path, init),
      // The umbrella stand on the pantry's origin, as its own manifest says (what a plan may write).
      partners: await directoryServedBy([partnerApp]),
    });
    deskApp = new Hono();
    desk.routes(deskApp);
  };

  beforeEach(async () => {
    [deskDb, partnerDb] = await Promise.all([openDb(), openDb()]);
    clock = new Date();
    session = '';
    ledgerAnswers = (body) => body;
    partner = (await openPartnerServer(undoableUmbrellaStand(), {
      db: partnerDb,
      now: () => clock,
      // The partner trusts the key the desk's origin serves, as deskFromItsOrigin does.
      desk: async () => {
        const record = (await (await deskApp.request('/.well-known/warrant-desk.json')).json()) as { key: string };
        return { ok: true, record: record as never, trustedKey: record.key };
      },
      deskLedger: async (path) => {
        const response = await deskApp.request(path);
        return path.startsWith('/api/ledger/head')
          ? Response.json(ledgerAnswers(await response.json()), { status: response.status })
          : response;
      },
    })) as PartnerServer<unknown>;
    partnerApp = new Hono();
    partner.routes(partnerApp);
    // After the partner: the desk reads what it may plan there from the partner's manifest.
    await openDesk();
  });
  afterEach(async () => {
    await partner.close();
    await desk.close();
    await Promise.all([deskDb.close(), partnerDb.close()]);
  });

  async function call(
    app: Hono,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    cookie = app === deskApp ? session : '',
  ): Promise<Answer> {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const response = await app.request(path, {
      method,
      ...(body === undefined
        ? { headers }
        : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return (await response.json()) as Answer;
  }

  const substanceOf = (approval: string): PlanSubstance => ({
    v: 1,
    request: `R-${approval}`,
    steps: [{ origin: SITES.pantry.origin, tool: 'lend_umbrellas', args: { count: 1, borrower: 'Bo' } }],
  });
  /** The server raises `approval` (A-n) of plan P-n, which the test drafts in the desk's record first. */
  const raise = async (approval: string) => {
    const raised = await raiseTestApproval(
      deskApp,
      { cookie: session },
      substanceOf(approval),
      `P-${approval.slice(2)}`,
    );
    expect(raised).toMatchObject({ ok: true, approval: { id: approval } });
    return raised;
  };

  /** A dispatcher approves a one-step plan with the passkey; the desk's server runs it. Answers the partner's receipt. */
  async function approve(approval: string, passkey: SoftwarePasskey): Promise<string> {
    const challenge = (await raise(approval))['challenge'] as string;
    const granted = await call(deskApp, 'POST', `/api/approvals/${challenge}/grant`, {
      response: passkey.assert(challenge, ORIGIN, RP_ID),
    });
    expect(granted).toMatchObject({ ok: true });
    await vi.waitFor(
      async () => {
        const run = (await call(deskApp, 'GET', `/api/approvals/${challenge}`))['run'] as { status: string };
        expect(run.status).toBe('done');
      },
      { timeout: 60_000, interval: 100 },
    );
    const entries = (await call(partnerApp, 'GET', '/api/record'))['entries'] as {
      kind: string;
      args?: Record<string, unknown>;
      receipt?: { id: string };
    }[];
    const written = entries.find(
      (entry) =>
        entry.kind === 'write' && entry.args?.['idempotency_key'] === stepIdempotencyKey(approval, challenge, 0),
    );
    return written!.receipt!.id;
  }

  /** A write at the partner under the desk's own key, which the desk's server never ran: no desk row names it. */
  async function writeBehindTheDesk(approval: string, passkey: SoftwarePasskey): Promise<string> {
    const raised = await raise(approval);
    const statement = raised['statement'] as ApprovalStatement;
    const assertion = passkey.assert(raised['challenge'] as string, ORIGIN, RP_ID) as unknown as PasskeyAssertion;
    const [stored] = await deskDb.query<{ secret_key: Uint8Array }>('SELECT secret_key FROM desk_signing_key');
    const args = {
      count: 1,
      borrower: 'Bo',
      request: `R-${approval}`,
      idempotency_key: stepIdempotencyKey(approval, raised['challenge'] as string, 0),
    };
    const [dispatcher] = await deskDb.query<{ id: string }>('SELECT id FROM dispatchers');
    const step = issueStepAuthorization(
      signingKeyFrom(stored!.secret_key),
      {
        v: 1,
        kind: 'step',
        approval,
        plan_digest: statement.plan_digest,
        step: 0,
        partner_origin: SITES.pantry.origin,
        tool: 'lend_umbrellas',
        args_digest: authorizedArgsDigest(args),
        expires_at: new Date(Date.now() + STEP_AUTHORIZATION_TTL_MS).toISOString(),
        dispatcher: dispatcher!.id,
      },
      statement,
      assertion,
    );
    const written = await call(partnerApp, 'POST', '/api/writes/lend_umbrellas', {
      input: { ...args, [AUTHORIZATION_FIELD]: step },
      caller: 'runner',
      channel: 'webmcp',
    });
    expect(written).toMatchObject({ ok: true });
    return (written['receipt'] as { id: string }).id;
  }

  async function enrol(): Promise<SoftwarePasskey> {
    const passkey = softwarePasskey();
    const options = await call(deskApp, 'POST', '/api/dispatchers/options', {
      name: 'Ada',
      link: await setupLinkCode(desk),
    });
    const challenge = (options['options'] as { challenge: string }).challenge;
    const response = await deskApp.request('/api/dispatchers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response: passkey.register(challenge, ORIGIN, RP_ID) }),
    });
    expect(await response.json()).toMatchObject({ ok: true });
    session = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return passkey;
  }

  const appendToDesk = async (records: readonly LedgerDraft[]) => {
    const basis = (await call(deskApp, 'GET', '/api/logs/ledger'))['head'] as LogHead;
    expect(await call(deskApp, 'POST', '/api/logs/ledger/append', { writer, basis, records })).toMatchObject({
      ok: true,
    });
  };

  /** The run as the desk's server carries it out and records it; `recordTheResult: false` writes behind the desk's back. */
  async function run(
    approval: string,
    passkey: SoftwarePasskey,
    options: { readonly recordTheResult?: boolean } = {},
  ): Promise<string> {
    return options.recordTheResult === false ? writeBehindTheDesk(approval, passkey) : approve(approval, passkey);
  }

  /** The partner's staff press "Check the desk's record" a minute later (past the grace for the desk's rows). */
  async function check(): Promise<Audit> {
    clock = new Date(clock.getTime() + 60_000);
    const answer = await call(partnerApp, 'POST', '/api/desk-audit', {});
    expect(answer).toMatchObject({ ok: true });
    return answer['audit'] as Audit;
  }
  const shown = async (): Promise<readonly Audit[]> =>
    (await call(partnerApp, 'GET', '/api/record'))['deskAudits'] as Audit[];

  it("an honest desk passes: every receipt's row is in the desk's signed head, which extends the heads the partner kept", async () => {
    const passkey = await enrol();
    await run('A-1', passkey);
    await run('A-2', passkey);
    const audit = await check();
    expect(audit).toMatchObject({ outcome: 'passed', findings: [] });
    expect(audit.summary).toBe('2 of 2 of our receipts are in it, consistent with the 2 heads we hold.');
    await run('A-3', passkey);
    // The head the partner keeps with A-3's write is the desk's head when the partner asked for it,
    // after the write: by then the desk may already have recorded the run's end, and that head is
    // the one the check reads (a head is held once). Three heads or four; every receipt in it.
    expect((await check()).summary).toMatch(
      /^3 of 3 of our receipts are in it, consistent with the [34] heads we hold\.$/,
    );
    expect((await shown()).map((kept) => kept.outcome)).toEqual(['passed', 'passed']);
  });

  it("a desk row rewritten in the database behind the desk's server: the partner's check fails and its record says the desk's record changed", async () => {
    const passkey = await enrol();
    const receipt = await run('A-1', passkey);
    expect(await check()).toMatchObject({ outcome: 'passed' });
    // Someone with the desk's database changes what the row of our receipt says.
    await deskDb.query(
      "UPDATE desk_log_records SET record = replace(record, 'lend_umbrellas', 'lend_umbrellaz') WHERE log = 'ledger' AND record LIKE $1",
      [`%receipt=${receipt}%`],
    );

    // The desk's server still has the row it signed: the row it now shows is not in its head.
    const rewritten = await check();
    expect(rewritten.outcome).toBe('failed');
    expect(rewritten.findings).toEqual([expect.objectContaining({ code: 'ROW_NOT_IN_HEAD' })]);
    // Row 1 is Ada's enrolment and row 2 her page's taking R-A-1 in, both recorded by the desk's server.
    expect(rewritten.findings[0]?.message).toMatch(
      /^The desk's record changed after we saw it: its row 5, which names our receipt /,
    );

    // A fresh desk process builds its tree from the rewritten rows: the desk itself refuses to sign a
    // head that does not extend the one it signed, so the partner's check cannot pass either.
    await desk.close();
    await openDesk();
    await appendToDesk([hop({ detail: 'later' })]);
    expect(await call(deskApp, 'GET', '/api/ledger/head')).toMatchObject({
      ok: false,
      code: 'LEDGER_NOT_CONSISTENT_WITH_SIGNED',
    });
    const later = await check();
    // The desk saying its record is not what it signed is a finding, not "could not check".
    expect(later.outcome).toBe('failed');
    expect(later.findings).toEqual([
      {
        code: 'HISTORY_CHANGED',
        message: expect.stringMatching(
          /^The desk's record changed after it signed it, the desk says itself \(LEDGER_NOT_CONSISTENT_WITH_SIGNED\): The desk's record no longer begins with the 6 rows it signed/,
        ),
      },
    ]);
    // Both are kept on the partner's own record, newest first.
    expect((await shown()).map((kept) => kept.outcome)).toEqual(['failed', 'failed', 'passed']);
  });

  it('a receipt the desk authorized with no row on the desk is a finding; a head not signed with the desk key is one too', async () => {
    const passkey = await enrol();
    const receipt = await run('A-1', passkey, { recordTheResult: false });
    const missing = await check();
    expect(missing).toMatchObject({ outcome: 'failed', findings: [{ code: 'RECEIPT_NOT_ON_DESK' }] });
    expect(missing.findings[0]?.message).toContain(`Our receipt ${receipt} (lend_umbrellas, at `);

    // A head claiming one row more than the desk signed.
    ledgerAnswers = (body) => ({ ...(body as object), size: ((body as { size?: number }).size ?? 0) + 1 });
    const forged = await check();
    expect(forged).toMatchObject({ outcome: 'failed', findings: [{ code: 'HEAD_SIGNATURE_INVALID' }] });
  });

  it("the cover-up: a partner write with no desk row, and a row made up to name its receipt, is refused by the desk; the partner's check still finds the receipt missing", async () => {
    const passkey = await enrol();
    const receipt = await run('A-1', passkey, { recordTheResult: false });
    const madeUp = (detail: Record<string, string>) =>
      hop({ event: 'tool_result', from: 'pantry', to: 'desk', request: 'R-A-1', detail: hopDetail(detail) });
    const basis = (await call(deskApp, 'GET', '/api/logs/ledger'))['head'] as LogHead;
    // With no session, as measured: refused.
    expect(
      await call(
        deskApp,
        'POST',
        '/api/logs/ledger/append',
        { writer, basis, records: [madeUp({ tool: 'lend_umbrellas', receipt })] },
        '',
      ),
    ).toMatchObject({ ok: false, isError: true, code: 'NOT_SIGNED_IN' });
    // From a dispatcher's page, naming the receipt with a made-up digest and signature: refused.
    expect(
      await call(deskApp, 'POST', '/api/logs/ledger/append', {
        writer,
        basis,
        records: [
          madeUp({
            tool: 'lend_umbrellas',
            receipt,
            receipt_digest: 'ab'.repeat(32),
            receipt_signature: Buffer.alloc(64, 1).toString('base64'),
          }),
        ],
      }),
    ).toMatchObject({ ok: false, isError: true, code: 'RECEIPT_UNVERIFIED' });
    const audit = await check();
    expect(audit).toMatchObject({ outcome: 'failed', findings: [{ code: 'RECEIPT_NOT_ON_DESK' }] });
    expect(audit.summary).not.toContain('1 of 1 of our receipts are in it');
  });

  it("a write goes through when the desk's ledger cannot be reached; the check then says it could not check", async () => {
    const passkey = await enrol();
    ledgerAnswers = () => {
      throw new Error('the desk is down');
    };
    await run('A-1', passkey);
    const audit = await check();
    expect(audit.outcome).toBe('unchecked');
  });
});

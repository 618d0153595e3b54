// The edges of a partner's check of the desk's step authorization, through its write route, each
// stated as the rule it follows rather than as the code does it:
//
// - who may approve comes from the desk's list of dispatchers only as the desk signed it (a list
//   changed after signing, or signed by another key, names nobody);
// - the passkey that approved must be one of the dispatcher the grant names (WebAuthn: a relying
//   party looks the credential up for the user it expects, and its record blames that user);
// - the statement the passkey signed is the grant's own: the same approval and the same plan;
// - single use is per (plan digest, step, kind): each step of a plan is written once, and every
//   step may be; an undo is the undo of its own step's write, found by plan digest and step;
// - an authorization is good strictly before its expiry: at the very millisecond it is void; a
//   step is never dated past its approval, not even by a millisecond.
//
// The desk is real parts (./testing/test-desk.ts: a desk Ed25519 key, software passkeys verified
// by the real @simplewebauthn/server); requests are real Hono requests to the partner's routes.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  approvalChallenge,
  decodeStepAuthorization,
  newSigningKey,
  signCanonical,
  type StepGrant,
} from '@warrant/authority';
import { softwarePasskey } from '@warrant/authority/testing';
import { compensationFor, type PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { Database } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { free, undoableUmbrellaStand, type Stand } from '../fixture/umbrella-stand.ts';
import { compensationsOf } from '../manifest.ts';
import type { AuthorizationCheck, DeskRecord } from './authorization-check.ts';
import { openPartnerServer, type PartnerServer } from './partner-server.ts';
import { testDesk, type TestDesk, type TestDispatcher } from './testing/test-desk.ts';

const HERE = SITES.pantry.origin;

// The fixture stand, whose loan is undone by returning it (lend_umbrellas → return_umbrellas, by
// the loan its result names), so an undo can be tested on it.
const stand = undoableUmbrellaStand();

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly message?: string;
  readonly details?: Record<string, unknown>;
  readonly result?: Record<string, unknown>;
  readonly receipt?: { readonly id: string };
}

/** Two loans at this stand, as one plan. */
const twoLoans = (request: string): PlanSubstance => ({
  v: 1,
  request,
  steps: [
    { origin: HERE, tool: 'lend_umbrellas', args: { count: 1, borrower: 'Ada' } },
    { origin: HERE, tool: 'lend_umbrellas', args: { count: 2, borrower: 'Ben' } },
  ],
});
const oneLoan = (request: string, borrower = 'Ada'): PlanSubstance => ({
  v: 1,
  request,
  steps: [{ origin: HERE, tool: 'lend_umbrellas', args: { count: 1, borrower } }],
});

const grantOf = (token: string | null): StepGrant => {
  const decoded = decodeStepAuthorization(token);
  if (!decoded.ok) throw new Error(decoded.reason);
  return decoded.authorization.grant;
};

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "the partner's check of a step authorization at its edges, on %s",
  (_engine, open) => {
    let db: Database;
    let server: PartnerServer<Stand>;
    let app: Hono;
    let desk: TestDesk;
    let clock: Date;
    let reachDesk: AuthorizationCheck['desk'];

    beforeEach(async () => {
      db = await open();
      desk = testDesk(compensationsOf(stand));
      reachDesk = desk.trust;
      clock = new Date();
      server = await openPartnerServer(stand, { db, now: () => clock, desk: () => reachDesk() });
      app = new Hono();
      server.routes(app);
    });
    afterEach(async () => {
      await server.close();
      await db.close();
    });

    async function write(tool: string, input: Record<string, unknown>): Promise<{ status: number; body: Answer }> {
      const response = await app.request(`/api/writes/${tool}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input, caller: 'runner', channel: 'webmcp' }),
      });
      return { status: response.status, body: (await response.json()) as Answer };
    }
    const openLoans = () =>
      server.site.state
        .peek()
        .domain.loans.filter((loan) => loan.open)
        .map((loan) => loan.id);
    const writtenCount = async () =>
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM partner_entries WHERE (entry::jsonb ->> 'kind') = 'write'",
        )
      )[0]?.n;

    /** Refused AUTHORIZATION_INVALID for `reason`, with nothing changed. */
    function expectRefused(answer: { status: number; body: Answer }, reason: string | RegExp): void {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ ok: false, code: 'AUTHORIZATION_INVALID' });
      expect(String(answer.body.details?.['reason'])).toMatch(reason);
    }

    /** The desk's record as served, changed by `change`, the desk's own key trusted. */
    const servedRecord =
      (change: (record: DeskRecord) => DeskRecord): AuthorizationCheck['desk'] =>
      async () => ({ ok: true, record: change(desk.record()), trustedKey: desk.key.publicKey });

    it('takes a dispatcher only from a list the desk signed: one added after signing, or a list signed with another key, approves nothing', async () => {
      const mallory: TestDispatcher = { id: 'D-mal', name: 'Mallory', passkey: softwarePasskey() };
      const approved = desk.approve('A-1', oneLoan('R-1'), { by: mallory });
      const { args, step } = approved.steps[0]!;
      // Mallory's entry as the desk lists a dispatcher (her credential's id and public key).
      desk.dispatchers = [...desk.dispatchers, mallory];
      const malloryEntry = desk.record().dispatchers.list.dispatchers.find((entry) => entry.id === mallory.id)!;
      desk.dispatchers = desk.dispatchers.filter((entry) => entry.id !== mallory.id);
      const listing = (record: DeskRecord) => ({
        ...record.dispatchers.list,
        dispatchers: [...record.dispatchers.list.dispatchers, malloryEntry],
      });

      // Added to the desk's signed list after it was signed: the signature is the desk's, over a list without her.
      reachDesk = servedRecord((record) => ({
        ...record,
        dispatchers: {
          list: listing(record),
          signature: record.dispatchers.signature,
        },
      }));
      expectRefused(
        await write('lend_umbrellas', { ...args, authorization: step }),
        "the desk's list of dispatchers is not signed by the desk",
      );
      // A list naming her, signed — but with another key than the desk's.
      const stranger = newSigningKey();
      reachDesk = servedRecord((record) => {
        const list = listing(record);
        return { ...record, dispatchers: { list, signature: signCanonical(stranger, list) } };
      });
      expectRefused(
        await write('lend_umbrellas', { ...args, authorization: step }),
        "the desk's list of dispatchers is not signed by the desk",
      );
      expect(await writtenCount()).toBe(0);
      expect(openLoans()).toEqual([]);

      // The desk itself lists her and signs that: the same authorization is good.
      desk.dispatchers = [...desk.dispatchers, mallory];
      reachDesk = desk.trust;
      expect((await write('lend_umbrellas', { ...args, authorization: step })).body).toMatchObject({ ok: true });
    });

    it("looks the passkey up among the named dispatcher's credentials only: a grant naming Ada with Ben's passkey is refused, and nothing is recorded against Ada", async () => {
      const ben: TestDispatcher = { id: 'D-ben', name: 'Ben', passkey: softwarePasskey() };
      desk.dispatchers = [...desk.dispatchers, ben];
      const approved = desk.approve('A-1', oneLoan('R-1'), { by: ben });
      const { args, step } = approved.steps[0]!;
      expect(grantOf(step).dispatcher).toBe('D-ben');
      // The desk's signed grant says Ada approved; the passkey that signed is Ben's, on the list too.
      const blamesAda = desk.issue({ ...grantOf(step), dispatcher: 'D-ada' }, approved.statement, approved.assertion);
      expectRefused(
        await write('lend_umbrellas', { ...args, authorization: blamesAda }),
        "the passkey that approved is not one of Ada's",
      );
      expect(await writtenCount()).toBe(0);
      expect(await db.query('SELECT count(*)::int AS n FROM partner_authorization_uses')).toEqual([{ n: 0 }]);
      // Naming Ben, who did approve, it is good.
      expect((await write('lend_umbrellas', { ...args, authorization: step })).body).toMatchObject({ ok: true });
    });

    it("takes the passkey's statement only when it names the grant's own approval and plan: a statement of another approval of the same plan, or of another plan under the same approval, is refused", async () => {
      const substance = oneLoan('R-1');
      const first = desk.approve('A-1', substance);
      const second = desk.approve('A-2', substance);
      expect(second.statement.plan_digest).toBe(first.statement.plan_digest);
      // A-2's grant, carrying the person's assertion over A-1: same plan, another approval.
      const otherApproval = desk.issue(grantOf(second.steps[0]!.step), first.statement, first.assertion);
      expectRefused(
        await write('lend_umbrellas', { ...second.steps[0]!.args, authorization: otherApproval }),
        'the approval it carries is not the one it grants',
      );
      // A-1's grant for this plan, carrying an assertion over A-1 of another plan.
      const otherPlan = desk.approve('A-1', oneLoan('R-1', 'Mallory'));
      expect(otherPlan.statement.plan_digest).not.toBe(first.statement.plan_digest);
      const sameApproval = desk.issue(grantOf(first.steps[0]!.step), otherPlan.statement, otherPlan.assertion);
      expectRefused(
        await write('lend_umbrellas', { ...first.steps[0]!.args, authorization: sameApproval }),
        'the approval it carries is not the one it grants',
      );
      expect(await writtenCount()).toBe(0);
      expect(
        (await write('lend_umbrellas', { ...first.steps[0]!.args, authorization: first.steps[0]!.step })).body,
      ).toMatchObject({ ok: true });
    });

    it('takes an approval only as made at the desk it trusts: a statement naming another desk, or a passkey answering another origin or relying party, is refused', async () => {
      const approved = desk.approve('A-1', oneLoan('R-1'));
      const { args, step } = approved.steps[0]!;
      const ada = desk.dispatchers[0]!;
      // The person's passkey signed, at this desk, a statement that names another desk.
      const elsewhere = { ...approved.statement, desk_origin: 'http://localhost:9' };
      const namedElsewhere = desk.issue(
        grantOf(step),
        elsewhere,
        ada.passkey.assert(approvalChallenge(elsewhere), desk.origin, desk.rpId),
      );
      expectRefused(
        await write('lend_umbrellas', { ...args, authorization: namedElsewhere }),
        'it was approved at http://localhost:9, not at the desk this site trusts',
      );
      // The WebAuthn relying-party checks: the origin the browser saw, and the rpId's hash.
      const otherOrigin = ada.passkey.assert(approvalChallenge(approved.statement), 'http://evil.example', desk.rpId);
      expectRefused(
        await write('lend_umbrellas', {
          ...args,
          authorization: desk.issue(grantOf(step), approved.statement, otherOrigin),
        }),
        /the dispatcher's passkey assertion does not verify \(.*origin/i,
      );
      const otherParty = ada.passkey.assert(approvalChallenge(approved.statement), desk.origin, 'evil.example');
      expectRefused(
        await write('lend_umbrellas', {
          ...args,
          authorization: desk.issue(grantOf(step), approved.statement, otherParty),
        }),
        /the dispatcher's passkey assertion does not verify \(.*RP ID/i,
      );
      expect(await writtenCount()).toBe(0);
      expect((await write('lend_umbrellas', { ...args, authorization: step })).body).toMatchObject({ ok: true });
    });

    it('uses an authorization once per plan step: both steps of a plan are written, each once; a second approval of the plan writes neither again', async () => {
      const substance = twoLoans('R-1');
      const approved = desk.approve('A-1', substance);
      const [first, second] = approved.steps as [(typeof approved.steps)[number], (typeof approved.steps)[number]];
      expect((await write('lend_umbrellas', { ...first.args, authorization: first.step })).body).toMatchObject({
        ok: true,
        result: { count: 1 },
      });
      expect((await write('lend_umbrellas', { ...second.args, authorization: second.step })).body).toMatchObject({
        ok: true,
        result: { count: 2 },
      });
      expect(openLoans()).toHaveLength(2);

      const again = desk.approve('A-2', substance);
      for (const [index, step] of again.steps.entries()) {
        const answer = await write('lend_umbrellas', { ...step.args, authorization: step.step });
        expectRefused(answer, `step ${index + 1} of this plan was already written here`);
        expect(answer.body.details).toMatchObject({ step: index });
      }
      expect(await writtenCount()).toBe(2);
      expect(free(server.site.state.peek().domain)).toBe(1);
    });

    it("undoes a step's own write: step 2's undo takes back step 2's loan and not step 1's, and each step's undo is taken once", async () => {
      const approved = desk.approve('A-1', twoLoans('R-1'));
      const done: { args: Record<string, unknown>; result: Record<string, unknown> }[] = [];
      for (const { args, step } of approved.steps) {
        const answer = await write('lend_umbrellas', { ...args, authorization: step });
        expect(answer.body).toMatchObject({ ok: true });
        done.push({ args: { ...args, authorization: step }, result: answer.body.result! });
      }
      const undoOf = (index: number) => {
        const undo = compensationFor(compensationsOf(stand), { tool: 'lend_umbrellas', ...done[index]! });
        if (!undo.ok) throw new Error('no compensation');
        return undo;
      };
      const [loan1, loan2] = done.map(({ result }) => result['loan'] as string);
      const secondUndo = approved.steps[1]!.undo!;
      const firstUndo = approved.steps[0]!.undo!;

      // Step 2's authorization with step 1's undo: not the undo it authorizes.
      expectRefused(
        await write('return_umbrellas', { ...undoOf(0).args, authorization: secondUndo }),
        'it undoes step 2, and this call is not that undo',
      );
      expect(openLoans()).toEqual([loan1, loan2]);

      expect(await write('return_umbrellas', { ...undoOf(1).args, authorization: secondUndo })).toMatchObject({
        status: 200,
        body: { ok: true, result: { loan: loan2, returned: 2 } },
      });
      expect(openLoans()).toEqual([loan1]);
      expect(await write('return_umbrellas', { ...undoOf(0).args, authorization: firstUndo })).toMatchObject({
        status: 200,
        body: { ok: true, result: { loan: loan1, returned: 1 } },
      });
      expect(openLoans()).toEqual([]);
      expect(
        await db.query('SELECT step, kind FROM partner_authorization_uses WHERE kind = $1 ORDER BY step', ['undo']),
      ).toEqual([
        { step: 0, kind: 'undo' },
        { step: 1, kind: 'undo' },
      ]);
    });

    it('takes an authorization strictly before its expiry: at the very millisecond it is void, one millisecond earlier it is good', async () => {
      const expiry = new Date(clock.getTime() + 60_000);
      const approved = desk.approve('A-1', twoLoans('R-1'), { expiresAt: expiry.toISOString() });
      const [first, second] = approved.steps as [(typeof approved.steps)[number], (typeof approved.steps)[number]];
      clock = new Date(expiry.getTime());
      expectRefused(
        await write('lend_umbrellas', { ...first.args, authorization: first.step }),
        `it expired at ${expiry.toISOString()}`,
      );
      expect(await writtenCount()).toBe(0);
      clock = new Date(expiry.getTime() - 1);
      expect((await write('lend_umbrellas', { ...second.args, authorization: second.step })).body).toMatchObject({
        ok: true,
      });
    });

    it("dates a step no later than its approval: a step grant a millisecond past the approval's expiry is refused, one at it is good", async () => {
      // Within the couple of minutes a step's authorization is good for, so the approval's expiry decides.
      const expiry = Date.now() + 60_000;
      const approved = desk.approve('A-1', oneLoan('R-1'), { expiresAt: new Date(expiry).toISOString() });
      const { args, step } = approved.steps[0]!;
      const dated = (at: number) =>
        desk.issue(
          { ...grantOf(step), expires_at: new Date(at).toISOString() },
          approved.statement,
          approved.assertion,
        );
      expectRefused(
        await write('lend_umbrellas', { ...args, authorization: dated(expiry + 1) }),
        'it is dated past the approval it carries',
      );
      expect((await write('lend_umbrellas', { ...args, authorization: dated(expiry) })).body).toMatchObject({
        ok: true,
      });
    });
  },
);

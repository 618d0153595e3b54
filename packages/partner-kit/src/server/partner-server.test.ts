// A partner's server over HTTP, on both engines (PGlite, and the run's own PostgreSQL cluster):
// it writes only with the desk's step authorization for exactly this write — the desk's
// signature, the dispatcher's passkey assertion over the approval (checked against the desk's
// signed list), this partner, this tool, these arguments, unexpired, once per plan step — and
// keeps every refusal on its own record. The desk is a real desk key and signed list with a
// software passkey's credential (./testing/test-desk.ts); the partner verifies with the real
// @simplewebauthn/server and Ed25519. Requests are real Hono requests to the server's routes.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  decodeStepAuthorization,
  newSigningKey,
  toBase64,
  fromBase64,
  signRunClosure,
  UNDO_WINDOW_MS,
  verifyCanonical,
  type StepAuthorization,
} from '@warrant/authority';
import { softwarePasskey } from '@warrant/authority/testing';
import {
  compensationFor,
  PARTNER_MANIFEST_PATH,
  readPartnerManifest,
  receiptDigest,
  splitReading,
  verifyReading,
  type PartnerManifest,
  type PlanSubstance,
} from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { Database } from '@warrant/site-server';
import { refusal } from '@warrant/surface';
import { mintId } from '../book.ts';
import { applied, definePartner, defineWrite } from '../definition.ts';
import { compensationsOf } from '../manifest.ts';
import { free, umbrellaStand, type Stand, type StandEvent } from '../fixture/umbrella-stand.ts';
import { idOf, objectSchema, whole } from '../schema.ts';
import type { AuthorizationCheck } from './authorization-check.ts';
import { openPartnerServer, type PartnerServer } from './partner-server.ts';
import { testDesk, type TestDesk } from './testing/test-desk.ts';
import { appTestEngines } from '@warrant/site-server/testing';

const HERE = SITES.pantry.origin;
const ELSEWHERE = SITES.shelter.origin;

// The fixture stand, with a write that declares its undo (reserve_parcels → release_parcels, by
// `reservation`), so an undo authorization can be tested on it.
const stand = definePartner<Stand, StandEvent>({
  ...umbrellaStand,
  writes: [
    ...umbrellaStand.writes,
    defineWrite<Stand, StandEvent, { readonly count: number }>({
      name: 'reserve_parcels',
      title: 'Reserve parcels',
      description: 'Sets umbrellas aside.',
      inputSchema: () => objectSchema({ count: whole('How many.', 1, 3) }, ['count']),
      compensation: { undo: 'release_parcels', args: { reservation: { from: 'result', field: 'reservation' } } },
      verdict: () => ({ legal: true }),
      apply: (state, { count }) => {
        if (free(state.domain) < count) return refusal('NOT_ENOUGH_UMBRELLAS', 'Not that many are free.', {});
        const id = mintId('UL', state.book, state.seq + 1);
        return applied<StandEvent>(
          { type: 'lent', loan: { id, count, borrower: 'reserved', open: true } },
          { reservation: id, count },
          `Reserved ${count} as ${id}.`,
        );
      },
    }),
    defineWrite<Stand, StandEvent, { readonly reservation: string }>({
      name: 'release_parcels',
      title: 'Release parcels',
      description: 'Puts reserved umbrellas back.',
      inputSchema: () => objectSchema({ reservation: idOf('UL', 'The reservation.') }, ['reservation']),
      verdict: () => ({ legal: true }),
      apply: ({ domain }, { reservation }) => {
        const found = domain.loans.find((loan) => loan.id === reservation && loan.open);
        if (!found) return refusal('UNKNOWN_RESERVATION', `No open reservation ${reservation}.`, { reservation });
        return applied<StandEvent>(
          { type: 'returned', loan: reservation },
          { reservation, released: found.count },
          `Released ${reservation}.`,
        );
      },
    }),
  ],
});

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly message?: string;
  readonly details?: Record<string, unknown>;
  readonly result?: Record<string, unknown>;
  readonly receipt?: {
    readonly id: string;
    readonly tool: string;
    readonly request: string;
    readonly digest: string;
    readonly signature?: string;
  };
  readonly replayed?: boolean;
  readonly [key: string]: unknown;
}

interface RecordAnswer {
  readonly position: string;
  readonly closedBooks: number;
  readonly entries: {
    readonly kind: string;
    readonly tool?: string;
    readonly args?: Record<string, unknown>;
    readonly receipt?: { id: string };
    readonly approvedBy?: Record<string, unknown>;
  }[];
  readonly refusals: {
    readonly tool: string;
    readonly code: string;
    readonly reason: string;
    readonly request: string | null;
    readonly channel: string;
  }[];
}

const lend = (request: string, count = 1, borrower = 'Ada'): PlanSubstance => ({
  v: 1,
  request,
  steps: [{ origin: HERE, tool: 'lend_umbrellas', args: { count, borrower } }],
});

/** A token with something in it changed, re-encoded as the desk encodes tokens. */
function retoken(token: string, change: (authorization: StepAuthorization) => StepAuthorization): string {
  const decoded = decodeStepAuthorization(token);
  if (!decoded.ok) throw new Error(decoded.reason);
  const json = new TextEncoder().encode(JSON.stringify(change(decoded.authorization)));
  return toBase64(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// Every test on PGlite; on PostgreSQL too, the main write path end to end (appTestEngines).
const ON_POSTGRES = [
  'makes one write of 30 concurrent identical calls with one authorization and one key: every answer the same receipt',
];

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, ON_POSTGRES))(
  'the partner server on %s',
  (_engine, open, it) => {
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

    async function call(
      method: 'GET' | 'POST',
      path: string,
      body?: unknown,
    ): Promise<{ status: number; body: Answer }> {
      const response = await app.request(path, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Answer };
    }
    const write = (tool: string, input: Record<string, unknown>) =>
      call('POST', `/api/writes/${tool}`, { input, caller: 'runner', channel: 'webmcp' });
    const record = async () => (await call('GET', '/api/record')).body as unknown as RecordAnswer;
    const writes = async () => (await record()).entries.filter((entry) => entry.kind === 'write');

    /** Asserts the write was refused AUTHORIZATION_INVALID for `reason`, nothing was written, and the refusal is on the record. */
    async function refusedFor(answer: { status: number; body: Answer }, reason: string | RegExp): Promise<void> {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ ok: false, isError: true, code: 'AUTHORIZATION_INVALID' });
      expect(String(answer.body.details?.['reason'])).toMatch(reason);
      expect(answer.body.message).toMatch(/Nothing was changed/);
      const kept = await record();
      expect(kept.refusals[0]).toMatchObject({ code: 'AUTHORIZATION_INVALID' });
      expect(kept.refusals[0]?.reason).toMatch(reason);
    }

    it('answers a read from its record, signed under the key its manifest publishes, over exactly what it answered and when', async () => {
      const manifest = readPartnerManifest((await call('GET', PARTNER_MANIFEST_PATH)).body);
      if (!manifest.ok) throw new Error(manifest.problem);
      const key = manifest.manifest.receipt_key;
      const read = await call('POST', '/api/reads/count_umbrellas', { input: {} });
      expect(read.status).toBe(200);
      const { result, reading } = splitReading(read.body);
      expect(result).toEqual({ ok: true, free: 4 });
      expect(reading).toMatchObject({ tool: 'count_umbrellas', at: clock.toISOString() });
      expect(reading?.digest).toBe(await receiptDigest('count_umbrellas', {}, { ok: true, free: 4 }));
      expect(await verifyReading('count_umbrellas', {}, read.body, key)).toEqual({ reading, verified: true });
      // The same signature over another answer, another tool's name or another key verifies nothing.
      expect((await verifyReading('count_umbrellas', {}, { ...read.body, free: 50 }, key)).verified).toBe(false);
      expect((await verifyReading('read_stand_notes', {}, read.body, key)).verified).toBe(false);
      expect((await verifyReading('count_umbrellas', {}, read.body, newSigningKey().publicKey)).verified).toBe(false);
      // Input the read's schema does not take, and a read it does not have, are refused and read nothing.
      expect(await call('POST', '/api/reads/count_umbrellas', { input: { free: 9 } })).toMatchObject({
        status: 422,
        body: { ok: false, isError: true, code: 'INVALID_INPUT' },
      });
      expect(await call('POST', '/api/reads/lend_umbrellas', { input: {} })).toMatchObject({
        status: 404,
        body: { ok: false, isError: true, code: 'UNKNOWN_TOOL', details: { tool: 'lend_umbrellas' } },
      });
    });

    it('refuses a write with no authorization: APPROVAL_REQUIRED, nothing recorded, the refusal on its own record', async () => {
      const answer = await write('lend_umbrellas', {
        count: 1,
        borrower: 'Ada',
        request: 'R-1',
        idempotency_key: 'k-1',
      });
      expect(answer).toMatchObject({
        status: 409,
        body: { ok: false, isError: true, code: 'APPROVAL_REQUIRED', details: { tool: 'lend_umbrellas' } },
      });
      const kept = await record();
      expect(kept.entries.map((entry) => entry.kind)).toEqual(['seeded']);
      expect(kept.refusals).toEqual([
        expect.objectContaining({
          tool: 'lend_umbrellas',
          code: 'APPROVAL_REQUIRED',
          request: 'R-1',
          channel: 'webmcp',
        }),
      ]);
      expect((await call('GET', '/api/writes/by-key/k-1')).body).toEqual({ ok: true, found: false });
    });

    it('refuses a forged authorization — garbage, one changed byte of the desk signature, another desk key — with the reason', async () => {
      // One statement for both desks (the idempotency key carries its challenge): only the signing key differs.
      const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
      const { steps } = desk.approve('A-1', lend('R-1'), { expiresAt });
      const [{ args, step }] = steps as [(typeof steps)[number]];
      await refusedFor(
        await write('lend_umbrellas', { ...args, authorization: 'garbage' }),
        'the authorization does not decode',
      );
      const flipped = retoken(step, (authorization) => {
        const bytes = fromBase64(authorization.desk_signature)!;
        bytes[17] = (bytes[17] ?? 0) ^ 0x01;
        return { ...authorization, desk_signature: toBase64(bytes) };
      });
      await refusedFor(
        await write('lend_umbrellas', { ...args, authorization: flipped }),
        "the desk's signature does not verify under the desk key this site trusts",
      );
      const impostor = testDesk();
      impostor.dispatchers = desk.dispatchers;
      const { steps: forged } = impostor.approve('A-1', lend('R-1'), { expiresAt });
      await refusedFor(
        await write('lend_umbrellas', { ...args, authorization: forged[0]!.step }),
        "the desk's signature does not verify",
      );
      expect(await writes()).toEqual([]);
      expect((await record()).refusals).toHaveLength(3);
    });

    it('refuses an expired authorization', async () => {
      const { steps } = desk.approve('A-1', lend('R-1'), {
        expiresAt: new Date(clock.getTime() + 60_000).toISOString(),
      });
      clock = new Date(clock.getTime() + 2 * 60_000);
      await refusedFor(
        await write('lend_umbrellas', { ...steps[0]!.args, authorization: steps[0]!.step }),
        /it expired at /,
      );
      expect(await writes()).toEqual([]);
    });

    it('refuses an authorization for another partner, another tool, another step, or changed arguments', async () => {
      const other = desk.approve('A-1', {
        v: 1,
        request: 'R-1',
        steps: [{ origin: ELSEWHERE, tool: 'lend_umbrellas', args: { count: 1, borrower: 'Ada' } }],
      });
      await refusedFor(
        await write('lend_umbrellas', { ...other.steps[0]!.args, authorization: other.steps[0]!.step }),
        `it is for ${ELSEWHERE}, not this site`,
      );

      const { steps } = desk.approve('A-2', {
        v: 1,
        request: 'R-2',
        steps: [
          { origin: HERE, tool: 'lend_umbrellas', args: { count: 1, borrower: 'Ada' } },
          { origin: HERE, tool: 'lend_umbrellas', args: { count: 2, borrower: 'Ben' } },
        ],
      });
      const [first, second] = steps as [(typeof steps)[number], (typeof steps)[number]];
      await refusedFor(
        await write('reserve_parcels', {
          count: 1,
          request: 'R-2',
          idempotency_key: first.args['idempotency_key'],
          authorization: first.step,
        }),
        'it authorizes lend_umbrellas, not reserve_parcels',
      );
      const otherStep = await write('lend_umbrellas', { ...first.args, authorization: second.step });
      await refusedFor(otherStep, 'the arguments are not the ones that were approved');
      expect(otherStep.body.details).toMatchObject({ step: 1 });
      await refusedFor(
        await write('lend_umbrellas', { ...first.args, count: 3, authorization: first.step }),
        'the arguments are not the ones that were approved',
      );
      await refusedFor(
        await write('lend_umbrellas', { ...first.args, borrower: 'Mallory', authorization: first.step }),
        'the arguments are not the ones that were approved',
      );
      await refusedFor(
        await write('lend_umbrellas', { ...first.args, request: 'R-3', authorization: first.step }),
        'the arguments are not the ones that were approved',
      );
      expect(await writes()).toEqual([]);
      // The same authorizations are good for what they were issued for.
      expect((await write('lend_umbrellas', { ...second.args, authorization: second.step })).body).toMatchObject({
        ok: true,
      });
    });

    it("refuses an approval whose passkey part does not hold: a dispatcher off the desk's list, a passkey not theirs, no user verification, an assertion over another approval; and cannot check one when the desk cannot be asked", async () => {
      const approved = desk.approve('A-1', lend('R-1'));
      const { args, step } = approved.steps[0]!;

      reachDesk = async () => ({ ok: false, reason: 'connect ECONNREFUSED' });
      const unreachable = await write('lend_umbrellas', { ...args, authorization: step });
      expect(unreachable).toMatchObject({ status: 409, body: { ok: false, code: 'AUTHORIZATION_UNCHECKABLE' } });
      expect(unreachable.body.message).toContain('connect ECONNREFUSED');
      reachDesk = desk.trust;

      // Removed from the desk's list after approving: their unexpired authorization stops at once.
      const ada = desk.dispatchers[0]!;
      desk.dispatchers = [{ id: 'D-ben', name: 'Ben', passkey: softwarePasskey() }];
      await refusedFor(
        await write('lend_umbrellas', { ...args, authorization: step }),
        "D-ada is not on the desk's list of dispatchers",
      );
      // Ada is listed again, but with another passkey than the one that approved.
      desk.dispatchers = [{ ...ada, passkey: softwarePasskey() }];
      await refusedFor(
        await write('lend_umbrellas', { ...args, authorization: step }),
        "the passkey that approved is not one of Ada's",
      );
      desk.dispatchers = [ada];

      const presenceOnly = desk.approve('A-2', lend('R-2'), { userVerified: false });
      await refusedFor(
        await write('lend_umbrellas', { ...presenceOnly.steps[0]!.args, authorization: presenceOnly.steps[0]!.step }),
        /the dispatcher's passkey assertion does not verify \(.*user verification/i,
      );

      // The desk signs a grant for A-3 but carries the person's assertion over A-1: the challenge
      // the partner recomputes from A-3's statement is not what the passkey signed.
      const third = desk.approve('A-3', lend('R-3'));
      const swapped = retoken(third.steps[0]!.step, (authorization) => ({
        ...authorization,
        assertion: approved.assertion,
      }));
      await refusedFor(
        await write('lend_umbrellas', { ...third.steps[0]!.args, authorization: swapped }),
        /the dispatcher's passkey assertion does not verify \(.*challenge/i,
      );
      // And a statement rewritten to another approval than the grant names is not the one it grants.
      const mismatched = retoken(third.steps[0]!.step, (authorization) => ({
        ...authorization,
        statement: approved.statement,
      }));
      await refusedFor(
        await write('lend_umbrellas', { ...third.steps[0]!.args, authorization: mismatched }),
        'the approval it carries is not the one it grants',
      );
      expect(await writes()).toEqual([]);

      // All of it in order, the write goes through.
      expect((await write('lend_umbrellas', { ...args, authorization: step })).body).toMatchObject({ ok: true });
    });

    it('writes with a valid authorization and answers a receipt whose signature verifies under the key it publishes', async () => {
      const { steps } = desk.approve('A-1', lend('R-1', 2));
      const input = { ...steps[0]!.args, authorization: steps[0]!.step };
      const answer = await write('lend_umbrellas', input);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        ok: true,
        result: { count: 2 },
        receipt: { tool: 'lend_umbrellas', request: 'R-1' },
      });
      expect(answer.body.replayed).toBeUndefined();
      const receipt = answer.body.receipt!;
      expect(receipt.digest).toBe(await receiptDigest('lend_umbrellas', input, answer.body.result!));

      const served = (await call('GET', PARTNER_MANIFEST_PATH)).body;
      const read = readPartnerManifest(served);
      if (!read.ok) throw new Error(read.problem);
      const published = read.manifest as PartnerManifest & { receipt_key: string };
      expect(published).toMatchObject({
        name: stand.site,
        origin: HERE,
        title: SITES[stand.site].title,
        receipt_key: server.publicKey,
      });
      expect(published.tools).toContainEqual({
        name: 'lend_umbrellas',
        access: 'write',
        params: ['count', 'borrower'],
        untrusted: false,
      });
      expect(published.tools).toContainEqual({ name: 'read_stand_notes', access: 'read', params: [], untrusted: true });
      expect(published.scopes).toEqual({
        read_capacity: stand.reads.map((spec) => spec.name),
        execute_plan: stand.writes.map((spec) => spec.name),
      });
      expect(published.compensations).toEqual({
        reserve_parcels: { undo: 'release_parcels', args: { reservation: { from: 'result', field: 'reservation' } } },
      });
      const { signature, ...signed } = receipt;
      expect(verifyCanonical(published.receipt_key, signed, signature!)).toBe(true);
      expect(verifyCanonical(published.receipt_key, { ...signed, request: 'R-2' }, signature!)).toBe(false);

      const kept = await writes();
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ tool: 'lend_umbrellas', receipt: { id: receipt.id } });
      expect((await call('GET', `/api/writes/by-key/${steps[0]!.args['idempotency_key']}`)).body).toMatchObject({
        ok: true,
        found: true,
        write: { receipt },
      });
      expect((await record()).refusals).toEqual([]);
    });

    it("records each write as approved by the dispatcher its grant names, by id and by the name the desk's signed list gives, through the desk for the request; never a name the caller sends", async () => {
      // Two dispatchers on the list; the grant naming Bea, signed with Bea's passkey, is Bea's, not the list's first.
      const bea = { id: 'D-bea', name: 'Bea Lindqvist', passkey: softwarePasskey() };
      desk.dispatchers = [...desk.dispatchers, bea];
      const byAda = desk.approve('A-1', lend('R-1'));
      const byBea = desk.approve('A-2', lend('R-2', 1, 'Ben'), { by: bea });
      // The desk renames Ada after she approved: the record takes the name the signed list gives when the write is checked.
      desk.dispatchers = desk.dispatchers.map((dispatcher) =>
        dispatcher.id === 'D-ada' ? { ...dispatcher, name: 'Ada Okafor' } : dispatcher,
      );
      // What the caller says alongside the input is its own, unsigned: it names nobody on the record.
      const answer = await call('POST', '/api/writes/lend_umbrellas', {
        input: { ...byAda.steps[0]!.args, authorization: byAda.steps[0]!.step },
        caller: 'agent',
        channel: 'webmcp',
        approvedBy: { dispatcher: 'D-mallory', name: 'Mallory' },
        name: 'Mallory',
      });
      expect(answer.body).toMatchObject({ ok: true });
      expect(
        (await write('lend_umbrellas', { ...byBea.steps[0]!.args, authorization: byBea.steps[0]!.step })).body,
      ).toMatchObject({ ok: true });

      const kept = await writes();
      expect(kept.map((entry) => entry.approvedBy)).toEqual([
        { kind: 'step', dispatcher: 'D-ada', name: 'Ada Okafor', approval: 'A-1', request: 'R-1' },
        { kind: 'step', dispatcher: 'D-bea', name: 'Bea Lindqvist', approval: 'A-2', request: 'R-2' },
      ]);
      expect(JSON.stringify(await record())).not.toContain('Mallory');
      // Asked by key, the write says who approved it too.
      expect(
        (await call('GET', `/api/writes/by-key/${String(byBea.steps[0]!.args['idempotency_key'])}`)).body,
      ).toMatchObject({ found: true, write: { approvedBy: { dispatcher: 'D-bea', name: 'Bea Lindqvist' } } });
    });

    it("refuses a grant naming one dispatcher carried by another's passkey assertion: no write, no name on the record", async () => {
      const bea = { id: 'D-bea', name: 'Bea Lindqvist', passkey: softwarePasskey() };
      desk.dispatchers = [...desk.dispatchers, bea];
      // Ada's passkey approved; the desk's grant names Bea.
      const approved = desk.approve('A-1', lend('R-1'));
      const decoded = decodeStepAuthorization(approved.steps[0]!.step);
      if (!decoded.ok) throw new Error(decoded.reason);
      const { grant, statement, assertion } = decoded.authorization;
      const naming = desk.issue({ ...grant, dispatcher: 'D-bea' }, statement, assertion);
      await refusedFor(
        await write('lend_umbrellas', { ...approved.steps[0]!.args, authorization: naming }),
        "the passkey that approved is not one of Bea Lindqvist's",
      );
      expect(await writes()).toEqual([]);
      expect(JSON.stringify(await record())).not.toContain('"approvedBy"');
    });

    it('uses an authorization once: the same call again answers the first result (replayed); the token under another key, or another approval of the same plan after the first ran, is refused', async () => {
      const substance = lend('R-1');
      const first = desk.approve('A-1', substance);
      const input = { ...first.steps[0]!.args, authorization: first.steps[0]!.step };
      const done = await write('lend_umbrellas', input);
      expect(done.body).toMatchObject({ ok: true });
      const again = await write('lend_umbrellas', input);
      expect(again).toMatchObject({
        status: 200,
        body: { ok: true, replayed: true, receipt: done.body.receipt, result: done.body.result },
      });

      await refusedFor(
        await write('lend_umbrellas', { ...input, idempotency_key: 'A-1:step-0:again' }),
        'the arguments are not the ones that were approved',
      );
      // A second approval of the very same plan: a different approval and key, the same plan step.
      const second = desk.approve('A-2', substance);
      expect(second.statement.plan_digest).toBe(first.statement.plan_digest);
      const twice = await write('lend_umbrellas', { ...second.steps[0]!.args, authorization: second.steps[0]!.step });
      await refusedFor(twice, 'step 1 of this plan was already written here; an approval runs a plan once');
      expect(twice.body.details).toMatchObject({ step: 0 });
      expect(await writes()).toHaveLength(1);
      expect(await db.query('SELECT approval, receipt FROM partner_authorization_uses')).toEqual([
        { approval: 'A-1', receipt: done.body.receipt!.id },
      ]);
    });

    it("takes a new approval of the same plan (Try again) for a step the earlier approval's run undid here, and only then", async () => {
      const substance: PlanSubstance = {
        v: 1,
        request: 'R-1',
        steps: [{ origin: HERE, tool: 'reserve_parcels', args: { count: 2 } }],
      };
      const failed = desk.approve('A-1', substance);
      const step = failed.steps[0]!;
      const done = await write('reserve_parcels', { ...step.args, authorization: step.step });
      expect(done.body).toMatchObject({ ok: true });
      // While the first run's write stands, a second approval of the plan is refused.
      const early = desk.approve('A-2', substance);
      await refusedFor(
        await write('reserve_parcels', { ...early.steps[0]!.args, authorization: early.steps[0]!.step }),
        'step 1 of this plan was already written here; an approval runs a plan once',
      );
      // The first run failed further on, and its compensation undid the write here.
      const undo = compensationFor(compensationsOf(stand), {
        tool: 'reserve_parcels',
        args: { ...step.args, authorization: step.step },
        result: done.body.result!,
      });
      if (!undo.ok) throw new Error('no compensation');
      expect((await write('release_parcels', { ...undo.args, authorization: step.undo })).body).toMatchObject({
        ok: true,
      });
      // The person approves the same plan again with their passkey: its run writes the step.
      const again = desk.approve('A-3', substance);
      expect(again.statement.plan_digest).toBe(failed.statement.plan_digest);
      const retried = await write('reserve_parcels', { ...again.steps[0]!.args, authorization: again.steps[0]!.step });
      expect(retried.body).toMatchObject({ ok: true });
      // And it is that approval's once: the same step of A-3 again under another key is not taken.
      await refusedFor(
        await write('reserve_parcels', {
          ...again.steps[0]!.args,
          idempotency_key: 'A-3:step-0:again',
          authorization: again.steps[0]!.step,
        }),
        'the arguments are not the ones that were approved',
      );
    });

    it('refuses every authorization of a run once the desk closed it: the undo of a done run, a step held past its run; a closure not signed by the desk changes nothing', async () => {
      const substance: PlanSubstance = {
        v: 1,
        request: 'R-1',
        steps: [
          { origin: HERE, tool: 'reserve_parcels', args: { count: 2 } },
          { origin: HERE, tool: 'lend_umbrellas', args: { count: 1, borrower: 'Ada' } },
        ],
      };
      const approved = desk.approve('A-1', substance);
      const [first, second] = approved.steps as [(typeof approved.steps)[number], (typeof approved.steps)[number]];
      const done = await write('reserve_parcels', { ...first.args, authorization: first.step });
      expect(done.body).toMatchObject({ ok: true });
      const undo = compensationFor(compensationsOf(stand), {
        tool: 'reserve_parcels',
        args: { ...first.args, authorization: first.step },
        result: done.body.result!,
      });
      if (!undo.ok) throw new Error('no compensation');

      // Someone else's signature: refused, and the run stays open.
      const forged = testDesk().close(approved.statement);
      const refusedClosure = await call('POST', '/api/desk/runs/closed', forged);
      expect(refusedClosure).toMatchObject({ status: 403, body: { ok: false, code: 'RUN_CLOSURE_INVALID' } });
      expect(await db.query('SELECT count(*)::int AS n FROM partner_closed_runs')).toEqual([{ n: 0 }]);

      expect((await call('POST', '/api/desk/runs/closed', desk.close(approved.statement, 'done'))).body).toEqual({
        ok: true,
        closed: 'A-1',
      });
      const before = server.site.state.peek().domain;
      await refusedFor(
        await write('release_parcels', { ...undo.args, authorization: first.undo }),
        'the desk closed the run of A-1 (done)',
      );
      await refusedFor(
        await write('lend_umbrellas', { ...second.args, authorization: second.step }),
        'the desk closed the run of A-1 (done)',
      );
      expect(server.site.state.peek().domain).toEqual(before);
      expect(await writes()).toHaveLength(1);
    });

    it("refuses a run's closure signed by the trusted desk key that names another desk: the run stays open (issue 35 item 2)", async () => {
      const approved = desk.approve('A-1', lend('R-1'));
      const elsewhere = signRunClosure(
        desk.key,
        { ...approved.statement, desk_origin: 'http://desk.elsewhere.test' },
        'done',
        new Date(),
      );
      expect(await call('POST', '/api/desk/runs/closed', elsewhere)).toMatchObject({
        status: 403,
        body: { ok: false, isError: true, code: 'RUN_CLOSURE_INVALID' },
      });
      expect(await db.query('SELECT count(*)::int AS n FROM partner_closed_runs')).toEqual([{ n: 0 }]);
      const [step] = approved.steps;
      expect((await write('lend_umbrellas', { ...step!.args, authorization: step!.step })).body).toMatchObject({
        ok: true,
      });
    });

    it('refuses an authorization dated further ahead than the couple of minutes the desk signs one for', async () => {
      const approved = desk.approve('A-1', lend('R-1'));
      const { grant } = (
        decodeStepAuthorization(approved.steps[0]!.step) as { ok: true; authorization: StepAuthorization }
      ).authorization;
      const longLived = desk.issue(
        { ...grant, expires_at: new Date(clock.getTime() + 5 * 60_000).toISOString() },
        approved.statement,
        approved.assertion,
      );
      await refusedFor(
        await write('lend_umbrellas', { ...approved.steps[0]!.args, authorization: longLived }),
        /further ahead than the 2 minutes/,
      );
      expect(await writes()).toEqual([]);
    });

    it('keeps single use across a reset: an authorization used in one book is refused in the next', async () => {
      const { steps } = desk.approve('A-1', lend('R-1'));
      const input = { ...steps[0]!.args, authorization: steps[0]!.step };
      expect((await write('lend_umbrellas', input)).body).toMatchObject({ ok: true });
      // The operator's reset (a staff reset takes a passkey: partner-staff.test.ts).
      await server.operatorReset();
      await refusedFor(await write('lend_umbrellas', input), 'step 1 of this plan was already written here');
      expect(await writes()).toEqual([]);
    });

    it('takes a new approval of the same plan in the book after a reset: the week starts afresh, as the desk grants a plan once per book', async () => {
      const first = desk.approve('A-1', lend('R-1')).steps[0]!;
      expect((await write('lend_umbrellas', { ...first.args, authorization: first.step })).body).toMatchObject({
        ok: true,
      });
      const again = desk.approve('A-2', lend('R-1')).steps[0]!;
      await refusedFor(
        await write('lend_umbrellas', { ...again.args, authorization: again.step }),
        'step 1 of this plan was already written here',
      );
      await server.operatorReset();
      expect((await write('lend_umbrellas', { ...again.args, authorization: again.step })).body).toMatchObject({
        ok: true,
      });
      expect(await writes()).toHaveLength(1);
    });

    it('makes one write of 30 concurrent identical calls with one authorization and one key: every answer the same receipt', async () => {
      const { steps } = desk.approve('A-1', lend('R-1'));
      const input = { ...steps[0]!.args, authorization: steps[0]!.step };
      const answers = await Promise.all(Array.from({ length: 30 }, () => write('lend_umbrellas', input)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
      const receipts = new Set(answers.map((answer) => JSON.stringify(answer.body.receipt)));
      expect(receipts.size).toBe(1);
      expect(answers.filter((answer) => answer.body.replayed === true)).toHaveLength(29);
      const kept = await writes();
      expect(kept).toHaveLength(1);
      expect(kept[0]?.receipt?.id).toBe(answers[0]!.body.receipt!.id);
      expect(await db.query('SELECT count(*)::int AS n FROM partner_authorization_uses')).toEqual([{ n: 1 }]);
      expect(await db.query('SELECT count(*)::int AS n FROM partner_idempotency_keys')).toEqual([{ n: 1 }]);
    });

    it('accepts an undo authorization only as the compensation of the write it recorded for that step', async () => {
      const substance: PlanSubstance = {
        v: 1,
        request: 'R-1',
        steps: [{ origin: HERE, tool: 'reserve_parcels', args: { count: 2 } }],
      };
      const { steps } = desk.approve('A-1', substance);
      const { args, step, undo } = steps[0]!;
      expect(undo).not.toBeNull();
      const undoKey = `${String(args['idempotency_key'])}:undo`;

      // Nothing written yet: there is nothing of that step to undo.
      await refusedFor(
        await write('release_parcels', {
          reservation: 'UL-ABCD-2',
          request: 'R-1',
          idempotency_key: undoKey,
          authorization: undo,
        }),
        'step 1 of that plan was never written here, so there is nothing of it to undo',
      );

      const done = await write('reserve_parcels', { ...args, authorization: step });
      expect(done.body).toMatchObject({ ok: true, result: { count: 2 } });
      const reservation = done.body.result!['reservation'] as string;
      // Another reservation, made under another approval, which this undo does not cover.
      const other = desk.approve('A-2', {
        v: 1,
        request: 'R-2',
        steps: [{ origin: HERE, tool: 'reserve_parcels', args: { count: 1 } }],
      });
      const otherDone = await write('reserve_parcels', {
        ...other.steps[0]!.args,
        authorization: other.steps[0]!.step,
      });
      const otherReservation = otherDone.body.result!['reservation'] as string;

      const expected = compensationFor(compensationsOf(stand), {
        tool: 'reserve_parcels',
        args: { ...args, authorization: step },
        result: done.body.result!,
      });
      if (!expected.ok) throw new Error('no compensation');
      expect(expected).toMatchObject({
        tool: 'release_parcels',
        args: { reservation, request: 'R-1', idempotency_key: undoKey },
      });

      await refusedFor(
        await write('release_parcels', { ...expected.args, reservation: otherReservation, authorization: undo }),
        'it undoes step 1, and this call is not that undo',
      );
      await refusedFor(
        await write('release_parcels', { ...expected.args, idempotency_key: 'someone-else', authorization: undo }),
        'it undoes step 1, and this call is not that undo',
      );
      await refusedFor(
        await write('reserve_parcels', { ...args, idempotency_key: 'x-1', authorization: undo }),
        'it authorizes release_parcels, not reserve_parcels',
      );
      await refusedFor(
        await write('release_parcels', { ...expected.args, authorization: step }),
        'it authorizes reserve_parcels, not release_parcels',
      );

      const undone = await write('release_parcels', { ...expected.args, authorization: undo });
      expect(undone).toMatchObject({ status: 200, body: { ok: true, result: { reservation, released: 2 } } });
      expect((await write('release_parcels', { ...expected.args, authorization: undo })).body).toMatchObject({
        ok: true,
        replayed: true,
        receipt: undone.body.receipt,
      });
      expect(
        server.site.state
          .peek()
          .domain.loans.filter((loan) => loan.open)
          .map((loan) => loan.id),
      ).toEqual([otherReservation]);
      expect((await writes()).map((entry) => entry.tool)).toEqual([
        'reserve_parcels',
        'reserve_parcels',
        'release_parcels',
      ]);
      // The undo is recorded as the desk's, under the approval of the dispatcher who approved the write.
      expect((await writes()).at(-1)?.approvedBy).toEqual({
        kind: 'undo',
        dispatcher: 'D-ada',
        name: 'Ada',
        approval: 'A-1',
        request: 'R-1',
      });
      expect(await db.query('SELECT kind, approval FROM partner_authorization_uses ORDER BY kind, approval')).toEqual([
        { kind: 'step', approval: 'A-1' },
        { kind: 'step', approval: 'A-2' },
        { kind: 'undo', approval: 'A-1' },
      ]);
    });

    it('after its approval expired, takes an undo the desk dated within the undo window, but no step dated past the approval, and no undo dated past the window', async () => {
      const substance: PlanSubstance = {
        v: 1,
        request: 'R-1',
        steps: [{ origin: HERE, tool: 'reserve_parcels', args: { count: 2 } }],
      };
      const approved = desk.approve('A-1', substance, { expiresAt: new Date(clock.getTime() + 60_000).toISOString() });
      const { args, step, undo } = approved.steps[0]!;
      const done = await write('reserve_parcels', { ...args, authorization: step });
      expect(done.body).toMatchObject({ ok: true });
      const expected = compensationFor(compensationsOf(stand), {
        tool: 'reserve_parcels',
        args: { ...args, authorization: step },
        result: done.body.result!,
      });
      if (!expected.ok) throw new Error('no compensation');
      const grantOf = (token: string | null) => {
        const decoded = decodeStepAuthorization(token);
        if (!decoded.ok) throw new Error(decoded.reason);
        return decoded.authorization.grant;
      };
      const expiry = Date.parse(approved.statement.expires_at);
      // The run was cut off; the desk finds it an hour after the approval expired.
      clock = new Date(expiry + 60 * 60_000);
      await refusedFor(await write('release_parcels', { ...expected.args, authorization: undo }), /it expired at /);
      const dated = (kind: 'step' | 'undo', at: number) =>
        desk.issue(
          { ...grantOf(kind === 'undo' ? undo : step), expires_at: new Date(at).toISOString() },
          approved.statement,
          approved.assertion,
        );
      const reissuedStep = dated('step', clock.getTime() + 60_000);
      await refusedFor(
        await write('reserve_parcels', { ...args, idempotency_key: 'a-second-try', authorization: reissuedStep }),
        'it is dated past the approval it carries',
      );
      await refusedFor(
        await write('release_parcels', { ...expected.args, authorization: dated('undo', expiry + UNDO_WINDOW_MS + 1) }),
        'it is dated later than an undo of its approval may come',
      );
      const undone = await write('release_parcels', {
        ...expected.args,
        authorization: dated('undo', clock.getTime() + 60_000),
      });
      expect(undone).toMatchObject({ status: 200, body: { ok: true, result: { released: 2 } } });
      expect(server.site.state.peek().domain.loans.filter((loan) => loan.open)).toEqual([]);
    });

    it('opens a new book on a reset: the record starts afresh (writes, keys, refusals), the old book kept in the archive', async () => {
      const { steps } = desk.approve('A-1', lend('R-1'));
      expect((await write('lend_umbrellas', { ...steps[0]!.args, authorization: steps[0]!.step })).body).toMatchObject({
        ok: true,
      });
      await write('lend_umbrellas', { count: 1, borrower: 'Eve', request: 'R-9', idempotency_key: 'no-authorization' });
      const before = await record();
      expect(before.position).toBe('1:2');
      expect(before.refusals).toHaveLength(1);

      expect((await call('POST', '/api/reset', 'not an object')).status).toBe(400);
      // A reset takes a staff member's passkey (partner-staff.test.ts); here the operator resets.
      expect((await call('POST', '/api/reset', {})).status).toBe(401);
      await server.operatorReset();
      const after = await record();
      expect(after.position).toBe('2:1');
      expect(after.closedBooks).toBe(1);
      expect(after.entries.map((entry) => entry.kind)).toEqual(['seeded']);
      expect(after.refusals).toEqual([]);
      expect((await call('GET', `/api/writes/by-key/${steps[0]!.args['idempotency_key']}`)).body).toEqual({
        ok: true,
        found: false,
      });
      expect(
        await db.query('SELECT book_no, count(*)::int AS n FROM partner_entries GROUP BY book_no ORDER BY book_no'),
      ).toEqual([
        { book_no: 1, n: 2 },
        { book_no: 2, n: 1 },
      ]);
    });

    it('refuses what is not a write it has: a body that is not JSON, an unknown tool, input its schema refuses', async () => {
      const notJson = await app.request('/api/writes/lend_umbrellas', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      });
      expect(notJson.status).toBe(400);
      expect((await write('burn_umbrellas', { request: 'R-1', idempotency_key: 'k' })).status).toBe(404);
      const { steps } = desk.approve('A-1', lend('R-1'));
      const schema = await write('lend_umbrellas', { ...steps[0]!.args, count: 9, authorization: steps[0]!.step });
      expect(schema.status).toBe(422);
      expect(await writes()).toEqual([]);
    });
  },
);

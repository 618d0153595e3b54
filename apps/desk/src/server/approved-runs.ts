// The run of an approved plan, carried out by the desk's server that holds the approval. Once a
// person's passkey assertion has granted it (approvals.ts), the server writes the plan's steps in
// order, server to server: for each step it signs that step's authorization at the moment it sends
// it (good for a couple of minutes), calls the partner's write route with it, verifies the
// partner's signed receipt under the key the partner publishes, and records the step — its
// desk_run_steps row, its ledger rows and the run's new state — in one transaction. If a step
// fails, it undoes the steps already written, newest first: an undo authorization is signed only
// then, for exactly the write it recorded. When the run ends it tells every partner of the plan,
// signed, that the run is over, so no authorization of it is taken after (partners refuse one
// dated past its couple of minutes in any case), and closes every lease of the request the record
// still holds open, in the transaction that records the end (run-leases.ts).
//
// No authorization ever leaves this server except to the partner it is for, and the run needs no
// page: a server stopped mid-run takes it up when it starts again, from its database, asking each
// partner by the step's idempotency key what it really holds before writing anything.
import {
  authorizedArgsDigest,
  AUTHORIZATION_FIELD,
  canonicalJson,
  issueStepAuthorization,
  RUN_CLOSED_PATH,
  signRunClosure,
  STEP_AUTHORIZATION_TTL_MS,
  type ApprovalStatement,
  type PasskeyAssertion,
  type RunOutcome,
  type SignedRunClosure,
  type StepGrant,
} from '@warrant/authority';
import {
  compensationFor,
  PARTNER_MANIFEST_PATH,
  readPartnerManifest,
  readWriteSuccess,
  stepIdempotencyKey,
  verifyReceipt,
  type PartnerDirectory,
  type PartnerName,
  type PlanSubstance,
} from '@warrant/broker';
import type { LedgerDraft } from '@warrant/ledger';
import type { Database } from '@warrant/site-server';
import type { DeskEvent } from '../domain/desk-events.ts';
import type { PlanRun, RunStatus, StepOutcome } from '../domain/run.ts';
import { PARTNER_DIRECTORY, partnerAddressOf } from '../partners.ts';
import type { AppendedRecords } from './desk-logs.ts';
import { runRows, type RunRow } from './run-rows.ts';
import type { DeskIdentity } from './desk-identity.ts';
import { appendServerRecords } from './desk-logs.ts';
import { lockDeskLogs } from './record-locks.ts';
import { currentBook } from './approvals.ts';
import { closingAtRunEnd, openLeasesOf } from './run-leases.ts';
import { keptReceiptKeys } from './kept-receipt-keys.ts';
import { runNext } from './run-next.ts';

/** How long the desk waits for a partner's server to answer one call. */
const PARTNER_ANSWER_MS = 10_000;

/** A call to a partner's server, server to server; in a page's stead nothing. */
export type ReachPartner = (partner: PartnerName, path: string, init?: RequestInit) => Promise<Response>;

export const atPartnerAddress: ReachPartner = (partner, path, init = {}) =>
  fetch(`${partnerAddressOf(partner)}${path}`, { signal: AbortSignal.timeout(PARTNER_ANSWER_MS), ...init });

export interface ApprovedRunsOptions {
  readonly db: Database;
  readonly desk: DeskIdentity;
  readonly reach?: ReachPartner;
  /** Told of every ledger row the runs append (the ledger's signed heads). */
  readonly afterLedger?: (appended: AppendedRecords) => Promise<void>;
  readonly now?: () => number;
  /** The partners this desk works with: where each step's partner is, and how its write is undone. */
  readonly partners?: PartnerDirectory;
}

export interface ApprovedRuns {
  /** Carries out (or takes up) the run of the granted approval with this challenge; returns at once. */
  start(book: number, challenge: string): void;
  /** Takes up every run not ended, and delivers every closure not yet taken: on start. */
  resume(): Promise<void>;
  /** Resolves when every run under way has ended (for tests and for a clean stop). */
  idle(): Promise<void>;
}

type ApprovalRow = {
  readonly id: string;
  readonly plan_id: string | null;
  readonly statement: ApprovalStatement | string;
  readonly substance: PlanSubstance | string;
  readonly assertion: PasskeyAssertion | string | null;
  readonly dispatcher_id: string;
  readonly run_status: RunStatus | null;
  readonly run_started_at: string | Date | null;
};

type StepRow = {
  readonly step: number;
  readonly kind: 'step' | 'undo';
  readonly outcome: 'written' | 'not_written' | 'refused' | 'unknown';
  readonly receipt: string | null;
  readonly result: Record<string, unknown> | string | null;
  readonly problem: string | null;
};

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Whether `kept` is the step's own arguments, whatever authorization was sent with them. */
function isStepsOwn(kept: unknown, input: Readonly<Record<string, unknown>>): kept is Record<string, unknown> {
  if (typeof kept !== 'object' || kept === null || Array.isArray(kept)) return false;
  const { [AUTHORIZATION_FIELD]: _kept, ...keptArgs } = kept as Record<string, unknown>;
  const { [AUTHORIZATION_FIELD]: _sent, ...stepArgs } = input;
  return canonicalJson(keptArgs) === canonicalJson(stepArgs);
}

/** What a partner answered a call, read as the run needs it. */
type Answered =
  | {
      readonly kind: 'written';
      readonly receipt: string;
      readonly digest: string;
      readonly result: Record<string, unknown>;
    }
  | { readonly kind: 'refused'; readonly code: string; readonly problem: string }
  | { readonly kind: 'lost'; readonly problem: string };

export function approvedRuns(options: ApprovedRunsOptions): ApprovedRuns {
  const { db, desk } = options;
  const reach = options.reach ?? atPartnerAddress;
  const now = options.now ?? Date.now;
  const partners = options.partners ?? PARTNER_DIRECTORY;
  const going = new Map<string, Promise<void>>();

  const partnerAt = (origin: string): PartnerName | undefined =>
    partners.names.find((name) => partners.originOf(name) === origin);

  /** The key `partner` signs its receipts with, as its own server publishes it now. */
  async function publishedReceiptKey(partner: PartnerName): Promise<string | null> {
    try {
      const response = await reach(partner, PARTNER_MANIFEST_PATH);
      if (!response.ok) return null;
      const read = readPartnerManifest(await response.json());
      return read.ok && read.manifest.origin === partners.originOf(partner) ? read.manifest.receipt_key : null;
    } catch {
      return null;
    }
  }
  // Kept a minute, as the page reports' checks keep it: asking at every step cost a round trip to
  // the partner (and its manifest) on the way from one write to the next.
  const keptReceiptKey = keptReceiptKeys(publishedReceiptKey, now);

  /** A partner's answer to a write, or what it holds under a key, checked against its signed receipt. */
  async function verified(
    partner: PartnerName,
    tool: string,
    input: Readonly<Record<string, unknown>>,
    body: unknown,
  ): Promise<Answered> {
    const read = readWriteSuccess(body);
    if (!read.ok)
      return { kind: 'lost', problem: `${partner}'s answer is not a write with a receipt: ${read.problem}` };
    const under = async (key: string | null) => key !== null && (await verifyReceipt(tool, input, read.write, { key }));
    // A receipt that does not verify under the key kept is checked under the key the partner
    // publishes now (it may have changed it within the minute), never taken on the kept key alone.
    if (!(await under(await keptReceiptKey(partner))) && !(await under(await keptReceiptKey.afresh(partner))))
      return {
        kind: 'lost',
        problem: `${partner}'s receipt for ${tool} is not over this step, or not signed by its key`,
      };
    return {
      kind: 'written',
      receipt: read.write.receipt.id,
      digest: read.write.receipt.digest,
      result: read.write.result as Record<string, unknown>,
    };
  }

  /** Sends one write to `partner` with its authorization. */
  async function send(partner: PartnerName, tool: string, input: Record<string, unknown>): Promise<Answered> {
    let response: Response;
    try {
      response = await reach(partner, `/api/writes/${encodeURIComponent(tool)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input, caller: 'human', channel: 'ui' }),
      });
    } catch (error) {
      return {
        kind: 'lost',
        problem:
          error instanceof Error && error.name === 'TimeoutError'
            ? `${partner}'s server did not answer within ${PARTNER_ANSWER_MS / 1000} s`
            : `${partner}'s server cannot be reached`,
      };
    }
    const body = (await response.json().catch(() => null)) as {
      ok?: boolean;
      code?: string;
      message?: string;
      details?: { partnerCode?: string };
    } | null;
    if (body?.ok === true) return verified(partner, tool, input, body);
    if (response.status === 409 && typeof body?.code === 'string')
      return { kind: 'refused', code: body.code, problem: String(body.message ?? body.code) };
    return { kind: 'lost', problem: `${partner}'s server answered ${response.status}` };
  }

  /** What `partner` holds under `key`: written (verified), not written, or not known. */
  async function held(
    partner: PartnerName,
    tool: string,
    input: Readonly<Record<string, unknown>>,
  ): Promise<Answered | { readonly kind: 'absent' }> {
    try {
      const response = await reach(
        partner,
        `/api/writes/by-key/${encodeURIComponent(String(input['idempotency_key']))}`,
      );
      if (!response.ok) return { kind: 'lost', problem: `${partner}'s server answered ${response.status}` };
      const body = (await response.json()) as {
        found?: boolean;
        write?: { args?: unknown; result: unknown; receipt: unknown };
      };
      if (body.found !== true) return { kind: 'absent' };
      // The partner's receipt digests the arguments it was sent, the authorization this desk signed
      // for that send among them; a run taken up after a stop signs afresh, so it checks the
      // receipt over the partner's own copy, once that copy is this step's arguments and no other.
      const kept = body.write?.args;
      const signedOver = isStepsOwn(kept, input) ? kept : input;
      return verified(partner, tool, signedOver, { ok: true, ...body.write });
    } catch {
      return { kind: 'lost', problem: `${partner}'s server cannot be reached to ask what it holds` };
    }
  }

  async function run(book: number, challenge: string, cutOff: boolean): Promise<void> {
    const [row] = await db.query<ApprovalRow>(
      `SELECT id, plan_id, statement, substance, assertion, dispatcher_id, run_status, run_started_at
         FROM approvals WHERE book_no = $1 AND challenge = $2 AND status = 'granted'`,
      [book, challenge],
    );
    if (!row || row.run_status !== 'running' || row.assertion === null) return;
    const statement = parsed(row.statement);
    const substance = parsed(row.substance);
    const assertion = parsed(row.assertion);
    const recorded = await db.query<StepRow>(
      'SELECT step, kind, outcome, receipt, result, problem FROM desk_run_steps WHERE book_no = $1 AND challenge = $2',
      [book, challenge],
    );
    const recordOf = (step: number, kind: 'step' | 'undo') =>
      recorded.find((candidate) => candidate.step === step && candidate.kind === kind);
    // A run with rows already, or started before this process: it was cut off, and is taken up.
    const takenUp = cutOff || recorded.length > 0;
    const plan = row.plan_id ?? '';
    const steps = substance.steps.map((step, index) => ({
      index,
      partner: partnerAt(step.origin) as PartnerName,
      tool: step.tool,
      input: {
        ...step.args,
        request: substance.request,
        idempotency_key: stepIdempotencyKey(statement.approval, challenge, index),
      },
    }));
    const rows = runRows({
      request: substance.request,
      plan,
      approval: statement.approval,
      digest: statement.plan_digest,
    });
    const startedAt = row.run_started_at ? new Date(row.run_started_at).toISOString() : new Date(now()).toISOString();
    let state: PlanRun = {
      approval: statement.approval,
      plan,
      request: substance.request,
      status: 'running',
      startedAt,
      endedAt: null,
      problem: null,
      steps: steps.map((step): StepOutcome => ({
        index: step.index,
        partner: step.partner,
        tool: step.tool,
        status: 'waiting',
        receipt: null,
        undoReceipt: null,
        problem: null,
      })),
    };
    const stepState = (index: number, change: Partial<StepOutcome>): PlanRun => ({
      ...state,
      steps: state.steps.map((outcome) => (outcome.index === index ? { ...outcome, ...change } : outcome)),
    });

    /** One transaction: the step's row (if any), its ledger rows, the run's new state. */
    async function commit(
      written: readonly RunRow[],
      next: PlanRun,
      step?: {
        readonly index: number;
        readonly kind: 'step' | 'undo';
        readonly outcome: StepRow['outcome'];
        readonly receipt?: string;
        readonly digest?: string;
        readonly result?: Record<string, unknown>;
        readonly problem?: string;
      },
      end?: { readonly outcome: RunOutcome; readonly closures: readonly [PartnerName, SignedRunClosure][] },
    ): Promise<void> {
      const at = new Date(now()).toISOString();
      const appended = await db.transaction(async (tx) => {
        if (step)
          await tx.query(
            `INSERT INTO desk_run_steps (book_no, challenge, step, kind, outcome, receipt, receipt_digest, result, problem)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
             ON CONFLICT (book_no, challenge, step, kind) DO UPDATE SET outcome = EXCLUDED.outcome,
               receipt = EXCLUDED.receipt, receipt_digest = EXCLUDED.receipt_digest, result = EXCLUDED.result,
               problem = EXCLUDED.problem, recorded_at = now()`,
            [
              book,
              challenge,
              step.index,
              step.kind,
              step.outcome,
              step.receipt ?? null,
              step.digest ?? null,
              step.result ? JSON.stringify(step.result) : null,
              step.problem ?? null,
            ],
          );
        if (end) {
          await tx.query(
            'UPDATE approvals SET run_status = $3, run_problem = $4, run_ended_at = now() WHERE book_no = $1 AND challenge = $2',
            [book, challenge, next.status, next.problem],
          );
          for (const [partner, closure] of end.closures)
            await tx.query(
              'INSERT INTO desk_run_closures (book_no, challenge, partner, closure) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
              [book, challenge, partner, JSON.stringify(closure)],
            );
        }
        const events: DeskEvent[] = [{ type: 'run_changed', run: next }];
        const rows = [...written];
        if (end) {
          // Every lease of the request the record still holds open is closed with the run's end,
          // here and by no page: read with both logs locked, so none moves before this is written.
          await lockDeskLogs(tx);
          const closing = closingAtRunEnd(
            await openLeasesOf(tx, await currentBook(tx), substance.request),
            {
              request: substance.request,
              plan,
              approval: statement.approval,
              digest: statement.plan_digest,
              status: end.outcome,
              stoppedAt: next.stoppedAt ?? null,
            },
            now(),
          );
          events.push(...closing.events);
          rows.push(...closing.rows);
        }
        // The run's rows and its state change, with the step, in this one transaction.
        const ledger = await appendServerRecords(
          db,
          'ledger',
          rows.map((draft) => ({ at, ...draft }) as LedgerDraft),
          tx,
        );
        if (!ledger.ok) throw new Error(`The desk could not record its run's rows: ${ledger.message}`);
        const stated = await appendServerRecords(db, 'state', events, tx);
        if (!stated.ok) throw new Error(`The desk could not record its run's state: ${stated.message}`);
        return ledger;
      });
      state = next;
      await options.afterLedger?.(appended);
    }

    /** Signs the authorization for one write or undo of step `index`, now, good for a couple of minutes. */
    const authorize = (index: number, kind: 'step' | 'undo', tool: string, args: Readonly<Record<string, unknown>>) => {
      const step = steps[index]!;
      const grant: StepGrant = {
        v: 1,
        kind,
        approval: statement.approval,
        plan_digest: statement.plan_digest,
        step: index,
        partner_origin: partners.originOf(step.partner),
        tool,
        args_digest: kind === 'step' ? authorizedArgsDigest(args) : null,
        expires_at: new Date(
          kind === 'step'
            ? Math.min(Date.parse(statement.expires_at), now() + STEP_AUTHORIZATION_TTL_MS)
            : now() + STEP_AUTHORIZATION_TTL_MS,
        ).toISOString(),
        dispatcher: row!.dispatcher_id,
      };
      return issueStepAuthorization(desk.key, grant, statement, assertion);
    };

    // The run as recorded so far (a run taken up after a stop starts from what its rows say).
    for (const kept of recorded) {
      if (kept.kind === 'step')
        state = stepState(kept.step, {
          status: kept.outcome === 'written' ? 'done' : kept.outcome === 'not_written' ? 'skipped' : 'failed',
          receipt: kept.receipt,
          problem: kept.problem,
        });
    }
    for (const kept of recorded.filter((candidate) => candidate.kind === 'undo'))
      state = stepState(kept.step, {
        status: kept.outcome === 'written' ? 'undone' : 'undo_failed',
        undoReceipt: kept.receipt,
        problem: kept.problem,
      });
    await commit(
      [
        rows.row('plan_started', { from: 'desk', to: 'desk' }, 'run_plan', 'ok', {
          steps: steps.length,
          run_by: 'desk_server',
          resumed: takenUp ? 'the desk server was stopped mid-run; each step is asked of its partner first' : undefined,
        }),
      ],
      state,
    );

    // Forward: each step not yet recorded, in order.
    let problem: { readonly partner: PartnerName; readonly why: string } | null = null;
    for (const step of steps) {
      const kept = recordOf(step.index, 'step');
      if (kept?.outcome === 'written') continue;
      if (kept) {
        problem = { partner: step.partner, why: kept.problem ?? `step ${step.index + 1} was not written` };
        break;
      }
      state = stepState(step.index, { status: 'running' });
      // Taken up: ask first, so a step the partner already holds is never written twice.
      if (takenUp) {
        const before = await held(step.partner, step.tool, step.input);
        if (before.kind === 'written') {
          await commit(
            [
              rows.row('tool_result', { from: step.partner, to: 'desk', verb: step.tool }, 'reconcile_step', 'ok', {
                tool: step.tool,
                reconciled: 'by_key',
                key: String(step.input.idempotency_key),
                written: 'yes',
                receipt: before.receipt,
                receipt_digest: before.digest,
                verified: 'yes',
              }),
            ],
            stepState(step.index, { status: 'done', receipt: before.receipt }),
            {
              index: step.index,
              kind: 'step',
              outcome: 'written',
              receipt: before.receipt,
              digest: before.digest,
              result: before.result,
            },
          );
          continue;
        }
        // Not known yet (the partner is not answering): the run stays running, taken up again later.
        if (before.kind === 'lost') throw new Error(before.problem);
        if (before.kind !== 'absent') {
          problem = { partner: step.partner, why: before.problem };
          await commit([], stepState(step.index, { status: 'failed', problem: problem.why }), {
            index: step.index,
            kind: 'step',
            outcome: 'unknown',
            problem: problem.why,
          });
          break;
        }
      }
      if (!(Date.parse(statement.expires_at) > now())) {
        problem = {
          partner: step.partner,
          why: `the approval expired at ${statement.expires_at} before this step was sent`,
        };
        await commit([], stepState(step.index, { status: 'skipped', problem: problem.why }), {
          index: step.index,
          kind: 'step',
          outcome: 'not_written',
          problem: problem.why,
        });
        break;
      }
      const input = { ...step.input, [AUTHORIZATION_FIELD]: authorize(step.index, 'step', step.tool, step.input) };
      let answer = await send(step.partner, step.tool, input);
      // The answer was lost, not refused: the partner may have written it. Ask by key.
      if (answer.kind === 'lost') {
        const after = await held(step.partner, step.tool, input);
        if (after.kind === 'written') answer = after;
        else if (after.kind === 'absent') answer = { kind: 'refused', code: 'NOT_WRITTEN', problem: answer.problem };
      }
      const asked = { step: step.index + 1, key: String(step.input.idempotency_key) };
      if (answer.kind === 'written') {
        await commit(
          rows.write(step.partner, step.tool, asked, answer),
          stepState(step.index, { status: 'done', receipt: answer.receipt }),
          {
            index: step.index,
            kind: 'step',
            outcome: 'written',
            receipt: answer.receipt,
            digest: answer.digest,
            result: answer.result,
          },
        );
        continue;
      }
      problem = { partner: step.partner, why: answer.problem };
      await commit(
        [
          rows.row('tool_invoked', { from: 'desk', to: step.partner, verb: step.tool }, 'partner_write', 'ok', {
            tool: step.tool,
            ...asked,
          }),
          rows.row('tool_result', { from: step.partner, to: 'desk', verb: step.tool }, 'partner_write', 'error', {
            tool: step.tool,
            code: answer.kind === 'refused' ? answer.code : 'OUTCOME_UNKNOWN',
            written: answer.kind === 'refused' ? 'no' : 'unknown',
          }),
        ],
        stepState(step.index, { status: 'failed', problem: answer.problem }),
        {
          index: step.index,
          kind: 'step',
          outcome: answer.kind === 'refused' ? 'refused' : 'unknown',
          problem: answer.problem,
        },
      );
      break;
    }

    // Backward, only when a step failed: undo what was written, newest first.
    let undoFailed = false;
    let unknown = state.steps.some(
      (outcome) => outcome.status === 'failed' && recordOf(outcome.index, 'step')?.outcome === 'unknown',
    );
    if (problem !== null) {
      const written = await db.query<StepRow>(
        "SELECT step, kind, outcome, receipt, result, problem FROM desk_run_steps WHERE book_no = $1 AND challenge = $2 AND kind = 'step' AND outcome = 'written' ORDER BY step DESC",
        [book, challenge],
      );
      unknown ||=
        (
          await db.query(
            "SELECT 1 FROM desk_run_steps WHERE book_no = $1 AND challenge = $2 AND kind = 'step' AND outcome = 'unknown'",
            [book, challenge],
          )
        ).length > 0;
      for (const write of written) {
        const undoKept = recordOf(write.step, 'undo');
        if (undoKept?.outcome === 'written') continue;
        const step = steps[write.step]!;
        const undo = compensationFor(partners.compensations(step.partner), {
          tool: step.tool,
          args: step.input,
          result: parsed(write.result ?? {}) as Record<string, unknown>,
        });
        let answer: Answered;
        if (!undo.ok || partners.compensations(step.partner)[step.tool]?.undo !== (undo.ok ? undo.tool : undefined)) {
          answer = {
            kind: 'refused',
            code: undo.ok ? 'NO_COMPENSATION' : undo.code,
            problem: undo.ok ? `${step.tool} has no undo` : undo.message,
          };
        } else {
          const undoInput = {
            ...undo.args,
            [AUTHORIZATION_FIELD]: authorize(write.step, 'undo', undo.tool, undo.args),
          };
          answer = await send(step.partner, undo.tool, undoInput);
          if (answer.kind !== 'written') {
            const after = await held(step.partner, undo.tool, undoInput);
            if (after.kind === 'written') answer = after;
          }
        }
        if (answer.kind === 'written') {
          // The undo is a write like any other: asked of the partner, answered with its signed
          // receipt (which the receipts check sets against what the partner holds), then the step
          // said undone.
          const undoTool = undo.ok ? undo.tool : '';
          await commit(
            [
              ...rows.write(
                step.partner,
                undoTool,
                { step: write.step + 1, key: undo.ok ? String(undo.args['idempotency_key']) : '' },
                answer,
              ),
              rows.row('step_compensated', { from: 'desk', to: step.partner, verb: undoTool }, 'partner_write', 'ok', {
                step: write.step + 1,
                tool: step.tool,
                undo: undoTool,
                receipt: answer.receipt,
              }),
            ],
            stepState(write.step, { status: 'undone', undoReceipt: answer.receipt }),
            {
              index: write.step,
              kind: 'undo',
              outcome: 'written',
              receipt: answer.receipt,
              digest: answer.digest,
              result: answer.result,
            },
          );
        } else {
          undoFailed = true;
          await commit(
            [
              rows.row(
                'compensation_failed',
                { from: 'desk', to: step.partner, verb: step.tool },
                'partner_write',
                'error',
                { step: write.step + 1, tool: step.tool, still_applied: 'yes', problem: answer.problem },
              ),
            ],
            stepState(write.step, { status: 'undo_failed', problem: answer.problem }),
            {
              index: write.step,
              kind: 'undo',
              outcome: answer.kind === 'refused' ? 'refused' : 'unknown',
              problem: answer.problem,
            },
          );
        }
      }
    }

    // The end: what happened, in a person's words, and the partners told the run is over.
    const status: RunStatus = problem === null ? 'done' : undoFailed || unknown ? 'failed' : 'undone';
    const stopped = problem ? `${problem.partner}: ${problem.why}` : null;
    const outcome: RunOutcome = status;
    const closedAt = new Date(now());
    const closures = [...new Set(steps.map((step) => step.partner))].map(
      (partner) => [partner, signRunClosure(desk.key, statement, outcome, closedAt)] as [PartnerName, SignedRunClosure],
    );
    const finished: PlanRun = {
      ...state,
      status,
      endedAt: closedAt.toISOString(),
      problem: stopped,
      stoppedAt: problem?.partner ?? null,
      steps: state.steps.map((outcome) =>
        outcome.status === 'waiting' || outcome.status === 'running' ? { ...outcome, status: 'skipped' } : outcome,
      ),
    };
    await commit(
      [
        rows.row('plan_finished', { from: 'desk', to: 'desk' }, 'run_plan', status === 'done' ? 'ok' : 'error', {
          outcome: status,
          done: finished.steps.filter((outcome) => outcome.status === 'done').length,
          of: steps.length,
          stopped_at: problem?.partner,
          problem: problem?.why,
          next: runNext(statement.approval, status, problem?.partner ?? null),
        }),
      ],
      finished,
      undefined,
      { outcome, closures },
    );
    await deliverClosures();
  }

  /** Tells each partner of every ended run that it is over, until the partner has taken it. */
  async function deliverClosures(): Promise<void> {
    const owed = await db.query<{ book_no: number; challenge: string; partner: PartnerName; closure: unknown }>(
      'SELECT book_no, challenge, partner, closure FROM desk_run_closures WHERE delivered_at IS NULL',
    );
    await Promise.all(
      owed.map(async (closure) => {
        try {
          const response = await reach(closure.partner, RUN_CLOSED_PATH, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: typeof closure.closure === 'string' ? closure.closure : JSON.stringify(closure.closure),
          });
          if (response.ok)
            await db.query(
              'UPDATE desk_run_closures SET delivered_at = now() WHERE book_no = $1 AND challenge = $2 AND partner = $3',
              [closure.book_no, closure.challenge, closure.partner],
            );
        } catch {
          // Not taken now: it is owed, and sent again at the next run's end and when the server starts.
        }
      }),
    );
  }

  return {
    start(book, challenge) {
      const key = `${book}:${challenge}`;
      if (going.has(key)) return;
      const done = run(book, challenge, false)
        .catch((error: unknown) => {
          console.error(
            `The run of ${challenge} stopped on an error; it is taken up when the server starts again.`,
            error,
          );
        })
        .finally(() => going.delete(key));
      going.set(key, done);
    },
    async resume() {
      const cutOff = await db.query<{ book_no: number; challenge: string }>(
        "SELECT book_no, challenge FROM approvals WHERE status = 'granted' AND run_status = 'running'",
      );
      for (const { book_no: book, challenge } of cutOff) {
        const key = `${book}:${challenge}`;
        if (going.has(key)) continue;
        const done = run(book, challenge, true)
          .catch((error: unknown) =>
            console.error(`The run of ${challenge} could not be taken up yet; it is tried again shortly.`, error),
          )
          .finally(() => going.delete(key));
        going.set(key, done);
      }
      await deliverClosures();
    },
    async idle() {
      while (going.size > 0) await Promise.all([...going.values()]);
    },
  };
}

// The run of an approved plan. It opens the execute_plan leases the steps need, runs each step
// once (its idempotency key derived from the approval and the step's index, so a repeat changes
// nothing twice), and if a step fails undoes the steps already done, newest first, through the
// compensation map. Each call is a hop on the ledger with the partner's receipt; the leases are
// closed at the end whatever happened; the approval is then spent.
//
// (Node tests only: in a page the desk's server runs the plan, server/approved-runs.ts.) A run cut off mid-way is run again: every step is
// first asked of its partner by its idempotency key, so what a partner already holds counts as
// done with its receipt and is never written twice; then it either goes on writing the rest, or,
// when no more may be written, only undoes what the partners hold.
import {
  compensationFor,
  evaluatePolicy,
  hopDetail,
  stepInput,
  type ActClass,
  type Approval,
  type Lease,
  type PartnerName,
  type PolicyPurpose,
  type PolicyVerdict,
} from '@warrant/broker';
import { AUTHORIZATION_FIELD } from '@warrant/authority';
import type { DeskCall } from '../call-context.ts';
import type { StepAuthorizations } from '../consent/passkey-consent.ts';
import { cardStatement } from '../consent/card-statement.ts';
import type { DeskRuntime } from '../desk-runtime.ts';
import type { DraftedPlan } from '../../domain/plan.ts';
import type { PlanRun, RunStatus, StepOutcome, TakenUp } from '../../domain/run.ts';
import { PARTNER_DIRECTORY } from '../../partners.ts';
import { answerLost, askPartnerWhatHappened, THROUGH_THE_DESK_SERVER } from './ask-partner.ts';

/** How long an execute_plan lease lives: long enough for a plan's steps, no longer. */
const EXECUTE_LEASE_TTL_SECONDS = 120;

interface Done {
  readonly index: number;
  readonly lease: string;
  readonly input: Record<string, unknown>;
  readonly result: Readonly<Record<string, unknown>>;
}

function resultOf(value: unknown): Readonly<Record<string, unknown>> {
  const result = typeof value === 'object' && value !== null ? (value as { result?: unknown }).result : undefined;
  return typeof result === 'object' && result !== null && !Array.isArray(result)
    ? (result as Record<string, unknown>)
    : {};
}

/**
 * Runs the plan with the desk server's step authorizations, one per step (and one for its undo):
 * each partner's server checks its own before it writes.
 */
export interface RunOptions {
  /** The call that approved the plan (a person at the page): the run's hops are recorded on its channel. */
  readonly call: Pick<DeskCall, 'channel'>;
  /**
   * The run was cut off (the page went away, the desk's server stopped) and is taken up again:
   * each step is first asked of its partner by idempotency key. To `resume` is to write a step
   * only if its partner holds nothing under its key; to `compensate` is to write none, and undo
   * what the partners hold.
   */
  readonly takeUp?: { readonly run: PlanRun; readonly mode: Exclude<TakenUp['mode'], 'waiting'>; readonly why: string };
}

export async function runApprovedPlan(
  desk: DeskRuntime,
  approval: Approval,
  plan: DraftedPlan,
  authorizations: readonly StepAuthorizations[],
  options: RunOptions,
): Promise<PlanRun> {
  const { takeUp } = options;
  const records = desk.partnerRecords ?? THROUGH_THE_DESK_SERVER;
  const iso = (): string => new Date(desk.now()).toISOString();
  const channel = options.call.channel;
  const context = { actor: 'system', channel, plan: plan.id, approval: approval.id, digest: approval.digest } as const;
  const base = {
    actor: 'system',
    channel,
    from: 'desk',
    to: 'desk',
    request: plan.request,
    plan: plan.id,
    approval: approval.id,
    digest: approval.digest,
  } as const;
  let run: PlanRun = {
    approval: approval.id,
    plan: plan.id,
    request: plan.request,
    status: 'running',
    steps: plan.steps.map((step, index): StepOutcome => ({
      index,
      partner: step.partner,
      tool: step.tool,
      status: 'waiting',
      receipt: null,
      undoReceipt: null,
      problem: null,
    })),
    startedAt: takeUp?.run.startedAt ?? iso(),
    endedAt: null,
    problem: null,
    ...(takeUp ? { takenUp: { mode: takeUp.mode, why: takeUp.why } } : {}),
  };
  const update = (change: Partial<PlanRun>): void => {
    run = { ...run, ...change };
    desk.apply({ type: 'run_changed', run });
  };
  const step = (index: number, change: Partial<StepOutcome>): void =>
    update({ steps: run.steps.map((outcome) => (outcome.index === index ? { ...outcome, ...change } : outcome)) });
  // Each hop the run records itself carries the table's verdict for its act, asked as it happens.
  const verdict = (act: ActClass, purpose: PolicyPurpose): PolicyVerdict =>
    evaluatePolicy({ actor: 'system', act, purpose, approval: desk.gate.stateOf(approval.id) }).verdict;
  const runVerdict = verdict('run_plan', 'none');
  update({});
  desk.record({
    ...base,
    event: 'plan_started',
    policy: runVerdict,
    status: 'ok',
    detail: hopDetail({
      steps: plan.steps.length,
      label: plan.label,
      resumed: takeUp?.mode === 'resume' ? takeUp.why : undefined,
      undoing: takeUp?.mode === 'compensate' ? takeUp.why : undefined,
    }),
  });
  // What a partner holds under a step's key, asked and recorded as the step's tool_result.
  const ask = (lease: Lease, index: number, input: Readonly<Record<string, unknown>>) => {
    const planned = plan.steps[index] as DraftedPlan['steps'][number];
    return askPartnerWhatHappened(
      records,
      desk.record,
      { ...base, lease: lease.id, policy: verdict('reconcile_step', 'execute_plan') },
      planned.partner,
      planned.tool,
      input,
    );
  };
  const inputOf = (index: number) => ({
    ...stepInput(plan, index, { id: approval.id, challenge: cardStatement(approval).challenge }),
    [AUTHORIZATION_FIELD]: authorizations[index]?.step ?? '',
  });
  // A step whose partner's answer is not known stays as it was: the run cannot say it was undone.
  let unresolved = false;

  const leases = new Map<PartnerName, Lease>();
  let problem: string | null = null;
  for (const partner of new Set(plan.steps.map((candidate) => candidate.partner))) {
    const opened = desk.broker.openLease(
      {
        partner,
        purpose: 'execute_plan',
        ttlSeconds: EXECUTE_LEASE_TTL_SECONDS,
        request: plan.request,
        plan: plan.id,
        approval: approval.id,
      },
      context,
    );
    if (!opened.ok) {
      problem = `no execute_plan lease on ${partner}: ${opened.message}`;
      break;
    }
    leases.set(partner, opened.lease);
  }
  // Every partner's frame mounts at once: the run waits for the slowest, not for each in turn.
  // Nothing is written until every lease is active, so a lease that fails leaves nothing to undo.
  const settled = await Promise.all(
    [...leases].map(async ([partner, opened]) => [partner, await desk.settled(opened.id)] as const),
  );
  for (const [partner, lease] of settled) {
    if (problem !== null) break;
    if (lease?.state !== 'active')
      problem = `the execute_plan lease on ${partner} is ${lease?.state ?? 'gone'}${lease?.endReason ? ` (${lease.endReason})` : ''}`;
  }

  const done: Done[] = [];
  if (problem === null && takeUp?.mode === 'compensate') {
    // Nothing more may be written: learn what each partner holds of the run, to undo it.
    for (const [index, planned] of plan.steps.entries()) {
      const lease = leases.get(planned.partner) as Lease;
      const input = inputOf(index);
      step(index, { status: 'running' });
      const held = await ask(lease, index, input);
      if (held.written === true) {
        done.push({ index, lease: lease.id, input, result: held.result });
        step(index, { status: 'done', receipt: held.receipt });
      } else if (held.written === false) {
        step(index, { status: 'skipped' });
      } else {
        unresolved = true;
        step(index, { status: 'failed', problem: held.problem });
      }
    }
    problem = takeUp.why;
  } else if (problem === null) {
    for (const [index, planned] of plan.steps.entries()) {
      const lease = leases.get(planned.partner) as Lease;
      const input = inputOf(index);
      step(index, { status: 'running' });
      // A run taken up asks first: a step the partner already holds is done, not written again.
      const before = takeUp ? await ask(lease, index, input) : null;
      if (before?.written === true) {
        done.push({ index, lease: lease.id, input, result: before.result });
        step(index, { status: 'done', receipt: before.receipt });
        continue;
      }
      if (before?.written === 'unknown') {
        problem = before.problem;
        unresolved = true;
        step(index, { status: 'failed', problem });
        break;
      }
      const answer = await desk.broker.call(lease.id, planned.tool, input, context);
      if (answer.ok) done.push({ index, lease: lease.id, input, result: resultOf(answer.value) });
      if (answer.ok && answer.receiptVerified === true) {
        step(index, { status: 'done', receipt: answer.receipt?.id ?? null });
        continue;
      }
      // The answer was lost, not refused: the partner may have written it. Ask: if it did, with a
      // receipt over exactly this step, the step is done and the run goes on.
      const lost = !answer.ok && answerLost(answer) ? await ask(lease, index, input) : null;
      if (lost?.written === true) {
        done.push({ index, lease: lease.id, input, result: lost.result });
        step(index, { status: 'done', receipt: lost.receipt });
        continue;
      }
      problem = answer.ok ? `${planned.tool} answered without a receipt the desk could verify` : answer.message;
      if (lost?.written === 'unknown')
        problem = `${problem}; whether ${planned.partner} wrote it is not known: ${lost.problem}`;
      step(index, { status: 'failed', receipt: answer.ok ? (answer.receipt?.id ?? null) : null, problem });
      break;
    }
  }

  let undoFailed = false;
  if (problem !== null) {
    for (const skipped of run.steps.filter((outcome) => outcome.status === 'waiting')) {
      // The page before this one may have got further than this run did: ask before skipping.
      const lease = leases.get(skipped.partner);
      const held = takeUp && lease ? await ask(lease, skipped.index, inputOf(skipped.index)) : null;
      if (held?.written === true && lease) {
        done.push({ index: skipped.index, lease: lease.id, input: inputOf(skipped.index), result: held.result });
        step(skipped.index, { status: 'done', receipt: held.receipt });
      } else {
        // Taken up with no lease to ask through, or no answer: whether it was written is not known.
        const unknown = takeUp !== undefined && (held === null || held.written === 'unknown');
        if (unknown) unresolved = true;
        step(skipped.index, {
          status: 'skipped',
          ...(unknown
            ? {
                problem:
                  held?.written === 'unknown'
                    ? held.problem
                    : `${skipped.partner} could not be asked whether it holds this step`,
              }
            : {}),
        });
      }
    }
    for (const write of [...done].sort((a, b) => b.index - a.index)) {
      const planned = plan.steps[write.index] as DraftedPlan['steps'][number];
      const undo = compensationFor(PARTNER_DIRECTORY.compensations(planned.partner), {
        tool: planned.tool,
        args: write.input,
        result: write.result,
      });
      const undoAuthorization = authorizations[write.index]?.undo ?? '';
      const answer = undo.ok
        ? await desk.broker.call(
            write.lease,
            undo.tool,
            { ...undo.args, [AUTHORIZATION_FIELD]: undoAuthorization },
            context,
          )
        : undo;
      const to = planned.partner;
      if (answer.ok) {
        step(write.index, { status: 'undone', undoReceipt: answer.receipt?.id ?? null });
        desk.record({
          ...base,
          to,
          lease: write.lease,
          event: 'step_compensated',
          policy: verdict('partner_write', 'execute_plan'),
          status: 'ok',
          detail: hopDetail({
            step: write.index + 1,
            tool: planned.tool,
            undo: answer.tool,
            receipt: answer.receipt?.id,
          }),
        });
      } else {
        undoFailed = true;
        step(write.index, { status: 'undo_failed', problem: answer.message });
        desk.record({
          ...base,
          to,
          lease: write.lease,
          event: 'compensation_failed',
          policy: verdict('partner_write', 'execute_plan'),
          status: 'error',
          detail: hopDetail({ step: write.index + 1, tool: planned.tool, code: answer.code, still_applied: 'yes' }),
        });
      }
    }
  }

  for (const lease of leases.values()) desk.broker.closeLease(lease.id, { ...context, reason: 'the run ended' });
  desk.gate.finish(approval.id);
  const status: RunStatus = problem === null ? 'done' : undoFailed || unresolved ? 'failed' : 'undone';
  update({ status, endedAt: iso(), problem });
  desk.record({
    ...base,
    event: 'plan_finished',
    policy: runVerdict,
    status: status === 'done' ? 'ok' : 'error',
    detail: hopDetail({
      outcome: status,
      done: done.length,
      of: plan.steps.length,
      problem: problem ?? undefined,
      taken_up: takeUp?.mode,
    }),
  });
  return run;
}

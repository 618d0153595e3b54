// A run cut off mid-way — the page driving it went away, or the desk's server was stopped under it —
// is taken up by the next page to act at the desk. It asks the desk's server for the run's step
// authorizations again (server/run-authorizations.ts: only a signed-in dispatcher's acting page
// gets them, and only while the run has not ended on the ledger), then:
//
// - resumes, while the approval holds: each step is asked of its partner by its idempotency key;
//   what the partner already holds counts as done with its receipt, the rest is written;
// - compensates, once the approval has expired (or if the run was already undoing a failed step):
//   nothing more is written, and what the partners hold of the run is undone;
// - waits, while no dispatcher is signed in at this page, and tries again when one signs in;
// - otherwise records on the ledger that the run was cut short and could not be taken up, with
//   what stays applied.
//
// Which of these happened is said on the ledger (plan_started and plan_finished) and on the card.
import { evaluatePolicy, hopDetail, type Approval } from '@warrant/broker';
import type { ToolRefusal } from '@warrant/surface';
import { THE_DESK_ITSELF } from '../call-context.ts';
import { cardStatement } from '../consent/card-statement.ts';
import type { StepAuthorizations } from '../consent/passkey-consent.ts';
import { askDeskServer, type ServerAnswer } from '../consent/desk-server.ts';
import type { DeskRuntime } from '../desk-runtime.ts';
import { findPlan } from '../domain/queries.ts';
import type { PlanRun, RunStatus, TakenUp } from '../domain/run.ts';
import { PAGE_ID } from '../page-id.ts';
import { runApprovedPlan } from './approved-run.ts';

/** What the desk's server hands the acting page for a cut-off run (server/run-authorizations.ts). */
export interface RunAuthorizations {
  /** False once the approval has expired: the steps' authorizations no longer write, the undos (signed afresh) still do. */
  readonly may_resume: boolean;
  readonly expires_at: string;
  readonly authorizations: readonly StepAuthorizations[];
}

export type ObtainRunAuthorizations = (approval: Approval) => Promise<ServerAnswer<RunAuthorizations>>;

/** In a page: the desk's server, asked by this page (it must be the acting one) under its dispatcher's session. */
export const FROM_THE_DESK_SERVER: ObtainRunAuthorizations = (approval) =>
  askDeskServer<RunAuthorizations>(
    `/api/approvals/${encodeURIComponent(cardStatement(approval).challenge)}/authorizations`,
    { page: PAGE_ID },
  );

/** Refusals that pass: the run waits for them to, rather than being written off. */
const PASSING = new Set(['NOT_SIGNED_IN', 'NOT_ACTING_PAGE', 'DESK_SERVER_UNREACHABLE']);
const STEP_UNDOING = new Set(['failed', 'undone', 'undo_failed']);

const CUT_OFF = 'The run was cut off before it ended (the page driving it went away, or the desk’s server stopped)';

export interface RunTaker {
  /** Takes up every cut-off run not yet ended or being taken up; a run that must wait is tried again at the next call. */
  takeUp(): Promise<void>;
}

export function createRunTaker(desk: DeskRuntime, obtain: ObtainRunAuthorizations = FROM_THE_DESK_SERVER): RunTaker {
  const busy = new Set<string>();
  const iso = (): string => new Date(desk.now()).toISOString();

  const runVerdict = (approval: string) =>
    evaluatePolicy({ actor: 'system', act: 'run_plan', purpose: 'none', approval: desk.gate.stateOf(approval) })
      .verdict;

  const setRun = (run: PlanRun): void => desk.apply({ type: 'run_changed', run });

  /** Written off: recorded as cut short, with what stays applied; its approval is spent. */
  const cutShort = (run: PlanRun, reason: string): void => {
    const why = `${CUT_OFF} and could not be taken up: ${reason}`;
    setRun({
      ...run,
      status: 'failed',
      endedAt: iso(),
      problem: why,
      steps: run.steps.map((step) =>
        step.status === 'running' || step.status === 'waiting'
          ? { ...step, status: 'skipped', problem: 'not known: the run was cut off' }
          : step,
      ),
    });
    desk.record({
      actor: 'system',
      channel: THE_DESK_ITSELF.channel,
      event: 'plan_finished',
      from: 'desk',
      to: 'desk',
      request: run.request,
      plan: run.plan,
      approval: run.approval,
      policy: runVerdict(run.approval),
      status: 'error',
      detail: hopDetail({
        outcome: 'failed',
        taken_up: 'no',
        reason: `${why}. What its partners wrote of it stays applied, as each partner's own record shows.`,
      }),
    });
    desk.gate.finish(run.approval);
  };

  const takeUpOne = async (run: PlanRun): Promise<void> => {
    const approval = desk.gate.get(run.approval);
    const plan = approval ? findPlan(desk.state.value, approval.plan) : undefined;
    if (!approval || !plan) return cutShort(run, 'its approval or its plan is not in the desk’s record');
    const answer = await obtain(approval);
    if (!answer.ok) return refused(run, answer);
    const undoing = run.steps.some((step) => STEP_UNDOING.has(step.status));
    const mode: TakenUp['mode'] = answer.may_resume && !undoing ? 'resume' : 'compensate';
    const why =
      mode === 'resume'
        ? `${CUT_OFF}; this page took it up: each step is asked of its partner first, and only what the partner does not hold is written`
        : undoing
          ? `${CUT_OFF} while it was undoing a failed step; this page took it up: what the partners hold of it is undone`
          : `${CUT_OFF}, and its approval expired at ${answer.expires_at}, so no more of it may be written; this page took it up: what the partners hold of it is undone`;
    await runApprovedPlan(desk, approval, plan, answer.authorizations, {
      call: THE_DESK_ITSELF,
      takeUp: { run, mode, why },
    });
  };

  const refused = (run: PlanRun, answer: ToolRefusal): void => {
    if (PASSING.has(answer.code)) {
      const why =
        answer.code === 'NOT_SIGNED_IN'
          ? `${CUT_OFF}. It is taken up again once a dispatcher signs in at this page.`
          : `${CUT_OFF}. It is taken up again once this page can ask the desk’s server for it (${answer.message})`;
      if (run.takenUp?.why !== why) setRun({ ...run, takenUp: { mode: 'waiting', why } });
      return;
    }
    if (answer.code === 'RUN_ENDED') {
      // The ledger already records its end; only this page's record of its state was behind.
      const outcome = String(answer.details?.['outcome'] ?? '');
      const status: RunStatus = outcome === 'done' || outcome === 'undone' ? outcome : 'failed';
      setRun({ ...run, status, endedAt: iso(), problem: status === 'done' ? null : answer.message });
      desk.gate.finish(run.approval);
      return;
    }
    cutShort(run, answer.message);
  };

  return {
    async takeUp() {
      for (const run of desk.state.value.runs) {
        if (run.status !== 'running' || !desk.cutOff.has(run.approval) || busy.has(run.approval)) continue;
        busy.add(run.approval);
        try {
          await takeUpOne(run);
        } finally {
          busy.delete(run.approval);
        }
      }
    },
  };
}

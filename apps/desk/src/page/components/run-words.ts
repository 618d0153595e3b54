// A run's outcome in a dispatcher's words, as the desk's server recorded it (server/approved-runs.ts):
// running, done, undone (and what was undone) or failed (where, and what stopped it). The card's pill
// says which, so a run that wrote nothing never reads like one that completed.
import type { PlanRun, StepOutcome } from '../../domain/run.ts';
import { partnerTitle } from './wording.ts';

/** Where a run stopped, as a partner's title: from the run's record, or the start of its problem. */
export function stoppedAt(run: PlanRun): string | null {
  const partner = run.stoppedAt ?? (run.problem ? /^([a-z]+): /.exec(run.problem)?.[1] : undefined);
  return partner ? partnerTitle(partner) : null;
}

/** Why it stopped, without the partner's name the problem starts with. */
function why(run: PlanRun): string {
  const problem = run.problem ?? 'no reason was given';
  const partner = run.stoppedAt ?? /^([a-z]+): /.exec(problem)?.[1];
  return partner && problem.startsWith(`${partner}: `) ? problem.slice(partner.length + 2) : problem;
}

const stepsWords = (steps: readonly StepOutcome[]): string =>
  steps.map((step) => `step ${step.index + 1} at ${partnerTitle(step.partner)} (${step.tool})`).join(', ');

/** The card's pill while and after the run. */
export function runPill(run: PlanRun): string {
  const at = stoppedAt(run);
  switch (run.status) {
    case 'running':
      return 'Approved, running';
    case 'done':
      return 'Done';
    case 'undone':
      // Undone means something was written, then taken back; a run that wrote nothing failed.
      return run.steps.some((step) => step.status === 'undone') ? 'Undone' : at ? `Failed at ${at}` : 'Failed';
    case 'failed':
      return at ? `Failed at ${at}` : 'Failed';
  }
}

/** The card's sentence about the run. */
export function runWords(run: PlanRun): string {
  const at = stoppedAt(run) ?? 'a partner';
  const written = run.steps.filter((step) => step.status === 'done');
  const undone = run.steps.filter((step) => step.status === 'undone');
  const stuck = run.steps.filter((step) => step.status === 'undo_failed');
  switch (run.status) {
    case 'running':
      return `The desk's server is running the approved steps: ${written.length} of ${run.steps.length} written so far.`;
    case 'done':
      return `Every step ran: ${written.length} of ${run.steps.length} written at their partners.`;
    case 'undone':
      return undone.length === 0
        ? `Failed at ${at}: ${why(run)}. Nothing was written at any partner.`
        : `Stopped at ${at}: ${why(run)}. Undone: ${stepsWords(undone)}. Nothing of this run stays applied.`;
    case 'failed':
      return stuck.length > 0
        ? `Failed at ${at}: ${why(run)}. Still applied (the undo did not go through): ${stepsWords(stuck)}.`
        : `Failed at ${at}: ${why(run)}. Whether it wrote is not known yet; the desk asks again and the ledger will say.`;
  }
}

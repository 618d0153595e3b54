// What commit_plan answers (shared/spec/desk.md, "Plan digest and approval"): a success that
// runs nothing and continues nothing. It says so in a form an agent can read and act on, which
// is to report the plan as raised and stop.
import type { Approval } from './approval-gate.ts';

export const COMMIT_NEXT =
  "none of this desk's verbs continues this plan; a person approves or rejects it; report that the plan is raised and waiting, and stop; calling commit_plan again raises a second approval";

/**
 * The spec's `next:` and then how to learn the outcome: an agent that stops here may be asked
 * later what happened, and nothing it holds would tell it.
 */
export function commitNext(approval: Pick<Approval, 'id' | 'request'>): string {
  return `${COMMIT_NEXT}; to learn the outcome later, call read_ledger with ${JSON.stringify({ request: approval.request })}: its rows say whether ${approval.id} was approved or rejected, how each step ran, and (in its plan_finished row) what a person can do if the run did not finish`;
}

export interface CommitHalt {
  readonly ok: true;
  readonly status: 'awaiting_human_approval';
  readonly approval_id: string;
  readonly plan: string;
  readonly nothing_ran: {
    readonly partner_state_changed: false;
    readonly lease_created: false;
    readonly step_invoked: false;
  };
  readonly digest: string;
  readonly expires_at: string;
  readonly next: string;
  /** The same, as lines of text. */
  readonly text: string;
}

export function commitHaltResult(approval: Approval): CommitHalt {
  const expires = new Date(approval.expiresAt).toISOString();
  const next = commitNext(approval);
  return {
    ok: true,
    status: 'awaiting_human_approval',
    approval_id: approval.id,
    plan: approval.plan,
    nothing_ran: { partner_state_changed: false, lease_created: false, step_invoked: false },
    digest: approval.digest,
    expires_at: expires,
    next,
    text: [
      'status: awaiting_human_approval',
      `approval_id: ${approval.id}`,
      `commit_plan raised ${approval.plan} for human approval as ${approval.id}. Nothing ran: no partner state changed, no lease was created, and no step was invoked.`,
      `plan_digest: ${approval.digest}`,
      `expires_at: ${expires}`,
      `next: ${next}`,
    ].join('\n'),
  };
}

// commit_plan: raises a human approval bound to the plan's digest and halts. The desk's server
// raises it, from the plan in the desk's own record (server/approval-raising.ts). It runs nothing,
// continues nothing, and says so in words an agent can act on: report the plan as raised, and
// stop. Calling it again raises a second approval for the same plan.
import { commitHaltResult, evaluatePolicy } from '@warrant/broker';
import { refusal } from '@warrant/surface';
import type { DeskRuntime } from '../desk-runtime.ts';
import { awaitingPlans } from '../../domain/queries.ts';
import { commitPlanSchema } from '../../domain/schemas.ts';
import { heldElsewhereRefusal } from './held-check.ts';
import { noted } from './verb-note.ts';
import { verbRow, type VerbRowNeeds } from './verb-row.ts';

export interface CommitPlanInput {
  readonly plan: string;
}

/** What the commitPlan verb takes of the desk's runtime: no more than it uses. */
export type CommitPlanNeeds = VerbRowNeeds &
  Pick<DeskRuntime, 'heldElsewhere' | 'raiseApproval' | 'recordApproval' | 'state'>;

export function commitPlanRow(desk: CommitPlanNeeds) {
  return verbRow<CommitPlanInput>(desk, {
    name: 'commit_plan',
    title: 'Commit a plan for approval',
    description:
      "Raise a person's approval for a drafted plan, bound to the plan's digest, and halt. Nothing runs: no partner changes, no lease opens, no step is invoked. " +
      'Returns { ok, status: "awaiting_human_approval", approval_id, plan, nothing_ran, digest, expires_at, next, text }. Then report that the plan is raised and waiting, and stop: ' +
      "none of this desk's verbs continues it. In order while a drafted plan awaits.",
    annotations: { readOnlyHint: false, consequentialHint: true },
    inputSchema: (state) => commitPlanSchema(state),
    async run(input, call) {
      const policy = evaluatePolicy({ actor: call.actor, act: 'commit_plan', purpose: 'none', approval: 'none' });
      const plan = awaitingPlans(desk.state.value).find((candidate) => candidate.id === input.plan);
      const base = { policy: policy.verdict, plan: input.plan, ...(plan ? { request: plan.request } : {}) } as const;
      if (policy.verdict !== 'needs_approval')
        return noted(refusal('POLICY_DENIED', `${policy.why} Nothing was raised.`, { rule: policy.rule }), base);
      if (!plan)
        return noted(
          refusal('PLAN_NOT_AWAITING', `${input.plan} is not a drafted plan awaiting commitment. Nothing was raised.`, {
            plan: input.plan,
          }),
          base,
        );
      const held = heldElsewhereRefusal(desk, plan.request);
      if (held) return noted(held, base);
      // The desk's server raises it, from the plan in its own record: the page sends the plan's id alone.
      const raised = await desk.raiseApproval(plan, call.actor);
      if (!raised.ok) return noted(raised, base);
      desk.recordApproval(raised.approval.id, { ...call, request: plan.request, plan: plan.id });
      return noted(
        { ...commitHaltResult(raised.approval) },
        { ...base, approval: raised.approval.id, digest: raised.approval.digest },
      );
    },
  });
}

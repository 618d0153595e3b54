// draft_plan: ordered partner writes for a request, every step checked (domain/plan-checks.ts), bound
// to the digest of its substance. Drafting runs nothing. Naming an awaiting plan revises it: its
// pending approvals are re-digested, and each is kept if only the label changed, void otherwise.
import { evaluatePolicy, hopDetail, type PlanStep } from '@warrant/broker';
import { refusal } from '@warrant/surface';
import type { DeskRuntime } from '../desk-runtime.ts';
import type { DraftedPlan } from '../../domain/plan.ts';
import { awaitingPlans, openRequests } from '../../domain/queries.ts';
import { draftPlanSchema } from '../../domain/schemas.ts';
import { checkStep } from '../../domain/plan-checks.ts';
import { heldElsewhereRefusal } from './held-check.ts';
import { noted } from './verb-note.ts';
import { verbRow, type VerbRowNeeds } from './verb-row.ts';
import { PARTNER_DIRECTORY } from '../../partners.ts';

export interface DraftPlanInput {
  readonly request: string;
  readonly label: string;
  readonly steps: readonly PlanStep[];
  readonly plan?: string;
}

/** The writes a step may name: each partner's writes that have an undo (its compensation map's keys), as configured. */
const PLANNABLE_WRITES = PARTNER_DIRECTORY.names.flatMap((partner) =>
  Object.keys(PARTNER_DIRECTORY.compensations(partner)),
);

/** What the draftPlan verb takes of the desk's runtime: no more than it uses. */
export type DraftPlanNeeds = VerbRowNeeds &
  Pick<DeskRuntime, 'decide' | 'gate' | 'heldElsewhere' | 'now' | 'recordApproval' | 'reserve' | 'state'>;

export function draftPlanRow(desk: DraftPlanNeeds) {
  return verbRow<DraftPlanInput>(desk, {
    name: 'draft_plan',
    title: 'Draft a plan',
    description:
      `Draft a plan for an open request: ordered steps { partner, tool, args }, each a partner write (${PLANNABLE_WRITES.join(', ')}) whose args fit the schema that partner declared, without request and idempotency_key (the desk adds both). ` +
      'Runs nothing. Name plan to revise a drafted plan: a new label keeps its approvals, changed steps void them. ' +
      "Returns { ok, plan: { id, request, label, steps, revision }, digest, canonical, approvals_kept, approvals_void }. In order while a request is open and a partner has been discovered; out of order while an approved plan's run is under way.",
    annotations: { readOnlyHint: false },
    inputSchema: (state) => draftPlanSchema(state),
    async run(input, call) {
      const policy = evaluatePolicy({ actor: call.actor, act: 'draft_plan', purpose: 'none', approval: 'none' });
      const base = { policy: policy.verdict, request: input.request } as const;
      if (policy.verdict !== 'allow')
        return noted(refusal('POLICY_DENIED', `${policy.why} Nothing was drafted.`, { rule: policy.rule }), base);
      const held = heldElsewhereRefusal(desk, input.request);
      if (held) return noted(held, base);
      const state = desk.state.value;
      if (!openRequests(state).some((request) => request.id === input.request)) {
        return noted(
          refusal('REQUEST_NOT_OPEN', `${input.request} is not an open request. Nothing was drafted.`, {
            request: input.request,
          }),
          base,
        );
      }
      const revising =
        input.plan === undefined ? undefined : awaitingPlans(state).find((plan) => plan.id === input.plan);
      if (input.plan !== undefined && (!revising || revising.request !== input.request)) {
        return noted(
          refusal(
            'PLAN_NOT_REVISABLE',
            `${input.plan} is not a drafted plan awaiting commitment for ${input.request}. Nothing was drafted.`,
            { plan: input.plan },
          ),
          base,
        );
      }
      for (const [index, step] of input.steps.entries()) {
        const problem = await checkStep(state, step, index, PARTNER_DIRECTORY);
        if (problem) return noted(problem, base);
      }
      const steps = input.steps.map((step) => ({ partner: step.partner, tool: step.tool, args: step.args }));
      const { digestPlan } = await import('./hashing-later.ts');
      const digested = await digestPlan({ request: input.request, steps }, PARTNER_DIRECTORY);
      if (!digested.ok) return noted(digested, base);
      // A new plan's number is reserved from the desk's server: two pages drafting at once never make one id.
      const number = revising ? null : await desk.reserve('plan');
      if (number && !number.ok) return noted(number, base);
      const plan: DraftedPlan = {
        id: revising?.id ?? `P-${number?.ok ? number.number : 0}`,
        request: input.request,
        label: input.label,
        steps,
        digest: digested.digest,
        canonical: digested.canonical,
        draftedBy: call.actor,
        draftedAt: new Date(desk.now()).toISOString(),
        revision: (revising?.revision ?? 0) + 1,
      };
      // Stored before anything hangs on it: with other pages writing at once, caught up and sent again.
      const stored = await desk.decide({ type: 'plan_drafted', plan });
      if (!stored.ok) return noted(stored, base);
      const kept: string[] = [];
      const voided: string[] = [];
      for (const approval of desk.gate
        .list()
        .filter((candidate) => candidate.plan === plan.id && candidate.status === 'pending')) {
        const answer = await desk.gate.revalidate(approval.id, plan);
        desk.recordApproval(approval.id, { ...call, request: plan.request, plan: plan.id });
        (answer.ok ? kept : voided).push(approval.id);
      }
      return noted(
        {
          ok: true,
          plan: { id: plan.id, request: plan.request, label: plan.label, steps: plan.steps, revision: plan.revision },
          digest: plan.digest,
          canonical: plan.canonical,
          approvals_kept: kept,
          approvals_void: voided,
          message: `${revising ? 'Revised' : 'Drafted'} ${plan.id} (${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}); nothing ran.${voided.length ? ` ${voided.join(', ')} ${voided.length === 1 ? 'is' : 'are'} void: the steps changed.` : ''}${kept.length ? ` ${kept.join(', ')} still stand${kept.length === 1 ? 's' : ''}: only the label changed.` : ''}`,
          next: `Call commit_plan with plan "${plan.id}" to raise it for a person's approval.`,
        },
        {
          ...base,
          plan: plan.id,
          digest: plan.digest,
          detail: hopDetail({ revision: plan.revision, steps: plan.steps.length, void: voided.join(',') || undefined }),
        },
      );
    },
  });
}

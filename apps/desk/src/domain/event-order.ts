// Whether an event a dispatcher's page stores follows from the desk's record as it stands. The
// desk's server asks this of every event a page appends, on the state it folds from its own
// record, inside the append's transaction (server/record-order.ts): a page that skipped a rule, or
// an agent holding the browser that posts events itself, is refused, and nothing is stored.
//
// Nothing here is a second copy of a rule. Each event a verb stores is checked by that verb's
// guards (verb-rules.ts, the rules that also decide which tools a page registers), a request by the intake's schema, a plan's steps by the checks draft_plan runs
// (plan-checks.ts), a lease by the broker's lease machine and policy table. What is left to the
// page is what only a browser sees: a frame mounted, the tools it declared, a read's answer.
import {
  evaluatePolicy,
  isTerminal,
  leaseMayMove,
  MAX_LEASE_TTL_SECONDS,
  type Lease,
  type PartnerDirectory,
} from '@warrant/broker';
import { refusal, validateInput, type ToolRefusal } from '@warrant/surface';
import type { DeskEvent } from './desk-events.ts';
import { eventVerdictOf } from './legality.ts';
import { checkStep } from './plan-checks.ts';
import { MAX_STORED_PLAN_STEPS, type DraftedPlan } from './plan.ts';
import { awaitingPlans, findPlan, findRequest, openRequests, runUnderWay } from './queries.ts';
import type { DeskRequest } from './request.ts';
import { INTAKE_SCHEMA } from './schemas.ts';
import type { DeskState } from './state.ts';
import type { VerbName } from './verbs.ts';

/** The verb whose call stores each event a page may store: its guards must hold when it is stored. */
const STORED_BY: Readonly<Partial<Record<DeskEvent['type'], VerbName>>> = {
  request_taken: 'intake_request',
  plan_drafted: 'draft_plan',
};

const outOfOrder = (message: string, details: Record<string, unknown>, code = 'OUT_OF_ORDER'): ToolRefusal =>
  refusal(code, `${message} Nothing was recorded.`, details);

/** The refusal of `verb`'s guards on `state`, as its call would have been refused; null when they hold. */
function guardRefusal(verb: VerbName, state: DeskState): ToolRefusal | null {
  const verdict = eventVerdictOf(verb, state);
  if (verdict.legal) return null;
  return outOfOrder(
    `${verb} is not in order: ${verdict.reason}.`,
    { verb, ...(verdict.cite ? { cite: verdict.cite } : {}) },
    verdict.code ?? 'NOT_IN_ORDER',
  );
}

/**
 * Why `event` does not follow from `state` (the desk's record before it), or null when it does.
 * `partners` are the partners this desk works with: a plan's steps are writes of theirs.
 */
export async function eventOutOfOrder(
  state: DeskState,
  event: DeskEvent,
  partners: PartnerDirectory,
): Promise<ToolRefusal | null> {
  const verb = STORED_BY[event.type];
  const guarded = verb ? guardRefusal(verb, state) : null;
  if (guarded) return guarded;
  switch (event.type) {
    case 'request_taken':
      return requestProblem(state, event.request);
    case 'plan_drafted':
      return planProblem(state, event.plan, partners);
    case 'lease_changed':
      return leaseProblem(state, event.lease, partners);
    case 'tools_learned':
      // What a frame declared is what only the page saw; it is taken from a lease that lives.
      return state.leases.some((lease) => lease.partner === event.partner && !isTerminal(lease.state))
        ? null
        : outOfOrder(`No lease on ${event.partner} is live, so no frame of it declared tools.`, {
            partner: event.partner,
          });
    default:
      // Who holds a request, and what became of an approval or a run, are checked against the
      // server's own tables where they are decided (request-holders.ts, approval-standing.ts).
      return null;
  }
}

async function requestProblem(state: DeskState, request: DeskRequest): Promise<ToolRefusal | null> {
  if (findRequest(state, request.id))
    return outOfOrder(`${request.id} is already in the queue.`, { request: request.id });
  const { people, needs, place, deadline, note } = request;
  const invalid = await validateInput('intake_request', INTAKE_SCHEMA, { people, needs, place, deadline, note });
  return invalid ? { ...invalid, message: `${invalid.message} Nothing was recorded.` } : null;
}

async function planProblem(
  state: DeskState,
  plan: DraftedPlan,
  partners: PartnerDirectory,
): Promise<ToolRefusal | null> {
  const details = { plan: plan.id, request: plan.request };
  if (!openRequests(state).some((request) => request.id === plan.request))
    return outOfOrder(`${plan.request} is not an open request.`, details, 'REQUEST_NOT_OPEN');
  if (runUnderWay(state, plan.id))
    return outOfOrder(
      `${plan.id}'s approved run is under way; a plan that runs is not revised (draft a new one once it has finished).`,
      details,
      'RUN_IN_PROGRESS',
    );
  const earlier = findPlan(state, plan.id);
  if (earlier) {
    const revisable = awaitingPlans(state).some((awaiting) => awaiting.id === plan.id);
    if (!revisable || earlier.request !== plan.request)
      return outOfOrder(
        `${plan.id} is not a drafted plan awaiting commitment for ${plan.request}.`,
        details,
        'PLAN_NOT_REVISABLE',
      );
  }
  const revision = (earlier?.revision ?? 0) + 1;
  if (plan.revision !== revision)
    return outOfOrder(`${plan.id} would be revision ${revision}, not ${String(plan.revision)}.`, details);
  if (!Array.isArray(plan.steps) || plan.steps.length === 0 || plan.steps.length > MAX_STORED_PLAN_STEPS)
    return outOfOrder(`A plan has 1 to ${MAX_STORED_PLAN_STEPS} steps.`, details, 'PLAN_INVALID');
  for (const [index, step] of plan.steps.entries()) {
    const problem = await checkStep(state, step, index, partners);
    if (problem)
      return { ...problem, message: problem.message.replace('Nothing was drafted.', 'Nothing was recorded.') };
  }
  return null;
}

function leaseProblem(state: DeskState, lease: Lease, partners: PartnerDirectory): ToolRefusal | null {
  const details = { lease: lease.id, request: lease.request, partner: lease.partner };
  const earlier = state.leases.find((kept) => kept.id === lease.id);
  if (earlier) {
    return leaseMayMove(earlier.state, lease.state)
      ? null
      : outOfOrder(
          `Lease ${lease.id} is ${earlier.state}; a lease does not go from ${earlier.state} to ${lease.state}.`,
          { ...details, state: earlier.state, to: lease.state },
          'LEASE_TRANSITION_INVALID',
        );
  }
  // A new lease: what open_lease stores, under its guards, for an open request, by policy.
  const guarded = guardRefusal('open_lease', state);
  if (guarded) return guarded;
  if (!openRequests(state).some((request) => request.id === lease.request))
    return outOfOrder(`${lease.request} is not an open request.`, details, 'REQUEST_NOT_OPEN');
  if (!partners.has(lease.partner))
    return outOfOrder(`${lease.partner} is not a partner of this desk.`, details, 'UNKNOWN_PARTNER');
  if (lease.state !== 'pending')
    return outOfOrder(`A lease opens pending (its frame not yet mounted), not ${lease.state}.`, details);
  const ttl = lease.ttlSeconds;
  if (
    !Number.isInteger(ttl) ||
    ttl < 1 ||
    ttl > MAX_LEASE_TTL_SECONDS ||
    lease.expiresAt !== lease.openedAt + ttl * 1000
  )
    return outOfOrder(
      `A lease lives between 1 and ${MAX_LEASE_TTL_SECONDS} whole seconds from when it opened.`,
      details,
      'LEASE_TTL_OUT_OF_RANGE',
    );
  const policy = evaluatePolicy({
    actor: lease.openedBy,
    act: lease.purpose === 'read_capacity' ? 'open_read_lease' : 'open_execute_lease',
    purpose: lease.purpose,
    approval: 'none',
  });
  return policy.verdict === 'allow'
    ? null
    : outOfOrder(policy.why, { ...details, rule: policy.rule, verdict: policy.verdict }, 'POLICY_DENIED');
}

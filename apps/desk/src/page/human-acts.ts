// What only a person at the page does: approve or reject an approval, revoke a lease, and take,
// release or take over a request. None of these is a tool, so no agent, bridge or runner can reach
// them; each still passes the policy table (or the desk's server decides it) and is recorded. Each
// is for the dispatcher who holds the request it is about: on a request another holds, the page
// answers first with the holder's name (the desk's server refuses it in any case).
import { evaluatePolicy, hopDetail, type Approval } from '@warrant/broker';
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { DeskRuntime } from './desk-runtime.ts';
import type { Consent } from './consent/passkey-consent.ts';
import type { DraftedPlan } from '../domain/plan.ts';
import type { PlanRun } from '../domain/run.ts';
import { findPlan, runsOf } from '../domain/queries.ts';
import { PERSON_AT_THE_PAGE } from './call-context.ts';
import { heldByAnotherRefusal } from '../domain/held-by-another.ts';
import { askDesk } from '../api/ask-desk.ts';
import { DESK_API } from '../api/desk-api.ts';

export type ApproveAnswer = { readonly ok: true; readonly approval: Approval; readonly run: PlanRun } | ToolRefusal;

export interface HumanActs {
  /** Approves with the person's passkey here, or with `consent` given elsewhere (another device). */
  approve(approval: string, consent?: ObtainConsent): Promise<ApproveAnswer>;
  /** Rejects, decided by the desk's server first: the page records only what the server answered. */
  reject(approval: string, reason?: string): Promise<ToolRefusal | { readonly ok: true; readonly approval: Approval }>;
  revoke(lease: string): ToolRefusal | { readonly ok: true };
  /**
   * After a run that failed or was undone: raises a new approval of the same plan, which the person
   * approves with their passkey again (a person decides again; the desk's server grants a plan
   * again only when no run of it stands).
   */
  tryAgain(approval: string): Promise<ToolRefusal | { readonly ok: true; readonly approval: Approval }>;
  /** Takes a request no one holds, or, with a reason (recorded), takes over one another holds. */
  take(request: string, reason?: string): Promise<HoldingAnswer>;
  /** Lets go of a request this dispatcher holds. */
  release(request: string): Promise<HoldingAnswer>;
}

export type HoldingAnswer = { readonly ok: true } | ToolRefusal;

/** Where a take or a release is decided: the desk's server (server/request-holders.ts). */
export interface RequestHolding {
  take(request: string, reason?: string): Promise<HoldingAnswer>;
  release(request: string): Promise<HoldingAnswer>;
}

const serverHolding: RequestHolding = {
  take: (request, reason) => askDesk(DESK_API.take, { body: { request, ...(reason === undefined ? {} : { reason }) } }),
  release: (request) => askDesk(DESK_API.release, { body: { request } }),
};

/**
 * How a person's consent is obtained: in the page, their passkey, verified by the desk's server
 * (consent/passkey-consent.ts). The Node tests of the desk's run logic pass a consent whose
 * partners are in memory and check nothing; the boundary itself is tested in the browser, with
 * real passkeys and the partners' real servers.
 */
export type ObtainConsent = (approval: Approval, plan: DraftedPlan) => Promise<Consent>;

const passkey: ObtainConsent = async (approval) =>
  (await import('./consent/passkey-consent.ts')).passkeyConsent(approval);

/** The run as it starts on the desk's server, before its first record reaches this page. */
function runningOnTheServer(plan: DraftedPlan, approval: string, now: number): PlanRun {
  return {
    approval,
    plan: plan.id,
    request: plan.request,
    status: 'running',
    startedAt: new Date(now).toISOString(),
    endedAt: null,
    problem: null,
    steps: plan.steps.map((step, index) => ({
      index,
      partner: step.partner,
      tool: step.tool,
      status: 'waiting',
      receipt: null,
      undoReceipt: null,
      problem: null,
    })),
  };
}

export function humanActs(
  desk: DeskRuntime,
  consentOf: ObtainConsent = passkey,
  holding: RequestHolding = serverHolding,
): HumanActs {
  /** Why this person may not act here on `request`: no one signed in, or another dispatcher holds it. */
  const readOnly = (request = ''): ToolRefusal | null => {
    if (!desk.state.value.signedIn)
      return refusal('NOT_SIGNED_IN', 'Sign in with your passkey to act on requests. Nothing was done.', {});
    const holder = desk.heldElsewhere(request);
    return holder ? heldByAnotherRefusal(request, holder) : null;
  };
  const requestOfApproval = (id: string): string => desk.gate.get(id)?.request ?? '';

  const acts: HumanActs = {
    async approve(id, given) {
      const call = { ...PERSON_AT_THE_PAGE, approval: id };
      const blocked = readOnly(requestOfApproval(id));
      if (blocked) return blocked;
      const approval = desk.gate.get(id);
      const plan = approval ? findPlan(desk.state.value, approval.plan) : undefined;
      if (!approval || !plan)
        return refusal('APPROVAL_UNKNOWN', `There is no approval ${id} with a plan. Nothing ran.`, { approval: id });
      // A run of this very approval is the desk server's, begun when it granted it (approved on
      // another device): this page records the grant it learnt, and runs nothing again.
      const ran = runsOf(desk.state.value, plan.id).find(
        (run) => run.approval !== id && (run.status === 'running' || run.status === 'done'),
      );
      if (ran) {
        return refusal(
          'PLAN_ALREADY_RAN',
          `${plan.id} already ran under ${ran.approval}; approving ${id} would run it again. Reject ${id} instead. Nothing ran.`,
          { approval: id, ranUnder: ran.approval },
        );
      }
      // An approval already decided is answered by the gate, which says how it was decided.
      const standing = desk.gate.stateOf(id);
      const policy = evaluatePolicy({ actor: call.actor, act: 'approve', purpose: 'none', approval: standing });
      if (standing === 'pending' && policy.verdict !== 'allow')
        return refusal('POLICY_DENIED', `${policy.why} Nothing ran.`, { rule: policy.rule });
      if (standing !== 'pending') {
        // Already decided: the gate says how, and nothing runs.
        const decided = await desk.gate.approve(id, plan, call.actor);
        desk.recordApproval(id, call);
        return decided.ok
          ? refusal('APPROVAL_USED', `${id} was already decided. Nothing ran.`, { approval: id })
          : decided;
      }
      // The person's consent is their passkey, verified by the desk's server, which answers the
      // step authorizations partners check. The ceremony's code loads with the first approval.
      const consent = await (given ?? consentOf)(approval, plan);
      if (!consent.ok) return consent;
      desk.record({
        actor: call.actor,
        channel: call.channel,
        event: 'approval_signed',
        from: 'desk',
        to: 'desk',
        request: plan.request,
        plan: plan.id,
        approval: id,
        digest: approval.digest,
        policy: policy.verdict,
        status: 'ok',
        detail: hopDetail({
          dispatcher: consent.dispatcher.id,
          name: consent.dispatcher.name,
          challenge: consent.challenge,
          steps: plan.steps.length,
        }),
      });
      const granted = await desk.gate.approve(id, plan, call.actor);
      desk.recordApproval(id, call);
      if (!granted.ok) return granted;
      // The desk's server runs the plan it granted (server/approved-runs.ts), and this page, like
      // every page, shows the run from the server's record as it lands.
      if (consent.authorizations.length === 0)
        return {
          ok: true,
          approval: granted.approval,
          run:
            runsOf(desk.state.value, plan.id).find((run) => run.approval === id) ??
            runningOnTheServer(plan, id, desk.now()),
        };
      // The Node tests' memory partners: the page's run, with their placeholder tokens.
      const { runApprovedPlan } = await import('./run/approved-run.ts');
      return {
        ok: true,
        approval: granted.approval,
        run: await runApprovedPlan(desk, granted.approval, plan, consent.authorizations, { call }),
      };
    },

    async reject(id, reason) {
      const blocked = readOnly(requestOfApproval(id));
      if (blocked) return blocked;
      const call = { ...PERSON_AT_THE_PAGE, approval: id };
      // A decided approval is answered by the gate, which says how it was decided.
      const standing = desk.gate.stateOf(id);
      const policy = evaluatePolicy({ actor: call.actor, act: 'reject', purpose: 'none', approval: standing });
      if (standing === 'pending' && policy.verdict !== 'allow')
        return refusal('POLICY_DENIED', `${policy.why} Nothing was decided.`, { rule: policy.rule });
      // The server decides first, so its row is never left pending for a grant to take (also from
      // another device). Already rejected there (on that device, say), the page agrees; granted or
      // void there, the page records nothing and follows the record.
      const pending = desk.gate.get(id);
      if (standing === 'pending' && pending && desk.rejectAtTheServer) {
        const decided = await desk.rejectAtTheServer(pending);
        if (!decided.ok && decided.details['status'] !== 'rejected') return decided;
      }
      const answer = desk.gate.reject(id, call.actor, reason);
      desk.recordApproval(id, call);
      return answer;
    },

    async tryAgain(id) {
      const blocked = readOnly(requestOfApproval(id));
      if (blocked) return blocked;
      const approval = desk.gate.get(id);
      const plan = approval ? findPlan(desk.state.value, approval.plan) : undefined;
      if (!approval || !plan)
        return refusal('APPROVAL_UNKNOWN', `There is no approval ${id} with a plan. Nothing was raised.`, {
          approval: id,
        });
      const ended = runsOf(desk.state.value, plan.id).find((run) => run.approval === id);
      if (!ended || (ended.status !== 'failed' && ended.status !== 'undone'))
        return refusal(
          'RUN_NOT_FAILED',
          `${id}'s run did not fail, so there is nothing to try again. Nothing was raised.`,
          { approval: id, run: ended?.status ?? 'none' },
        );
      const standing = runsOf(desk.state.value, plan.id).find(
        (run) => run.status === 'running' || run.status === 'done',
      );
      if (standing)
        return refusal('PLAN_ALREADY_RAN', `${plan.id} ran under ${standing.approval}. Nothing was raised.`, {
          approval: id,
          ranUnder: standing.approval,
        });
      const waiting = desk.gate.list().find((other) => other.plan === plan.id && other.status === 'pending');
      if (waiting)
        return refusal('APPROVAL_WAITING', `${waiting.id} already asks to run ${plan.id} again; decide it there.`, {
          approval: waiting.id,
        });
      // The desk's server raises it, from the plan in its own record, as it does for commit_plan.
      const raised = await desk.raiseApproval(plan, PERSON_AT_THE_PAGE.actor);
      if (!raised.ok) return raised;
      desk.recordApproval(raised.approval.id, { ...PERSON_AT_THE_PAGE, request: plan.request, plan: plan.id });
      return { ok: true, approval: raised.approval };
    },

    revoke(id) {
      const blocked = readOnly(desk.leases.get(id)?.request ?? '');
      if (blocked) return blocked;
      const answer = desk.broker.revokeLease(id, { ...PERSON_AT_THE_PAGE, reason: 'revoked by a person at the desk' });
      return answer.ok ? { ok: true } : answer;
    },

    // The desk's server decides who holds a request and records it; the page then catches up.
    async take(request, reason) {
      const blocked = readOnly();
      if (blocked) return blocked;
      const answer = await holding.take(request, reason);
      if (answer.ok) await desk.catchUp();
      return answer.ok ? { ok: true } : answer;
    },

    async release(request) {
      const blocked = readOnly(request);
      if (blocked) return blocked;
      const answer = await holding.release(request);
      if (answer.ok) await desk.catchUp();
      return answer.ok ? { ok: true } : answer;
    },
  };

  // An approval this page is deciding now: approving it again meanwhile (the card's own passkey and
  // a decision from another device at once) would record its signature twice: the second is refused.
  const deciding = new Set<string>();
  return {
    ...acts,
    async approve(id, given) {
      if (deciding.has(id))
        return refusal('APPROVAL_BEING_DECIDED', `${id} is being approved on this page already. Nothing else ran.`, {
          approval: id,
        });
      deciding.add(id);
      try {
        return await acts.approve(id, given);
      } finally {
        deciding.delete(id);
      }
    },
  };
}

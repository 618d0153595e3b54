// The named conditions verbs are gated by. Each answers null when it holds, or the reason it does
// not, in words a person and a model can act on, with the rule it stands for.
import type { Guard } from '@warrant/surface';
import { activeReadLeases, awaitingPlans, leasesToClose, openRequests, runUnderWay } from './queries.ts';
import type { DeskState } from './state.ts';

export const GUARDS = {
  signedIn: (state) =>
    state.signedIn
      ? null
      : {
          reason:
            "no dispatcher is signed in on this page: sign in to act on requests (an agent acts at the desk only in a signed-in dispatcher's page)",
          cite: "an agent acts on a dispatcher's warrant",
          code: 'NOT_SIGNED_IN',
        },
  openRequest: (state) =>
    openRequests(state).length > 0
      ? null
      : {
          reason: 'there is no open request in the queue; take one in with intake_request first',
          cite: 'a lease serves a request',
          code: 'NO_OPEN_REQUEST',
        },
  activeReadLease: (state) =>
    activeReadLeases(state).length > 0
      ? null
      : {
          reason: 'no read_capacity lease is active; open one on a partner with open_lease first',
          cite: 'reads need an active read lease',
          code: 'NO_ACTIVE_READ_LEASE',
        },
  discoveredTools: (state) =>
    Object.values(state.catalogue).some((tools) => (tools?.length ?? 0) > 0)
      ? null
      : {
          reason:
            "no partner's tools have been discovered yet, so a plan's steps cannot be checked; open a read_capacity lease first",
          cite: 'steps are checked against discovered schemas',
          code: 'NO_DISCOVERED_TOOLS',
        },
  planAwaits: (state) =>
    awaitingPlans(state).length > 0
      ? null
      : {
          reason: 'no drafted plan awaits commitment; draft one with draft_plan first',
          cite: 'commit needs a drafted plan',
          code: 'NO_DRAFTED_PLAN',
        },
  // While a run is under way no plan is drafted or revised: the plan that runs must stay the plan
  // the partners are written from, and a run lasts seconds. One rule, read from state alone, so
  // every lane and caller meets it the same way, before any verb body runs.
  noRunUnderWay: (state) =>
    runUnderWay(state)
      ? {
          reason:
            "an approved plan's run is under way; draft or revise a plan once it has finished (a plan that ran is not revised: draft a new one)",
          cite: 'a running plan is not revised',
          code: 'RUN_IN_PROGRESS',
        }
      : null,
  // A lease the run's end closed stays closable, so its opener's close_lease is answered, not refused.
  liveLease: (state) =>
    leasesToClose(state).length > 0
      ? null
      : { reason: 'no lease is open', cite: 'close needs an open lease', code: 'NO_OPEN_LEASE' },
} satisfies Record<string, Guard<DeskState>>;

export type GuardName = keyof typeof GUARDS;

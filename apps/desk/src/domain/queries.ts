// Questions the verbs, their legality and the page all ask of the desk's state, answered once.
import { isTerminal, type Lease } from '@warrant/broker';
import type { DraftedPlan } from './plan.ts';
import type { DeskRequest, RequestHolder } from './request.ts';
import type { PlanRun } from './run.ts';
import type { DeskState } from './state.ts';

export type RequestStatus = 'new' | 'leased' | 'planned' | 'awaiting_approval' | 'running' | 'fulfilled';

export function liveLeases(state: DeskState): Lease[] {
  return state.leases.filter((lease) => !isTerminal(lease.state));
}

/**
 * The leases an agent may close: the live ones, and those the desk's server closed when their
 * request's run ended (their opener may not have heard; closing one answers that it is closed).
 */
export function leasesToClose(state: DeskState): Lease[] {
  return state.leases.filter((lease) => !isTerminal(lease.state) || state.closedByRuns[lease.id] !== undefined);
}

export function activeReadLeases(state: DeskState, request?: string): Lease[] {
  return state.leases.filter(
    (lease) =>
      lease.state === 'active' &&
      lease.purpose === 'read_capacity' &&
      (request === undefined || lease.request === request),
  );
}

export function runsOf(state: DeskState, plan: string): PlanRun[] {
  return state.runs.filter((run) => run.plan === plan);
}

/**
 * A run is under way from the moment a person's approval is granted, not only once the run has
 * recorded its first state: between the two the run's code loads, and a call landing in that
 * window (an in-page agent's, as in the polyfill lane) would otherwise still see the plan awaiting
 * and revise it under the partners' feet. The gate ends an approval 'used' when its run ends.
 */
export function runUnderWay(state: DeskState, plan?: string): boolean {
  const ofPlan = (candidate: { readonly plan: string }): boolean => plan === undefined || candidate.plan === plan;
  return (
    state.approvals.some((approval) => ofPlan(approval) && approval.status === 'approved') ||
    state.runs.some((run) => ofPlan(run) && run.status === 'running')
  );
}

/** A plan awaits commitment (or a second approval) until a run of it is under way or has done it. */
export function planAwaits(state: DeskState, plan: DraftedPlan): boolean {
  return !runUnderWay(state, plan.id) && !runsOf(state, plan.id).some((run) => run.status === 'done');
}

export function awaitingPlans(state: DeskState): DraftedPlan[] {
  return state.plans.filter((plan) => planAwaits(state, plan));
}

export function requestStatus(state: DeskState, request: DeskRequest): RequestStatus {
  const plans = state.plans.filter((plan) => plan.request === request.id);
  const runs = state.runs.filter((run) => run.request === request.id);
  if (runs.some((run) => run.status === 'done')) return 'fulfilled';
  if (runs.some((run) => run.status === 'running')) return 'running';
  if (state.approvals.some((approval) => approval.request === request.id && approval.status === 'pending'))
    return 'awaiting_approval';
  if (plans.length > 0) return 'planned';
  if (state.leases.some((lease) => lease.request === request.id)) return 'leased';
  return 'new';
}

/** Requests still being worked: every request until a plan for it has run to the end. */
export function openRequests(state: DeskState): DeskRequest[] {
  return state.requests.filter((request) => requestStatus(state, request) !== 'fulfilled');
}

export function findRequest(state: DeskState, id: string): DeskRequest | undefined {
  return state.requests.find((request) => request.id === id);
}

export function findPlan(state: DeskState, id: string): DraftedPlan | undefined {
  return state.plans.find((plan) => plan.id === id);
}

/**
 * Who holds request `id` when it is not `me`: the holder to name in a refusal, or null when `me`
 * may act on it (they hold it, no one does, or it is not a request of this desk).
 */
export function heldByAnother(state: DeskState, id: string, me: string | null): RequestHolder | null {
  const holder = findRequest(state, id)?.heldBy;
  return holder && holder.id !== me ? holder : null;
}

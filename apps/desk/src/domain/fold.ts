// The desk's state as the fold of its events: each event replaces (or adds) one record by id.
import type { DeskEvent } from './desk-events.ts';
import type { DeskState } from './state.ts';

function put<T>(list: readonly T[], item: T, same: (a: T, b: T) => boolean): readonly T[] {
  const index = list.findIndex((existing) => same(existing, item));
  if (index === -1) return [...list, item];
  const next = [...list];
  next[index] = item;
  return next;
}

const byId = <T extends { readonly id: string }>(a: T, b: T): boolean => a.id === b.id;

export function applyEvent(state: DeskState, event: DeskEvent): DeskState {
  switch (event.type) {
    case 'request_taken':
      return { ...state, requests: put(state.requests, event.request, byId) };
    case 'request_held':
      return {
        ...state,
        requests: state.requests.map((request) =>
          request.id === event.request ? { ...request, heldBy: event.holder } : request,
        ),
      };
    case 'tools_learned':
      return { ...state, catalogue: { ...state.catalogue, [event.partner]: event.tools } };
    case 'plan_drafted':
      return { ...state, plans: put(state.plans, event.plan, byId) };
    case 'approval_changed':
      return { ...state, approvals: put(state.approvals, event.approval, byId) };
    case 'run_changed':
      return { ...state, runs: put(state.runs, event.run, (a, b) => a.approval === b.approval) };
    case 'lease_changed': {
      const timeline = state.timelines[event.lease.id] ?? [];
      const moved =
        timeline.at(-1)?.state === event.lease.state
          ? timeline
          : [...timeline, { state: event.lease.state, at: event.at }];
      return {
        ...state,
        leases: put(state.leases, event.lease, byId),
        leasePages: event.page === undefined ? state.leasePages : { ...state.leasePages, [event.lease.id]: event.page },
        closedByRuns:
          event.closedByRun === undefined
            ? state.closedByRuns
            : { ...state.closedByRuns, [event.lease.id]: event.closedByRun },
        timelines: { ...state.timelines, [event.lease.id]: moved },
      };
    }
  }
}

export function foldEvents(start: DeskState, events: readonly DeskEvent[]): DeskState {
  return events.reduce(applyEvent, start);
}

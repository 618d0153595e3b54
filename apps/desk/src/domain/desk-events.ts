// What the desk keeps across reloads, as an append-only list of events: the queue, what partners
// declared, plans, approvals, runs and every lease's latest state. The desk's state is their
// fold (fold.ts); the ledger is kept apart, by @warrant/ledger. Every event is a page's but
// request_held and run_changed, which only the desk's server writes (SERVER_ONLY_DESK_EVENTS: who
// holds a request, and the run of an approved plan, which it carries out), and a lease's closing
// at a run's end (a lease_changed naming closedByRun), also the server's alone. What a page stores
// the server checks against its record first (domain/event-order.ts).
import type { Approval, Lease, PartnerName } from '@warrant/broker';
import type { DraftedPlan } from './plan.ts';
import type { DeskRequest, HoldingAct, RequestHolder } from './request.ts';
import type { PlanRun } from './run.ts';
import type { DiscoveredTool } from './state.ts';

export type DeskEvent =
  | { readonly type: 'request_taken'; readonly request: DeskRequest }
  // Written by the desk's server alone (server/request-holders.ts): who holds a request now.
  | {
      readonly type: 'request_held';
      readonly request: string;
      readonly holder: RequestHolder | null;
      readonly act: HoldingAct;
      readonly at: string;
      readonly reason?: string;
    }
  | { readonly type: 'tools_learned'; readonly partner: PartnerName; readonly tools: readonly DiscoveredTool[] }
  | { readonly type: 'plan_drafted'; readonly plan: DraftedPlan }
  | { readonly type: 'approval_changed'; readonly approval: Approval }
  | { readonly type: 'run_changed'; readonly run: PlanRun }
  // `page`: the page that holds the lease's frame (absent in events from before pages were named).
  // `closedByRun`: the approval whose run's end closed the lease; only the desk's server writes it
  // (server/run-leases.ts), and a page holding the lease's frame follows it.
  | {
      readonly type: 'lease_changed';
      readonly lease: Lease;
      readonly at: number;
      readonly page?: string;
      readonly closedByRun?: string;
    };

export type DeskEventType = DeskEvent['type'];

/** The desk events only the desk's server writes: a page's append naming one is refused. */
export const SERVER_ONLY_DESK_EVENTS: readonly DeskEventType[] = ['request_held', 'run_changed'];

// What the desk keeps across reloads, as an append-only list of events: the queue, what partners
// declared, plans, approvals, runs and every lease's latest state. The desk's state is their
// fold (fold.ts); the ledger is kept apart, by @warrant/ledger.
import type { Approval, Lease, PartnerName } from '@warrant/broker';
import type { DraftedPlan } from './plan.ts';
import type { DeskRequest } from './request.ts';
import type { PlanRun } from './run.ts';
import type { DiscoveredTool } from './state.ts';

export type DeskEvent =
  | { readonly type: 'request_taken'; readonly request: DeskRequest }
  | { readonly type: 'tools_learned'; readonly partner: PartnerName; readonly tools: readonly DiscoveredTool[] }
  | { readonly type: 'plan_drafted'; readonly plan: DraftedPlan }
  | { readonly type: 'approval_changed'; readonly approval: Approval }
  | { readonly type: 'run_changed'; readonly run: PlanRun }
  | { readonly type: 'lease_changed'; readonly lease: Lease; readonly at: number };

export type DeskEventType = DeskEvent['type'];

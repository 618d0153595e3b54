// Everything the desk's surface is a function of. The seven verbs' legality, their schemas and
// the page are all read from one value of this type; nothing else decides what an agent may call.
import type { Approval, Lease, LeaseState, PartnerName } from '@warrant/broker';
import type { DraftedPlan } from './plan.ts';
import type { DeskRequest } from './request.ts';
import type { PlanRun } from './run.ts';

/** A partner tool as its frame declared it when a lease discovered it: what plans are checked against. */
export interface DiscoveredTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly readOnly: boolean;
  readonly untrustedContent: boolean;
}

export interface LeaseMoment {
  readonly state: LeaseState;
  readonly at: number;
}

export interface DeskState {
  /**
   * Whether a dispatcher is signed in on this page. An agent acts at the desk only on a
   * dispatcher's warrant, so a page with no one signed in registers no verb that acts.
   */
  readonly signedIn: boolean;
  readonly requests: readonly DeskRequest[];
  /** Every lease this desk has opened, newest last, in its current state. */
  readonly leases: readonly Lease[];
  /** The page holding each lease's frame, by lease (a reloaded tab's leases ended with its page). */
  readonly leasePages: Readonly<Record<string, string>>;
  /**
   * The leases the desk's server closed when a run of their request ended, by lease: the approval
   * of that run. Their opener did not close them, so closing one is still in order (and answered
   * as already closed).
   */
  readonly closedByRuns: Readonly<Record<string, string>>;
  /** Each lease's states in the order it reached them, with when (ms since the epoch). */
  readonly timelines: Readonly<Record<string, readonly LeaseMoment[]>>;
  /** What each partner's frame last declared, by partner. */
  readonly catalogue: Readonly<Partial<Record<PartnerName, readonly DiscoveredTool[]>>>;
  readonly plans: readonly DraftedPlan[];
  readonly approvals: readonly Approval[];
  readonly runs: readonly PlanRun[];
}

export const EMPTY_DESK: DeskState = {
  signedIn: true,
  requests: [],
  leases: [],
  leasePages: {},
  closedByRuns: {},
  timelines: {},
  catalogue: {},
  plans: [],
  approvals: [],
  runs: [],
};

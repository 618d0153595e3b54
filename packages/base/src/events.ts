// The closed list of events a record may name, in two parts: what a broker reports of its own
// leases, frames and calls (a hop), and what the desk records of its verbs, approvals and runs.
// The spec names the first fifteen ("e.g."); the rest are what a desk that leases, runs and undoes
// plans must also be able to say, so that nothing is left half-applied without a row saying so.
// Data only.

/** The events of a hop: what a broker reports, and the only events it may report. */
export const BROKER_EVENTS = [
  /** A lease entered pending. */
  'lease_opened',
  /** A partner's frame was created for a pending lease. */
  'frame_mounted',
  /** The partner's tools were discovered; the lease is active. */
  'tools_discovered',
  /** A partner tool was called under a lease. */
  'tool_invoked',
  /** A partner tool answered; a write carries its receipt. */
  'tool_result',
  /** A partner's frame was removed. */
  'frame_unmounted',
  /** A lease was closed. */
  'lease_closed',
  /** A lease reached its time to live. */
  'lease_expired',
  /** A person revoked a lease. */
  'lease_revoked',
  /** The frame did not mount in time, or the page went away. */
  'lease_failed',
  /** The policy table denied a hop; nothing was called. */
  'policy_denied',
  /** A message on the partner channel failed its origin, source or envelope check and was ignored. */
  'bridge_forged',
] as const;
export type BrokerEvent = (typeof BROKER_EVENTS)[number];

/** The events the desk records itself, around the broker's. */
export const DESK_EVENTS = [
  /** One of the desk's verbs was called; the row carries its result status. */
  'verb_called',
  /** A human approval was raised, bound to a plan digest. */
  'approval_raised',
  /** A person approved; the plan was re-digested and matched. */
  'approval_granted',
  /** A person rejected; the approval is spent. */
  'approval_rejected',
  /** The plan changed in substance, or its digest no longer matched. */
  'approval_void',
  /** The approval passed its fifteen minutes undecided. */
  'approval_expired',
  /** A dispatcher's passkey signed the approval; the desk's server verified it and issued the step authorizations. */
  'approval_signed',
  /** An approved plan's run began. */
  'plan_started',
  /** An approved plan's run ended; the status says how. */
  'plan_finished',
  /** A done step of a failed plan was undone through its compensation. */
  'step_compensated',
  /** An undo did not succeed; the step it names stays applied. */
  'compensation_failed',
  /** A person enrolled as a dispatcher with a passkey and a one-time link (setup link or invitation); the desk's server records it. */
  'dispatcher_enrolled',
  /** A dispatcher's passkey confirmed an invitation for someone by name; the desk's server records it. */
  'dispatcher_invited',
  /** A dispatcher's passkey confirmed taking someone off the list; the desk's server records it. */
  'dispatcher_removed',
  /** A dispatcher holds a request: their page took it in, or they took one no one held; the desk's server records it. */
  'request_taken',
  /** A request's holder let it go; the desk's server records it. */
  'request_released',
  /** A dispatcher took over a request another held, with a reason; the desk's server records it and the reason. */
  'request_taken_over',
] as const;
export type DeskEvent = (typeof DESK_EVENTS)[number];

/** Every event a desk ledger row may name. */
export const LEDGER_EVENTS = [...BROKER_EVENTS, ...DESK_EVENTS] as const;
export type LedgerEvent = (typeof LEDGER_EVENTS)[number];

// The closed list of ledger events. The spec names the first fifteen ("e.g."); the rest are what
// a desk that leases, runs and undoes plans must also be able to say, so that nothing is left
// half-applied without a row saying so. Data only.

export const LEDGER_EVENTS = [
  'verb_called', // one of the seven desk verbs was called; the row carries its result status
  'lease_opened', // a lease entered pending
  'frame_mounted', // a partner's frame was created for a pending lease
  'tools_discovered', // the partner's tools were discovered; the lease is active
  'tool_invoked', // a partner tool was called under a lease
  'tool_result', // a partner tool answered; a write carries its receipt
  'approval_raised', // a human approval was raised, bound to a plan digest
  'approval_granted', // a person approved; the plan was re-digested and matched
  'approval_rejected', // a person rejected; the approval is spent
  'approval_void', // the plan changed in substance, or its digest no longer matched
  'frame_unmounted', // a partner's frame was removed
  'lease_closed', // a lease was closed
  'lease_expired', // a lease reached its time to live
  'lease_revoked', // a person revoked a lease
  'policy_denied', // the policy table denied a hop; nothing was called
  'lease_failed', // the frame did not mount in time, or the page went away
  'approval_expired', // the approval passed its fifteen minutes undecided
  'plan_started', // an approved plan's run began
  'plan_finished', // an approved plan's run ended; the status says how
  'step_compensated', // a done step of a failed plan was undone through its compensation
  'compensation_failed', // an undo did not succeed; the step it names stays applied
  'bridge_forged', // a message failed its origin or envelope check and was ignored
  'approval_signed', // a dispatcher's passkey signed the approval; the desk's server verified it and issued the step authorizations
  'dispatcher_enrolled', // a person added themself (or was invited) as a dispatcher, with a passkey
] as const;

export type LedgerEvent = (typeof LEDGER_EVENTS)[number];

// Why a lease's partner is gone before the lease ended: its frame navigated away (the document the
// lease was opened on, and every tool in it, is no more), or its page lost its own server (nothing
// it is asked can be decided there). Either fails the lease at once, with the reason said in
// words, so a call in flight ends now rather than when the lease's time runs out.

export const PARTNER_FAULTS = ['frame_navigated', 'server_unreachable'] as const;
export type PartnerFault = (typeof PARTNER_FAULTS)[number];

/** The reason a lease failed for a fault, as its ledger row and the desk say it. */
export const PARTNER_FAULT_REASONS: Readonly<Record<PartnerFault, string>> = {
  frame_navigated: "the partner frame navigated away, taking the partner's page and its tools with it",
  server_unreachable: "the partner's server cannot be reached (its page in the frame lost it)",
};

export function isPartnerFault(value: unknown): value is PartnerFault {
  return (PARTNER_FAULTS as readonly unknown[]).includes(value);
}

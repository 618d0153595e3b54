// What the policy table answers for an act. Data only.

export const POLICY_VERDICTS = [
  /** The act may go ahead. */
  'allow',
  /** The act is refused; nothing is called. */
  'deny',
  /** The act may go ahead only as part of a plan a person has approved. */
  'needs_approval',
  /** No policy question arises (a record of the machinery, a read of the ledger itself). */
  'not_applicable',
] as const;
export type PolicyVerdict = (typeof POLICY_VERDICTS)[number];

// The closed vocabularies of the desk ledger's typed fields (shared/spec/desk.md, "Ledger"). Data
// only: a value is added by adding it here, and a row holding anything else does not parse.

/** Who acted. */
export const ACTORS = ['human', 'agent', 'runner', 'system'] as const;

/** How the act reached the desk. */
export const CHANNELS = ['ui', 'webmcp', 'bridge', 'agent', 'scenario'] as const;

/** How the act ended. */
export const STATUSES = ['ok', 'refused', 'halted', 'error', 'aborted'] as const;

/** The policy table's verdict for the hop; `not_applicable` where no policy question arises. */
export const POLICY_VERDICTS = ['allow', 'deny', 'needs_approval', 'not_applicable'] as const;

export type Actor = (typeof ACTORS)[number];
export type Channel = (typeof CHANNELS)[number];
export type Status = (typeof STATUSES)[number];
export type PolicyVerdict = (typeof POLICY_VERDICTS)[number];

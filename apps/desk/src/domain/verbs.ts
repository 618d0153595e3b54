// The desk's seven verbs (shared/spec/desk.md, "The 7 desk verbs"). Names are fixed: agents,
// the scenario and the ledger rely on them.

export const VERBS = [
  'intake_request',
  'open_lease',
  'find_capacity',
  'draft_plan',
  'commit_plan',
  'close_lease',
  'read_ledger',
] as const;

export type VerbName = (typeof VERBS)[number];

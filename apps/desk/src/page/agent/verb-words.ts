// Each desk verb as a person would say it, for the agent panel's list. Data only.
import type { VerbName } from '../../domain/verbs.ts';

export const VERB_WORDS: Readonly<Record<VerbName, string>> = {
  intake_request: 'Take in a request',
  open_lease: 'Open a lease on a partner',
  find_capacity: 'Read what partners have',
  draft_plan: 'Draft a plan',
  commit_plan: "Raise the plan for a person's approval",
  close_lease: 'Close a lease',
  read_ledger: 'Read the ledger',
};

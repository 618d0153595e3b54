// When each verb is in order: the guards it must pass, checked in this order, the first failing
// one giving the reason. Data only; legality.ts reads it. intake_request and read_ledger are
// always in order (read_ledger even in a read-only tab: reading changes nothing).
import type { GuardName } from './guards.ts';
import type { VerbName } from './verbs.ts';

export const VERB_RULES: Readonly<Record<VerbName, readonly GuardName[]>> = {
  intake_request: ['actingTab'],
  open_lease: ['actingTab', 'openRequest'],
  find_capacity: ['actingTab', 'activeReadLease'],
  draft_plan: ['actingTab', 'openRequest', 'discoveredTools', 'noRunUnderWay'],
  commit_plan: ['actingTab', 'planAwaits'],
  close_lease: ['actingTab', 'liveLease'],
  read_ledger: [],
};

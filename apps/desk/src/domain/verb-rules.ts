// When each verb is in order: the guards it must pass, checked in this order, the first failing
// one giving the reason. Data only; legality.ts reads it. intake_request and read_ledger are
// always in order for a signed-in dispatcher's page (any tab, any dispatcher); read_ledger in any page, signed in or
// not (reading changes nothing).
import type { GuardName } from './guards.ts';
import type { VerbName } from './verbs.ts';

export const VERB_RULES: Readonly<Record<VerbName, readonly GuardName[]>> = {
  intake_request: ['signedIn'],
  open_lease: ['signedIn', 'openRequest'],
  find_capacity: ['signedIn', 'activeReadLease'],
  draft_plan: ['signedIn', 'openRequest', 'discoveredTools', 'noRunUnderWay'],
  commit_plan: ['signedIn', 'planAwaits'],
  close_lease: ['signedIn', 'liveLease'],
  read_ledger: [],
};

// Who may write each event of the desk's ledger: the desk's server alone, for what it decides, or
// a dispatcher's page, reporting what only a browser saw (a frame mounted, tools discovered, a
// partner's answer through its frame), or a page reporting what the server decided (`decided`):
// taken only when the server's own record holds that decision. The append route refuses a page's
// row for an event marked `server`, and for one marked `unapproved` that names an approval (a
// partner call under an approval is a step of a run, which the desk's server carries out and
// records itself: approved-runs.ts); a page's `tool_result` naming a receipt is taken only once
// the partner's signature on the receipt verifies (page-report.ts). Data only: an event changes
// hands by editing its row here.
import type { LedgerEvent } from '@warrant/base';

/**
 * `server`: the desk's server alone. `decided`: a page, only when the server holds the decision.
 * `unapproved`: a page, only outside an approved run (the row names no approval). `page`: a page.
 */
export type LedgerWriter = 'server' | 'decided' | 'unapproved' | 'page';

export const LEDGER_WRITERS: { readonly [event in LedgerEvent]: LedgerWriter } = {
  // What a broker in the page reports of its leases, frames and calls.
  lease_opened: 'page',
  frame_mounted: 'page',
  tools_discovered: 'page',
  // A partner call a page saw (an agent's read through its lease); one under an approval is a step
  // of a run, the server's.
  tool_invoked: 'unapproved',
  tool_result: 'unapproved',
  frame_unmounted: 'page',
  lease_closed: 'page',
  lease_expired: 'page',
  lease_revoked: 'page',
  lease_failed: 'page',
  policy_denied: 'page',
  bridge_forged: 'page',
  // The desk's verbs, still decided in the page.
  verb_called: 'page',
  // A grant, a rejection or a void (its plan revised) is decided by the desk's server (a grant only
  // with a person's passkey; a void as it stores the revision, approval-standing.ts): a page's row
  // saying so stands only when the server holds that approval so decided.
  approval_granted: 'decided',
  approval_rejected: 'decided',
  approval_void: 'decided',
  // Raising and expiring are still recorded by the page (the server raises the approval itself,
  // approval-raising.ts, and refuses a grant once it expired by its own clock).
  approval_raised: 'page',
  approval_expired: 'page',
  approval_signed: 'page',
  // The run of an approved plan, carried out by the desk's server with no page (approved-runs.ts).
  plan_started: 'server',
  plan_finished: 'server',
  step_compensated: 'server',
  compensation_failed: 'server',
  // Who is a dispatcher is a person's act the desk's server checks and records itself
  // (appendServerRecord in desk-logs.ts).
  dispatcher_enrolled: 'server',
  dispatcher_invited: 'server',
  dispatcher_removed: 'server',
  // Who holds a request is the server's to decide and record (request-holders.ts): a page's
  // intake makes its dispatcher the holder; a release and a take-over are their routes.
  request_taken: 'server',
  request_released: 'server',
  request_taken_over: 'server',
};

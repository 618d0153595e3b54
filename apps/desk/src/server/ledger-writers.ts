// Who may write each event of the desk's ledger: the desk's server alone, for what it decides, or
// a dispatcher's page, reporting what only a browser saw (a frame mounted, tools discovered, a
// partner's answer through its frame). The append route refuses a page's row for an event marked
// `server`; a page's `tool_result` naming a receipt is taken only once the partner's signature on
// the receipt verifies (page-report.ts). Data only: an event changes hands by editing its row here.
import type { LedgerEvent } from '@warrant/base';

export type LedgerWriter = 'server' | 'page';

export const LEDGER_WRITERS: { readonly [event in LedgerEvent]: LedgerWriter } = {
  // What a broker in the page reports of its leases, frames and calls.
  lease_opened: 'page',
  frame_mounted: 'page',
  tools_discovered: 'page',
  tool_invoked: 'page',
  tool_result: 'page',
  frame_unmounted: 'page',
  lease_closed: 'page',
  lease_expired: 'page',
  lease_revoked: 'page',
  lease_failed: 'page',
  policy_denied: 'page',
  bridge_forged: 'page',
  // The desk's verbs, still decided in the page.
  verb_called: 'page',
  // An approval is decided by the desk's server: raised inside commit_plan, granted with a
  // person's passkey, rejected, voided. No page may say so.
  approval_raised: 'server',
  approval_granted: 'server',
  approval_rejected: 'server',
  approval_void: 'server',
  approval_expired: 'page',
  approval_signed: 'page',
  // The run of an approved plan, still driven by the page acting at the desk.
  plan_started: 'page',
  plan_finished: 'page',
  step_compensated: 'page',
  compensation_failed: 'page',
  dispatcher_enrolled: 'page',
};

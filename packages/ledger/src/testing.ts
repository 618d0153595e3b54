// For tests and benchmarks only: the draft of a row as the desk records a leased read, the hop
// most tests and figures append. Only the detail usually differs; anything else can be given.
import type { LedgerDraft } from './desk-ledger.ts';

/** A leased read's `tool_invoked` row, desk → pantry under L-1, stamped now unless `at` is given. */
export const leasedReadDraft = (detail: string, extra: Partial<LedgerDraft> = {}): LedgerDraft => ({
  at: new Date().toISOString(),
  actor: 'agent',
  channel: 'webmcp',
  event: 'tool_invoked',
  from: 'desk',
  to: 'pantry',
  verb: 'list_parcel_stock',
  lease: 'L-1',
  policy: 'allow',
  status: 'ok',
  detail,
  ...extra,
});

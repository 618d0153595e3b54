// The desk ledger as an append-only log's format: a draft is checked, given its seq and (if it
// has none) its time, and sealed into the chain under the log's lock, so two tabs can never give
// two rows one seq. Read back on open, a row must parse, hold its own seq and match its chain.
import { chainOf } from './chain.ts';
import { draftProblem, rowProblem } from './field-check.ts';
import type { LedgerDraft, LedgerRow } from './fields.ts';
import type { LogFormat } from './log-format.ts';
import { refusal } from '@warrant/base';

/**
 * A checked draft as the row stored at `seq` after `prev`: every field in the declaration's
 * order, absent ones filled, and its chain. Every append makes one, so it is one object literal
 * (one hidden class from the start) rather than seventeen keyed stores in a loop over the
 * declaration, which profiled as the largest cost of sealing after SHA-256 itself. The type
 * checks that no field is missing or extra; a test checks the order against LEDGER_FIELDS.
 */
function sealed(draft: LedgerDraft, seq: number, prev: string, clock: () => Date): LedgerRow {
  const row: { -readonly [F in keyof LedgerRow]: LedgerRow[F] } = {
    seq,
    at: draft.at ?? clock().toISOString(),
    actor: draft.actor,
    channel: draft.channel,
    event: draft.event,
    from: draft.from ?? '',
    to: draft.to ?? '',
    verb: draft.verb ?? '',
    request: draft.request ?? '',
    lease: draft.lease ?? '',
    plan: draft.plan ?? '',
    approval: draft.approval ?? '',
    digest: draft.digest ?? '',
    policy: draft.policy,
    status: draft.status,
    detail: draft.detail ?? '',
    // Filled in below, in place, so the row keeps the one shape it was made with.
    chain: '',
  };
  row.chain = chainOf(prev, row);
  return row;
}

export function ledgerLogFormat(clock: () => Date): LogFormat<LedgerDraft, LedgerRow> {
  return {
    seal(draft, at) {
      const problem = draftProblem(draft);
      if (problem) {
        return refusal('INVALID_ROW', `The ledger row cannot be recorded: ${problem.field ? `field ${problem.field}: ` : ''}${problem.reason}. Nothing was written.`, {
          field: problem.field,
          reason: problem.reason,
        });
      }
      const row = sealed(draft, at.seq, at.prev, clock);
      return { ok: true, record: row, head: row.chain };
    },
    read(value, at) {
      const problem = rowProblem(value);
      if (problem) return { ok: false, reason: `${problem.field ? `field ${problem.field}: ` : ''}${problem.reason}` };
      const row = value as LedgerRow;
      if (row.seq !== at.seq) return { ok: false, reason: `it holds seq ${row.seq} at position ${at.seq}` };
      if (chainOf(at.prev, row) !== row.chain) return { ok: false, reason: 'its chain does not match its fields and the row before it' };
      return { ok: true, record: row, head: row.chain };
    },
  };
}

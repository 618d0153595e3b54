// The desk ledger as an append-only log's format: a draft is checked, given its seq and (if it
// has none) its time, and sealed into the chain under the log's lock, so two tabs can never give
// two rows one seq. Read back on open, a row must parse, hold its own seq and match its chain.
import { chainOf } from './chain.ts';
import { draftProblem, rowProblem } from './field-check.ts';
import { LEDGER_FIELDS, type ChainedFields, type LedgerDraft, type LedgerRow } from './fields.ts';
import type { LogFormat } from './log-format.ts';
import { refusal } from '@warrant/surface';

/**
 * A checked draft as the row stored at `seq` after `prev`: every field in the declaration's
 * order, absent ones filled, and its chain. Built as one object, since every append makes one.
 */
function sealed(draft: LedgerDraft, seq: number, prev: string, clock: () => Date): LedgerRow {
  const values = draft as Readonly<Record<string, unknown>>;
  const row: Record<string, unknown> = {};
  for (const field of LEDGER_FIELDS) {
    if (field.name === 'seq') row['seq'] = seq;
    else if (field.name !== 'chain') row[field.name] = values[field.name] ?? (field.kind === 'timestamp' ? clock().toISOString() : '');
  }
  row['chain'] = chainOf(prev, row as unknown as ChainedFields);
  return row as unknown as LedgerRow;
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

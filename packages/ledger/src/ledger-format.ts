// A ledger as an append-only log's format: a draft is checked, given its seq and (if it has none)
// its time, and sealed into the chain under the log's lock, so two tabs can never give two rows
// one seq. Read back on open, a row must parse, hold its own seq and match its chain.
import { refusal } from '@warrant/base';
import type { Chain } from './chain.ts';
import type { FieldChecks } from './field-check.ts';
import type { LogFormat } from './log-format.ts';
import type { AnyRow, LedgerSchema } from './schema.ts';

/** How a field of a stored row is filled from a draft. */
type Fill = 'seq' | 'chain' | 'time' | 'given' | 'empty';

export function logFormatOver<D, R extends AnyRow>(
  schema: LedgerSchema,
  checks: FieldChecks,
  chain: Chain<R>,
): (clock: () => Date) => LogFormat<D, R> {
  const names = schema.fields.map((field) => field.name);
  const fills: readonly Fill[] = schema.fields.map((field) =>
    field.kind === 'seq'
      ? 'seq'
      : field.kind === 'chain'
        ? 'chain'
        : field.given === 'required'
          ? 'given'
          : field.kind === 'timestamp'
            ? 'time'
            : 'empty',
  );

  // Every row starts as a copy of one object holding every field in the schema's order, so its
  // storage is laid out once at its final size instead of growing field by field as it is filled.
  const template: Readonly<Record<string, unknown>> = Object.fromEntries(names.map((name) => [name, '']));

  /**
   * A checked draft as the row stored at `seq` after `prev`: every field in the schema's order,
   * absent ones filled, and its chain. Every row is built with its keys in the same order, so
   * every row has the one shape.
   */
  const sealed = (draft: D, seq: number, prev: string, clock: () => Date): R => {
    const given = draft as Readonly<Record<string, unknown>>;
    const row: Record<string, unknown> = { ...template };
    for (let index = 0; index < names.length; index += 1) {
      const name = names[index] as string;
      switch (fills[index]) {
        case 'seq':
          row[name] = seq;
          break;
        case 'chain':
          // Filled in below, in place, so the row keeps the one shape it was made with.
          row[name] = '';
          break;
        case 'given':
          row[name] = given[name];
          break;
        case 'time':
          row[name] = given[name] ?? clock().toISOString();
          break;
        default:
          row[name] = given[name] ?? '';
      }
    }
    row['chain'] = chain.chainOf(prev, row as unknown as R);
    return row as unknown as R;
  };

  return (clock) => ({
    seal(draft, at) {
      const problem = checks.draftProblem(draft);
      if (problem) {
        return refusal(
          'INVALID_ROW',
          `The ledger row cannot be recorded: ${problem.field ? `field ${problem.field}: ` : ''}${problem.reason}. Nothing was written.`,
          {
            field: problem.field,
            reason: problem.reason,
          },
        );
      }
      const row = sealed(draft, at.seq, at.prev, clock);
      return { ok: true, record: row, head: row.chain };
    },
    read(value, at) {
      const problem = checks.rowProblem(value);
      if (problem) return { ok: false, reason: `${problem.field ? `field ${problem.field}: ` : ''}${problem.reason}` };
      const row = value as R;
      if (row.seq !== at.seq) return { ok: false, reason: `it holds seq ${row.seq} at position ${at.seq}` };
      if (chain.chainOf(at.prev, row) !== row.chain)
        return { ok: false, reason: 'its chain does not match its fields and the row before it' };
      return { ok: true, record: row, head: row.chain };
    },
  });
}

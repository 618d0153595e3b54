// The undo of a write that was done: its tool from the partner's compensation map (its manifest's
// `compensations`), its arguments read out of the first write's result and arguments, the same
// request, and a key derived from the first.
import { refusal, type ToolRefusal } from '@warrant/surface';
import { undoIdempotencyKey } from './idempotency-keys.ts';
import type { Compensation } from './partner-manifest.ts';

export interface DoneWrite {
  readonly tool: string;
  /** The input the write was called with (request and idempotency_key included). */
  readonly args: Readonly<Record<string, unknown>>;
  /** The `result` member of its answer. */
  readonly result: Readonly<Record<string, unknown>>;
}

export interface UndoCall {
  readonly ok: true;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

export function compensationFor(
  compensations: Readonly<Record<string, Compensation>>,
  done: DoneWrite,
): UndoCall | ToolRefusal {
  const compensation = Object.hasOwn(compensations, done.tool) ? compensations[done.tool] : undefined;
  if (!compensation) {
    return refusal(
      'NO_COMPENSATION',
      `${done.tool} has no compensation in the map; it cannot be undone automatically.`,
      { tool: done.tool },
    );
  }
  const args: Record<string, unknown> = {};
  for (const [name, source] of Object.entries(compensation.args)) {
    const value = (source.from === 'result' ? done.result : done.args)[source.field];
    if (typeof value !== 'string' || value === '') {
      return refusal(
        'COMPENSATION_SOURCE_MISSING',
        `${compensation.undo} needs ${name} from ${source.from}.${source.field} of ${done.tool}, and it is not there. The write stays applied.`,
        { tool: done.tool, undo: compensation.undo, argument: name, source: `${source.from}.${source.field}` },
      );
    }
    args[name] = value;
  }
  const key = done.args.idempotency_key;
  if (typeof key !== 'string' || typeof done.args.request !== 'string') {
    return refusal(
      'COMPENSATION_SOURCE_MISSING',
      `${done.tool} was called without request or idempotency_key, so its undo cannot be keyed.`,
      { tool: done.tool },
    );
  }
  return {
    ok: true,
    tool: compensation.undo,
    args: { ...args, request: done.args.request, idempotency_key: undoIdempotencyKey(key) },
  };
}

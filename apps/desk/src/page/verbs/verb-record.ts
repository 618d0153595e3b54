// Every call of a desk verb becomes one `verb_called` row: who, through which channel, what it
// touched, the policy verdict, and how it ended (a halt is `halted`, not `ok`). Calls the kernel
// refused before the body ran (out of order, bad input) are recorded too, with their code.
import { hopDetail } from '@warrant/broker';
import type { Status } from '@warrant/base';
import type { CallRecord, ToolResult } from '@warrant/surface';
import type { DeskRow, DeskRuntime } from '../desk-runtime.ts';
import { whoCalled } from '../who.ts';
import type { VerbNote } from './verb-note.ts';

const TOKEN = /^[A-Za-z0-9][A-Za-z0-9._:@/+-]{0,127}$/;

/** An id the caller gave, if it can stand in a token field; anything else is left out of the row. */
function token(value: unknown): string {
  return typeof value === 'string' && TOKEN.test(value) ? value : '';
}

function statusOf(result: ToolResult): Status {
  if (result.ok) return result['status'] === 'awaiting_human_approval' ? 'halted' : 'ok';
  if (result.code === 'CALL_ABORTED' || result.code === 'ABORTED') return 'aborted';
  if (result.code === 'TOOL_FAILED') return 'error';
  return 'refused';
}

/**
 * The row for a call the kernel refused before any verb body ran (out of order, bad input);
 * null for a call a body answered, which recorded its own row before answering.
 */
export function refusedCallRow(call: CallRecord): DeskRow | null {
  return call.ran ? null : verbCallRow(call);
}

/**
 * The surface's `onCall` for the desk: a call refused before any verb body ran is answered once
 * its row is stored, as a verb's own answer is, so whoever heard "refused" finds it on the ledger.
 */
export function recordRefusedCalls(desk: Pick<DeskRuntime, 'record' | 'flush'>): (call: CallRecord) => Promise<void> {
  return async (call) => {
    const row = refusedCallRow(call);
    if (!row) return;
    desk.record(row);
    await desk.flush();
  };
}

/** The call's row: who and how from the call, what it touched from its body's note (none for a call no body answered). */
export function verbCallRow(
  call: Pick<CallRecord, 'name' | 'caller' | 'channel' | 'input' | 'result'>,
  note?: VerbNote,
): DeskRow {
  const who = whoCalled(call.caller, call.channel);
  const input = call.input;
  return {
    actor: who.actor,
    channel: who.channel,
    event: 'verb_called',
    from: 'desk',
    to: note?.to ?? 'desk',
    verb: call.name,
    request: note?.request ?? token(input['request']),
    lease: note?.lease ?? token(input['lease']),
    plan: note?.plan ?? token(input['plan']),
    approval: note?.approval ?? '',
    digest: note?.digest ?? '',
    policy: note?.policy ?? 'not_applicable',
    status: statusOf(call.result),
    detail: call.result.ok
      ? (note?.detail ?? '')
      : hopDetail({ code: call.result.code, ...(note?.detail ? { more: note.detail } : {}) }),
  };
}

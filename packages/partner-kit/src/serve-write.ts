// The write pipeline, loaded with the first write a site serves (the digest library with it):
//   1. the idempotency key: a repeat with the same arguments answers the first result again and
//      changes nothing; the key with other arguments is refused;
//   2. legality against the freshest state, then the site's own decision (apply);
//   3. the receipt: the broker contract's digest, SHA-256 of the canonical JSON of
//      { tool, args, result };
//   4. the execution signal, checked last before the commit: an aborted call changes nothing;
//   5. the append to the log (durable before the answer), then the state moves on.
// The caller runs it inside the site's exclusive section, after catching up with the log.
import { canonicalJson } from '@warrant/authority';
import { receiptDigest } from '@warrant/broker';
import { refusal, type Caller, type Channel, type ToolResult } from '@warrant/surface';
import { mintId } from './book.ts';
import type { WriteEnvelope, WriteSpec } from './definition.ts';
import type { DeskApproval, JsonObject, Receipt, WriteEntry } from './log-entry.ts';
import type { PartnerState, ServedWrite } from './partner-state.ts';

export interface WriteContext<D, E> {
  readonly writes: ReadonlyMap<string, WriteSpec<D, E, never>>;
  /** Signs a receipt (the site's server holds the key); without it receipts carry only their digest. */
  readonly sign?: (receipt: Omit<Receipt, 'signature'>) => string;
  /** The state, level with the log and today's date. */
  sync(): Promise<PartnerState<D>>;
  /** Appends and moves the state on; answers why not, or null once it is recorded. */
  commit(entry: WriteEntry<E>): Promise<string | null>;
  current(): PartnerState<D>;
  now(): Date;
}

/** Whether a call may write: the refusal, or yes, with who approved it at the desk when it came under the desk's authorization. */
export type Admission =
  { readonly ok: false; readonly refusal: ToolResult } | { readonly ok: true; readonly approvedBy?: DeskApproval };

export interface WriteCall {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly caller: Caller;
  readonly channel: Channel;
  readonly signal: AbortSignal;
  /**
   * Whether this call may write at all, asked after the idempotency key (a repeat answers the first
   * result) and before legality: the server's check of the desk's step authorization. A refusal
   * changes nothing; an admitted write is recorded with the approval the check found.
   */
  readonly admit?: (args: JsonObject & WriteEnvelope) => Promise<Admission>;
}

/** Two calls are the same when their tool and arguments have the same canonical JSON. */
function sameCall(
  a: { readonly tool: string; readonly args: object },
  b: { readonly tool: string; readonly args: object },
): boolean {
  return canonicalJson({ tool: a.tool, args: a.args }) === canonicalJson({ tool: b.tool, args: b.args });
}

/** The answer to a write; a repeat under the same key is the first answer, unchanged, marked replayed. */
function answerFor(served: ServedWrite, replayed: boolean): ToolResult {
  return {
    ok: true,
    result: served.result,
    receipt: served.receipt,
    message: served.message,
    ...(replayed ? { replayed: true } : {}),
  };
}

export async function serveWrite<D, E>(
  context: WriteContext<D, E>,
  { tool, input, caller, channel, signal, admit }: WriteCall,
): Promise<ToolResult> {
  const spec = context.writes.get(tool);
  if (!spec) return refusal('UNKNOWN_TOOL', `This site has no write named ${tool}. Nothing was changed.`, { tool });
  const current = await context.sync();
  const args = input as JsonObject & WriteEnvelope;

  const first = current.keys.get(args.idempotency_key);
  if (first) {
    if (sameCall(first, { tool, args })) return answerFor(first, true);
    return refusal(
      'IDEMPOTENCY_KEY_REUSED',
      `The idempotency key ${args.idempotency_key} was already used for a different write (${first.tool}, receipt ${first.receipt.id}). Nothing was changed. Use a new key for a new write, or repeat the first call exactly.`,
      { idempotency_key: args.idempotency_key, first_tool: first.tool, first_receipt: first.receipt.id },
    );
  }

  const admitted: Admission = admit ? await admit(args) : { ok: true };
  if (!admitted.ok) return admitted.refusal;

  const verdict = spec.verdict(current);
  if (!verdict.legal) {
    return refusal(
      verdict.code ?? 'NOT_IN_ORDER',
      `${spec.title} is not in order right now: ${verdict.reason ?? 'its rule does not allow it'}. Nothing was changed.`,
      { tool },
    );
  }
  const decision = spec.apply(current, args as never);
  if (!decision.ok) return decision;

  const seq = current.seq + 1;
  const unsigned = {
    id: mintId('RC', current.book, seq),
    tool,
    request: args.request,
    digest: await receiptDigest(tool, args, decision.result),
  };
  const receipt: Receipt = context.sign ? { ...unsigned, signature: context.sign(unsigned) } : unsigned;
  if (signal.aborted)
    return refusal('ABORTED', `${spec.title} was cancelled before it was recorded. Nothing was changed.`, { tool });
  const entry: WriteEntry<E> = {
    seq,
    at: context.now().toISOString(),
    kind: 'write',
    tool,
    caller,
    channel,
    args,
    result: decision.result,
    message: decision.message,
    receipt,
    ...(admitted.approvedBy ? { approvedBy: admitted.approvedBy } : {}),
    event: decision.event,
  };
  const failed = await context.commit(entry);
  if (failed) {
    return refusal(
      'NOT_RECORDED',
      `${spec.title} could not be recorded (${failed}). Nothing was changed; it is safe to try again with the same idempotency key.`,
      { tool },
    );
  }
  return answerFor(context.current().keys.get(args.idempotency_key) as ServedWrite, false);
}

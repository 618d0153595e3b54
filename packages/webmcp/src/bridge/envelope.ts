// The cross-world bridge's wire format. An extension's content script shares the page's DOM and
// window but not its JavaScript world, so it cannot see a polyfilled WebMCP; window.postMessage
// crosses between worlds. Everything that arrives is untrusted: it is read here, field by field,
// into an invoke the page may answer, or into the reason it is not one.

export const BRIDGE_ENVELOPE = 'warrant.agent.bridge';
export const BRIDGE_VERSION = 1;
/** Invokes larger than this (as JSON, UTF-8) are not read. */
export const MAX_INVOKE_BYTES = 64 * 1024;
const MAX_ID_LENGTH = 128;
// The platform's rule for tool names, so a verb that could never be a tool is refused unread.
const VERB_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;
// Printable ids only: an id is echoed into the page's record of rejected messages.
const ID_PATTERN = /^[\x20-\x7e]+$/;

export type BridgeId = string | number;

export interface BridgeInvoke {
  readonly envelope: typeof BRIDGE_ENVELOPE;
  readonly version: typeof BRIDGE_VERSION;
  readonly kind: 'invoke';
  readonly id: BridgeId;
  readonly verb: string;
  readonly input: Record<string, unknown>;
}

interface ReplyBase {
  readonly envelope: typeof BRIDGE_ENVELOPE;
  readonly version: typeof BRIDGE_VERSION;
  readonly kind: 'reply';
  /** A poster hears its own message too; this is the field to match on. */
  readonly direction: 'reply';
  readonly id: BridgeId;
}

/** The verb answered: `text` is its result as JSON text. */
export interface BridgeSuccessReply extends ReplyBase {
  readonly ok: true;
  readonly text: string;
}

/** The verb refused (or failed): its code, its message as `reason`, and its details. */
export interface BridgeRefusalReply extends ReplyBase {
  readonly ok: false;
  readonly code: string;
  readonly reason: string;
  readonly details: Readonly<Record<string, unknown>>;
}

export type BridgeReply = BridgeSuccessReply | BridgeRefusalReply;

export type BridgeRejectionCode =
  | 'WRONG_SOURCE'
  | 'WRONG_ORIGIN'
  | 'NOT_AN_OBJECT'
  | 'WRONG_ENVELOPE'
  | 'WRONG_VERSION'
  | 'WRONG_KIND'
  | 'BAD_ID'
  | 'BAD_VERB'
  | 'UNKNOWN_VERB'
  | 'BAD_INPUT'
  | 'OVERSIZED';

/** A message the bridge did not answer, and why: what the page records. */
export interface BridgeRejection {
  readonly code: BridgeRejectionCode;
  readonly message: string;
  /** The sender's origin as the browser stated it. */
  readonly origin: string;
  /** The id the message claimed, when it was a readable one. */
  readonly id?: BridgeId;
  /** The verb the message named, when it was a readable one. */
  readonly verb?: string;
}

export type ReadResult =
  | { readonly kind: 'invoke'; readonly invoke: BridgeInvoke }
  | {
      readonly kind: 'rejected';
      readonly code: BridgeRejectionCode;
      readonly message: string;
      readonly id?: BridgeId;
      readonly verb?: string;
    }
  /** Not addressed to the bridge at all (other traffic on the window, or a reply). */
  | { readonly kind: 'ignored' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function readableId(value: unknown): BridgeId | undefined {
  if (typeof value === 'string' && value.length >= 1 && value.length <= MAX_ID_LENGTH && ID_PATTERN.test(value))
    return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  return undefined;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** A message claims to be for the bridge when it names its envelope or asks to invoke something. */
function addressedToBridge(data: unknown): boolean {
  if (!isRecord(data)) return false;
  if (data['envelope'] === BRIDGE_ENVELOPE) return data['kind'] !== 'reply';
  return 'envelope' in data || data['kind'] === 'invoke' || 'verb' in data;
}

/**
 * Reads one message's data into an invoke. `knows` says whether the page answers a verb at all (in
 * order or not: a verb out of order is answered with its refusal, a verb the page never declares
 * is not answered). The input handed on is the JSON copy of what arrived, as the browser hands a
 * tool its input.
 */
export function readInvoke(
  data: unknown,
  knows: (verb: string) => boolean,
  maxBytes: number = MAX_INVOKE_BYTES,
): ReadResult {
  if (!addressedToBridge(data)) return { kind: 'ignored' };
  const record = data as Record<string, unknown>;
  const id = readableId(record['id']);
  const verb = typeof record['verb'] === 'string' && VERB_PATTERN.test(record['verb']) ? record['verb'] : undefined;
  const named = { ...(id === undefined ? {} : { id }), ...(verb === undefined ? {} : { verb }) };
  const rejected = (code: BridgeRejectionCode, message: string): ReadResult => ({
    kind: 'rejected',
    code,
    message,
    ...named,
  });

  let text: string;
  try {
    text = JSON.stringify(record);
  } catch {
    return rejected('BAD_INPUT', 'The message cannot be written as JSON.');
  }
  if (byteLength(text) > maxBytes) return rejected('OVERSIZED', `The message is larger than ${maxBytes} bytes.`);
  if (record['envelope'] !== BRIDGE_ENVELOPE)
    return rejected('WRONG_ENVELOPE', `The envelope must be "${BRIDGE_ENVELOPE}".`);
  if (record['version'] !== BRIDGE_VERSION)
    return rejected('WRONG_VERSION', `Only version ${BRIDGE_VERSION} is understood.`);
  if (record['kind'] !== 'invoke') return rejected('WRONG_KIND', 'Only kind "invoke" is answered.');
  if (id === undefined)
    return rejected('BAD_ID', `The id must be 1 to ${MAX_ID_LENGTH} printable characters, or a safe integer.`);
  if (verb === undefined) return rejected('BAD_VERB', 'The verb must be a tool name: 1 to 128 of A-Z a-z 0-9 _ . -');
  if (!knows(verb)) return rejected('UNKNOWN_VERB', `This page declares no verb named ${verb}.`);
  if (!isPlainObject(record['input'])) return rejected('BAD_INPUT', 'The input must be a JSON object.');
  const input = (JSON.parse(text) as { input: Record<string, unknown> }).input;
  return {
    kind: 'invoke',
    invoke: { envelope: BRIDGE_ENVELOPE, version: BRIDGE_VERSION, kind: 'invoke', id, verb, input },
  };
}

/** The reply to an invoke, from whatever the page's callback answered. */
export function replyTo(id: BridgeId, result: unknown): BridgeReply {
  const base = { envelope: BRIDGE_ENVELOPE, version: BRIDGE_VERSION, kind: 'reply', direction: 'reply', id } as const;
  if (isRecord(result) && result['ok'] === false) {
    const details = isRecord(result['details'])
      ? (JSON.parse(JSON.stringify(result['details'])) as Record<string, unknown>)
      : {};
    return {
      ...base,
      ok: false,
      code: typeof result['code'] === 'string' ? result['code'] : 'REFUSED',
      reason: typeof result['message'] === 'string' ? result['message'] : 'The verb refused the call.',
      details,
    };
  }
  return { ...base, ok: true, text: typeof result === 'string' ? result : (JSON.stringify(result) ?? 'null') };
}

/** The reply when the page's callback itself threw: an answer, not silence. */
export function failureReply(id: BridgeId, error: unknown): BridgeRefusalReply {
  return {
    envelope: BRIDGE_ENVELOPE,
    version: BRIDGE_VERSION,
    kind: 'reply',
    direction: 'reply',
    id,
    ok: false,
    code: 'BRIDGE_CALL_FAILED',
    reason: `The call failed before it could answer: ${error instanceof Error ? error.message : String(error)}`.slice(
      0,
      500,
    ),
    details: {},
  };
}

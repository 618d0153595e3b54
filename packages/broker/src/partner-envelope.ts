// The partner channel's messages: a versioned envelope, read strictly. A message that does not
// claim the envelope belongs to someone else and is left alone; one that claims it and is not
// well formed is refused, and the reason is handed to whoever records such things.
//
// Desk → partner: `hello` (on the window, carrying a MessagePort), then on the port `tools` (ask
// for the list), `invoke`, `abort`. Partner → desk: `ready` (on the window: "I am listening"),
// then on the port `tools` (the list; the answer to `hello` too), `result`, and `refused`: a
// hello the partner did not take (its port is bound once), reported to the desk on the bound port
// so the desk records it, and answered on the port that hello offered. And `fault`, on the window
// like `ready` (the native transport has no port): the page lost its own server, so the desk
// fails the lease at once.
import type { ExecuteFailureCode, ListedTool } from '@warrant/webmcp';
import type { CallShape, PartnerCallOutcome } from './partner-channel.ts';

export const PARTNER_ENVELOPE = 'warrant.partner';
export const PARTNER_ENVELOPE_VERSION = 1;

interface Envelope<K extends string> {
  readonly envelope: typeof PARTNER_ENVELOPE;
  readonly version: typeof PARTNER_ENVELOPE_VERSION;
  readonly kind: K;
  readonly id: string;
}

export type HelloMessage = Envelope<'hello'>;
export type ToolsRequest = Envelope<'tools'>;
export type InvokeMessage = Envelope<'invoke'> & {
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
};
export type AbortMessage = Envelope<'abort'>;
export type DeskMessage = HelloMessage | ToolsRequest | InvokeMessage | AbortMessage;

/**
 * "I am listening", with the writes this document declares but has not registered (a frame
 * mounted for a read lease registers its reads only): what the desk checks a drafted step
 * against. A declaration is not a tool; nothing can be called through it.
 */
export type ReadyMessage = Envelope<'ready'> & { readonly declared: readonly ListedTool[] };
export type ToolsAnswer = Envelope<'tools'> & { readonly tools: readonly ListedTool[] };
export type ResultMessage = Envelope<'result'> & { readonly outcome: PartnerCallOutcome };
/** A message the partner refused: what it claimed to be, where the browser said it came from, and why. */
export type RefusedMessage = Envelope<'refused'> & {
  readonly refusedKind: string;
  readonly from: string;
  readonly reason: string;
};
/**
 * The page cannot go on serving the lease: it lost its own server. Only the fault's name travels
 * (the one fault a page can know of itself; a navigation the desk sees for itself), and the desk
 * says it in its own words.
 */
export type FaultMessage = Envelope<'fault'> & { readonly fault: 'server_unreachable' };
export type PartnerMessage = ReadyMessage | ToolsAnswer | ResultMessage | RefusedMessage | FaultMessage;

const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
// The codes the partner page's own executeTool answers with.
const OUTCOME_CODES: readonly string[] = [
  'NOT_REGISTERED',
  'SHAPE_REFUSED',
  'ABORTED',
  'TOOL_FAILED',
] satisfies readonly ExecuteFailureCode[];
const MAX_TOOLS = 256;
const MAX_REASON = 200;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function envelope<K extends string>(kind: K, id: string): Envelope<K> {
  return { envelope: PARTNER_ENVELOPE, version: PARTNER_ENVELOPE_VERSION, kind, id };
}

/** Whether the message says it is ours (and so must be well formed, or be refused and reported). */
export function claimsEnvelope(data: unknown): data is Record<string, unknown> {
  return isPlainObject(data) && data.envelope === PARTNER_ENVELOPE;
}

export function claimedKind(data: unknown): string | null {
  return isPlainObject(data) && typeof data.kind === 'string' ? data.kind.slice(0, 32) : null;
}

function header(data: Record<string, unknown>, kinds: readonly string[]): string | null {
  if (data.version !== PARTNER_ENVELOPE_VERSION)
    return `version ${String(data.version)} is not ${PARTNER_ENVELOPE_VERSION}`;
  if (typeof data.kind !== 'string' || !kinds.includes(data.kind))
    return `kind ${String(data.kind).slice(0, 32)} is not one of ${kinds.join(', ')}`;
  if (typeof data.id !== 'string' || !ID.test(data.id)) return 'the id is missing or malformed';
  return null;
}

/** What the partner side accepts from the desk, or why not. */
export function readDeskMessage(data: unknown): DeskMessage | string {
  if (!claimsEnvelope(data)) return 'not a warrant.partner envelope';
  const problem = header(data, ['hello', 'tools', 'invoke', 'abort']);
  if (problem) return problem;
  const id = data.id as string;
  switch (data.kind) {
    case 'invoke':
      if (typeof data.name !== 'string' || !TOOL_NAME.test(data.name)) return 'invoke names no valid tool';
      if (!isPlainObject(data.input)) return 'invoke input is not an object';
      return { ...envelope('invoke', id), name: data.name, input: data.input };
    case 'hello':
      return envelope('hello', id);
    case 'tools':
      return envelope('tools', id);
    default:
      return envelope('abort', id);
  }
}

function readTool(value: unknown): ListedTool | null {
  if (!isPlainObject(value)) return null;
  const { name, title, description, origin, inputSchema, annotations } = value;
  if (
    typeof name !== 'string' ||
    !TOOL_NAME.test(name) ||
    typeof description !== 'string' ||
    typeof origin !== 'string'
  )
    return null;
  if (title !== undefined && typeof title !== 'string') return null;
  if (inputSchema !== undefined && !isPlainObject(inputSchema)) return null;
  if (annotations !== undefined && !isPlainObject(annotations)) return null;
  const hints = annotations
    ? Object.fromEntries(
        (['readOnlyHint', 'untrustedContentHint', 'consequentialHint', 'debugging'] as const)
          .filter((hint) => typeof annotations[hint] === 'boolean')
          .map((hint) => [hint, annotations[hint] as boolean]),
      )
    : undefined;
  return {
    name,
    title: title ?? '',
    description,
    origin,
    ...(inputSchema ? { inputSchema } : {}),
    ...(hints ? { annotations: hints } : {}),
  };
}

const SHAPES: readonly unknown[] = ['object', 'string', 'none'] satisfies readonly CallShape[];

function readOutcome(value: unknown): PartnerCallOutcome | null {
  if (!isPlainObject(value) || typeof value.ok !== 'boolean') return null;
  if (value.ok) {
    if (!SHAPES.includes(value.shape)) return null;
    if (value.raw !== null && typeof value.raw !== 'string') return null;
    return { ok: true, shape: value.shape as CallShape, raw: value.raw, value: value.value };
  }
  if (typeof value.code !== 'string' || !OUTCOME_CODES.includes(value.code) || typeof value.message !== 'string')
    return null;
  if (value.shape !== null && !SHAPES.includes(value.shape)) return null;
  return {
    ok: false,
    code: value.code as ExecuteFailureCode,
    message: value.message,
    shape: value.shape as CallShape | null,
  };
}

/** What the desk side accepts from the partner, or why not. */
export function readPartnerMessage(data: unknown): PartnerMessage | string {
  if (!claimsEnvelope(data)) return 'not a warrant.partner envelope';
  const problem = header(data, ['ready', 'tools', 'result', 'refused', 'fault']);
  if (problem) return problem;
  const id = data.id as string;
  switch (data.kind) {
    case 'fault':
      return data.fault === 'server_unreachable'
        ? { ...envelope('fault', id), fault: data.fault }
        : 'a fault names no fault a page reports';
    case 'refused': {
      const { refusedKind, from, reason } = data;
      if (typeof refusedKind !== 'string' || typeof from !== 'string' || typeof reason !== 'string')
        return 'a refusal names no kind, sender or reason';
      return {
        ...envelope('refused', id),
        refusedKind: refusedKind.slice(0, 32),
        from: from.slice(0, MAX_REASON),
        reason: reason.slice(0, MAX_REASON),
      };
    }
    case 'tools': {
      if (!Array.isArray(data.tools) || data.tools.length > MAX_TOOLS)
        return 'tools is not a list of at most 256 tools';
      const tools = data.tools.map(readTool);
      if (tools.some((tool) => tool === null)) return 'a listed tool is malformed';
      return { ...envelope('tools', id), tools: tools as ListedTool[] };
    }
    case 'result': {
      const outcome = readOutcome(data.outcome);
      if (!outcome) return 'the result carries no well-formed outcome';
      return { ...envelope('result', id), outcome };
    }
    default: {
      if (data.declared === undefined) return { ...envelope('ready', id), declared: [] };
      if (!Array.isArray(data.declared) || data.declared.length > MAX_TOOLS)
        return 'declared is not a list of at most 256 tools';
      const declared = data.declared.map(readTool);
      if (declared.some((tool) => tool === null)) return 'a declared tool is malformed';
      return { ...envelope('ready', id), declared: declared as ListedTool[] };
    }
  }
}

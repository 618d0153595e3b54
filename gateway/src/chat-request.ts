import { refusal, type GatewayRefusal } from './errors.ts';

// The chat request as the gateway accepts it and as it forwards it. The check is deliberately
// shallow: enough to refuse a request that could only waste an upstream call, and to name the
// field that is wrong. Everything past that is the upstream's to judge.

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;
export type ChatRole = (typeof ROLES)[number];

export interface ChatMessage {
  readonly role: ChatRole;
  /** Text, null (an assistant turn that only calls tools), or content parts. */
  readonly content?: string | null | readonly unknown[];
  /** tool_calls, tool_call_id, name: passed on untouched. */
  readonly [field: string]: unknown;
}

export interface ChatTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly [field: string]: unknown };
}

export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ChatTool[];
  readonly tool_choice?: string | Readonly<Record<string, unknown>>;
}

/**
 * What goes upstream: only the fields below. The model and `max_tokens` are the gateway's own;
 * anything else a client sent (`n`, `stream`, a second model, sampling knobs) is dropped, because
 * several of them multiply what one request costs.
 */
export interface UpstreamChatBody extends ChatRequest {
  readonly model: string;
  readonly max_tokens: number;
  readonly stream: false;
}

export type ChatRequestRefusal = GatewayRefusal<'BAD_REQUEST_SHAPE' | 'TOO_MANY_MESSAGES' | 'STREAMING_UNSUPPORTED'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const badShape = (field: string, expected: string): ChatRequestRefusal =>
  refusal('BAD_REQUEST_SHAPE', `${field}: expected ${expected}.`, { field });

/** Why a message cannot be forwarded, or null when it can. */
function messageProblem(value: unknown, index: number): ChatRequestRefusal | null {
  const field = `messages[${index}]`;
  if (!isRecord(value)) return badShape(field, 'an object { role, content }');
  const role = value['role'];
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    return badShape(`${field}.role`, `one of ${ROLES.join(', ')}`);
  }
  const content = value['content'];
  const callsTools = role === 'assistant' && Array.isArray(value['tool_calls']);
  if (
    content === undefined ? !callsTools : !(typeof content === 'string' || content === null || Array.isArray(content))
  ) {
    return badShape(`${field}.content`, 'a string, null, or an array of content parts');
  }
  return null;
}

/** Why a tool declaration cannot be forwarded, or null when it can. */
function toolProblem(value: unknown, index: number): ChatRequestRefusal | null {
  const field = `tools[${index}]`;
  if (!isRecord(value) || value['type'] !== 'function' || !isRecord(value['function'])) {
    return badShape(field, "an object { type: 'function', function: { name, … } }");
  }
  if (typeof value['function']['name'] !== 'string') return badShape(`${field}.function.name`, 'a string');
  return null;
}

export function readChatRequest(
  body: unknown,
  maxMessages: number,
): { readonly ok: true; readonly request: ChatRequest } | ChatRequestRefusal {
  if (!isRecord(body)) return badShape('body', 'a JSON object sent as application/json');
  if (body['stream'] === true) {
    return refusal(
      'STREAMING_UNSUPPORTED',
      'stream: the gateway answers whole completions only; leave stream unset or false.',
      { field: 'stream' },
    );
  }
  const messages = body['messages'];
  if (!Array.isArray(messages) || messages.length === 0)
    return badShape('messages', 'a non-empty array of { role, content }');
  if (messages.length > maxMessages) {
    return refusal(
      'TOO_MANY_MESSAGES',
      `messages: ${messages.length} messages; the gateway accepts at most ${maxMessages}.`,
      {
        field: 'messages',
        count: messages.length,
        limit: maxMessages,
      },
    );
  }
  for (const [index, value] of messages.entries()) {
    const problem = messageProblem(value, index);
    if (problem) return problem;
  }
  let request: ChatRequest = { messages: messages as ChatMessage[] };
  const tools = body['tools'];
  if (tools !== undefined) {
    if (!Array.isArray(tools)) return badShape('tools', 'an array of function tools');
    for (const [index, value] of tools.entries()) {
      const problem = toolProblem(value, index);
      if (problem) return problem;
    }
    request = { ...request, tools: tools as ChatTool[] };
  }
  const toolChoice = body['tool_choice'];
  if (toolChoice !== undefined) {
    if (typeof toolChoice !== 'string' && !isRecord(toolChoice))
      return badShape('tool_choice', "a string ('auto', 'none', 'required') or an object");
    request = { ...request, tool_choice: toolChoice };
  }
  return { ok: true, request };
}

export function upstreamBody(request: ChatRequest, model: string, maxTokens: number): UpstreamChatBody {
  return { ...request, model, max_tokens: maxTokens, stream: false };
}

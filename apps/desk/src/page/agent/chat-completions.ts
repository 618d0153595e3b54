// One request to a chat-completions endpoint and its answer, read strictly. Whatever the endpoint
// sends is untrusted: a reply is taken apart field by field into text and tool calls, or into why
// it could not be. The person's key goes in this request's Authorization header and nowhere else,
// and a reply that holds the key anywhere is refused unread, so an endpoint that echoes it cannot
// put it on the page, in the ledger or in the model's next turn.
import type { Endpoint } from './endpoint.ts';

export interface ChatToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

export type ChatMessage =
  | { readonly role: 'system' | 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string | null; readonly tool_calls?: readonly ChatToolCall[] }
  | { readonly role: 'tool'; readonly tool_call_id: string; readonly content: string };

export interface ChatTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: object };
}

export interface ModelRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools: readonly ChatTool[];
}

export type ModelAnswer =
  | { readonly ok: true; readonly content: string | null; readonly toolCalls: readonly ChatToolCall[] }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly status: number | null };

/** Replies longer than this (characters) are not read. */
const MAX_REPLY_CHARS = 1_000_000;
const MAX_MESSAGE_CHARS = 400;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const failed = (code: string, message: string, status: number | null = null): ModelAnswer => ({
  ok: false,
  code,
  message: message.slice(0, MAX_MESSAGE_CHARS),
  status,
});

/** An error reply in the OpenAI shape ({ error: { code, message } }), or just its status. */
function errorAnswer(status: number, body: unknown): ModelAnswer {
  const error = isRecord(body) && isRecord(body['error']) ? body['error'] : {};
  const code = typeof error['code'] === 'string' && error['code'] !== '' ? error['code'] : `HTTP_${status}`;
  const message =
    typeof error['message'] === 'string' ? error['message'] : `The endpoint answered ${status} without saying why.`;
  return failed(code, message, status);
}

function toolCallOf(value: unknown, index: number): ChatToolCall | null {
  if (!isRecord(value) || !isRecord(value['function']) || typeof value['function']['name'] !== 'string') return null;
  const given = value['function']['arguments'];
  // Arguments are JSON text by the protocol; a server that sends the object itself is taken at its word.
  const args = typeof given === 'string' ? given : given === undefined ? '{}' : (JSON.stringify(given) ?? '{}');
  const id = typeof value['id'] === 'string' && value['id'] !== '' ? value['id'] : `call_${index}`;
  return { id, type: 'function', function: { name: value['function']['name'], arguments: args } };
}

/** The first choice of a completion as text and tool calls, or null when the reply is not a completion. */
export function readCompletion(
  body: unknown,
): { readonly content: string | null; readonly toolCalls: readonly ChatToolCall[] } | null {
  if (!isRecord(body) || !Array.isArray(body['choices'])) return null;
  const choice: unknown = body['choices'][0];
  if (!isRecord(choice) || !isRecord(choice['message'])) return null;
  const message = choice['message'];
  const content = message['content'];
  if (content !== null && content !== undefined && typeof content !== 'string') return null;
  const calls = message['tool_calls'];
  if (calls !== undefined && calls !== null && !Array.isArray(calls)) return null;
  const toolCalls: ChatToolCall[] = [];
  for (const [index, call] of (calls ?? []).entries()) {
    const read = toolCallOf(call, index);
    if (!read) return null;
    toolCalls.push(read);
  }
  return { content: content ?? null, toolCalls };
}

export async function askModel(endpoint: Endpoint, request: ModelRequest, signal: AbortSignal): Promise<ModelAnswer> {
  const body = {
    ...(endpoint.model ? { model: endpoint.model } : {}),
    messages: request.messages,
    ...(request.tools.length > 0 ? { tools: request.tools, tool_choice: 'auto' } : {}),
  };
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(endpoint.key ? { Authorization: `Bearer ${endpoint.key}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    text = await response.text();
  } catch (error) {
    if (signal.aborted) return failed('ABORTED', 'Stopped before the model answered.');
    return failed(
      'ENDPOINT_UNREACHABLE',
      `${new URL(endpoint.url).origin} did not answer (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  if (text.length > MAX_REPLY_CHARS)
    return failed(
      'REPLY_TOO_LARGE',
      `The endpoint answered more than ${MAX_REPLY_CHARS} characters; the reply was not read.`,
      response.status,
    );
  if (endpoint.key && text.includes(endpoint.key)) {
    return failed(
      'KEY_ECHOED',
      'The endpoint sent your key back in its reply. The reply was not read, so the key goes no further than that endpoint.',
      response.status,
    );
  }
  const json = parsed(text);
  if (!response.ok) return errorAnswer(response.status, json);
  const completion = readCompletion(json);
  if (!completion)
    return failed('MALFORMED_REPLY', 'The endpoint answered something that is not a chat completion.', response.status);
  return { ok: true, ...completion };
}

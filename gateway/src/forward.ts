import type { UpstreamChatBody } from './chat-request.ts';
import { refusal, type GatewayRefusal } from './errors.ts';
import type { Upstream } from './upstream.ts';

// One call to the upstream, and a check of what came back. Every way it can go wrong comes back
// as a refusal with its own code, so the desk can tell "your model is down" from "your model is
// slow" from "your model answered something that is not a chat completion".

/** A reply with at least the part a chat-completions client reads; other fields pass through. */
export interface ChatCompletion {
  readonly choices: readonly {
    readonly message: Readonly<Record<string, unknown>>;
    readonly [field: string]: unknown;
  }[];
  readonly [field: string]: unknown;
}

export type ForwardRefusal = GatewayRefusal<
  'UPSTREAM_UNREACHABLE' | 'UPSTREAM_REFUSED' | 'UPSTREAM_MALFORMED' | 'UPSTREAM_TIMEOUT'
>;

export interface ForwardOptions {
  readonly timeoutMs: number;
  /** Aborts the upstream call when the client that asked has gone. */
  readonly signal: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isChatCompletion(value: unknown): value is ChatCompletion {
  if (!isRecord(value) || !Array.isArray(value['choices']) || value['choices'].length === 0) return false;
  return value['choices'].every((choice: unknown) => {
    if (!isRecord(choice) || !isRecord(choice['message'])) return false;
    const { content, tool_calls: toolCalls } = choice['message'];
    return (
      (content === undefined || content === null || typeof content === 'string') &&
      (toolCalls === undefined || Array.isArray(toolCalls))
    );
  });
}

export async function forwardChat(
  upstream: Upstream,
  body: UpstreamChatBody,
  options: ForwardOptions,
): Promise<{ readonly ok: true; readonly reply: ChatCompletion } | ForwardRefusal> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (upstream.key !== null) headers['Authorization'] = `Bearer ${upstream.key}`;
  let status: number;
  let text: string;
  try {
    // The timeout covers the whole exchange, reading the reply's body included.
    const response = await fetch(`${upstream.url}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.any([timeout, options.signal]),
    });
    status = response.status;
    text = await response.text();
  } catch {
    if (timeout.aborted)
      return refusal('UPSTREAM_TIMEOUT', `The model did not answer within ${options.timeoutMs} ms.`, {
        timeoutMs: options.timeoutMs,
      });
    return refusal('UPSTREAM_UNREACHABLE', 'The model server could not be reached.');
  }
  if (status < 200 || status > 299)
    return refusal('UPSTREAM_REFUSED', `The model server answered HTTP ${status}.`, { status });
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    return refusal('UPSTREAM_MALFORMED', 'The model server answered something that is not JSON.');
  }
  if (!isChatCompletion(reply))
    return refusal(
      'UPSTREAM_MALFORMED',
      'The model server answered JSON that is not a chat completion (no choices[].message).',
    );
  return { ok: true, reply };
}

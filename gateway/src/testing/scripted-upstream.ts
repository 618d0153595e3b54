import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOOPBACK_ADDRESS } from '@warrant/config';

// A real chat-completions server on the loopback address that answers from a script, one reply per request,
// in order. Tests of the gateway and of the desk's agent drive it over HTTP exactly as they would
// drive llama.cpp or Ollama, and read back what it was sent.

export interface ScriptedToolCall {
  readonly name: string;
  /** Sent as the call's JSON `arguments`; a string is sent verbatim, so a test can script a malformed call. */
  readonly arguments: unknown;
}

export type ScriptedReply =
  | { readonly kind: 'text'; readonly text: string; readonly delayMs?: number }
  | { readonly kind: 'tool_calls'; readonly calls: readonly ScriptedToolCall[]; readonly delayMs?: number }
  /** Any status and body, for a server that fails or answers something that is not a completion. */
  | { readonly kind: 'raw'; readonly status: number; readonly body: string; readonly delayMs?: number };

export interface RecordedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly body: unknown;
}

export interface ScriptedUpstream {
  /** Base URL up to and including `/v1`, as WARRANT_GATEWAY_UPSTREAM_URL takes it. */
  readonly url: string;
  /** Every POST /v1/chat/completions received, in order of arrival. */
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

const CHAT_PATH = '/v1/chat/completions';

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function completion(reply: Exclude<ScriptedReply, { kind: 'raw' }>, model: unknown, n: number): string {
  const message =
    reply.kind === 'text'
      ? { role: 'assistant', content: reply.text }
      : {
          role: 'assistant',
          content: null,
          tool_calls: reply.calls.map((call, i) => ({
            id: `call_${n}_${i}`,
            type: 'function',
            function: {
              name: call.name,
              arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
            },
          })),
        };
  return JSON.stringify({
    id: `chatcmpl-scripted-${n}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof model === 'string' ? model : 'scripted',
    choices: [{ index: 0, message, finish_reason: reply.kind === 'text' ? 'stop' : 'tool_calls' }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  });
}

/** Starts the server on the loopback address; `port` 0 (the default) picks a free one. */
export async function startScriptedUpstream(
  script: readonly ScriptedReply[],
  { port: wanted = 0 }: { readonly port?: number } = {},
): Promise<ScriptedUpstream> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    // Like llama.cpp and Ollama, it allows any page to call it, so a browser test can point the
    // desk's agent straight at it as "your own endpoint".
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type',
        })
        .end();
      return;
    }
    if (req.method !== 'POST' || req.url !== CHAT_PATH) {
      res
        .writeHead(404, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ error: { message: `No ${req.method} ${req.url} here.` } }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const body = parsed(rawBody);
      const n = requests.length;
      requests.push({ headers: req.headers, rawBody, body });
      const reply = script[n];
      const send = (): void => {
        if (!reply) {
          res.writeHead(500, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({
              error: { message: `Script exhausted: request ${n + 1}, ${script.length} replies scripted.` },
            }),
          );
        } else if (reply.kind === 'raw') {
          res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(reply.body);
        } else {
          const model =
            typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['model'] : undefined;
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(completion(reply, model, n));
        }
      };
      if (reply?.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, reply.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, LOOPBACK_ADDRESS, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK_ADDRESS}:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

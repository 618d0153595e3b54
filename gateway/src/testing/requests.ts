import { request } from 'node:http';
import { LOOPBACK_ADDRESS, SITES } from '@warrant/config';
import { startGateway } from '../start.ts';
import { startScriptedUpstream, type ScriptedReply, type ScriptedUpstream } from './scripted-upstream.ts';

// What the gateway's own tests share: a gateway in front of a scripted upstream, and the ways a
// client talks to it (a plain fetch, and a raw request whose body never ends).

export const DESK = SITES.desk.origin;

export interface Pair {
  readonly origin: string;
  /** The gateway's one-line description of itself. */
  readonly summary: string;
  readonly upstream: ScriptedUpstream;
  close(): Promise<void>;
}

/** A gateway on a free port whose upstream is a scripted server; `env` adds to or overrides the upstream's variables. */
export async function startPair(script: readonly ScriptedReply[], env: NodeJS.ProcessEnv = {}): Promise<Pair> {
  const upstream = await startScriptedUpstream(script);
  const gateway = await startGateway({
    port: 0,
    host: LOOPBACK_ADDRESS,
    env: { WARRANT_GATEWAY_UPSTREAM_URL: upstream.url, WARRANT_GATEWAY_MODEL: 'gateway-model', ...env },
  });
  return {
    origin: gateway.origin,
    summary: gateway.summary,
    upstream,
    close: async () => {
      await gateway.close();
      await upstream.close();
    },
  };
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly json: unknown;
}

export const CHAT = { messages: [{ role: 'user', content: 'Find shelter for four people tonight.' }] };

export async function post(
  origin: string,
  body: unknown,
  headers: Record<string, string> = {},
  path = '/v1/chat/completions',
): Promise<Answer> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: DESK, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: await response.json() };
}

export interface OpenBodyAnswer {
  readonly status: number;
  readonly json: unknown;
  /** Bytes of body written before the answer came. */
  readonly written: number;
}

/**
 * Sends a request head, then writes body bytes chunk by chunk without ever ending the body, and
 * resolves with the answer. An answer to a body that has not ended cannot come from anything
 * that parsed the body. With no Content-Length the body goes chunked, the case a server must count.
 */
export function postOpenBody(
  origin: string,
  options: { readonly headers: Record<string, string>; readonly chunkBytes: number; readonly maxBytes: number },
): Promise<OpenBodyAnswer> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = request(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: DESK, ...options.headers },
    });
    const chunk = Buffer.alloc(options.chunkBytes, 'a');
    const writeMore = (): void => {
      if (answered || written >= options.maxBytes) return;
      written += chunk.length;
      req.write(chunk, () => setImmediate(writeMore));
    };
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString('utf8')), written });
      });
    });
    // The server may close the connection on us once it has answered; only an error before any answer counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.flushHeaders();
    writeMore();
  });
}

// For tests only: one HTTP request as a client would send it over the wire, timed from the
// moment it is sent to the moment its answer's status arrives. Node's fetch cannot send a body
// that never ends (to show a chunked body is cut off as it passes the limit, not when it ends),
// and it hides whether a server answered before it read the whole body; node:http shows both.
import { request } from 'node:http';

export interface RawRequest {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent with its Content-Length, unless `chunked`. */
  readonly body?: string | Buffer;
  /** Sent chunked (no Content-Length), and kept open after `body` until the answer arrives. */
  readonly chunked?: boolean;
  /** A Content-Length to declare instead of the body's own: the request stays open, short of it, until answered. */
  readonly declaredLength?: number;
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The answer parsed as JSON, or { text } when it is not JSON. */
  readonly body: Record<string, unknown>;
  /** Milliseconds from sending to the answer's status line. */
  readonly ms: number;
}

export function rawRequest(port: number, sent: RawRequest): Promise<RawAnswer> {
  const { method = 'POST', path, headers = {}, body, chunked = false, declaredLength } = sent;
  const open = chunked || declaredLength !== undefined;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answered = false;
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...headers,
          ...(body !== undefined && !chunked
            ? { 'content-length': String(declaredLength ?? Buffer.byteLength(body)) }
            : {}),
          ...(chunked ? { 'transfer-encoding': 'chunked' } : {}),
        },
      },
      (response) => {
        answered = true;
        const ms = performance.now() - started;
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('error', () => undefined);
        response.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          let parsed: Record<string, unknown>;
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            parsed = { text };
          }
          if (open) outgoing.destroy();
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed, ms });
        });
      },
    );
    // A server that answers before reading the whole body may close the connection under a body
    // still being written: that is an answer, not a failure.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (body !== undefined) outgoing.write(body);
    if (!open) outgoing.end();
  });
}

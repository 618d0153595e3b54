import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAT, DESK, post, postOpenBody, startPair, type Pair } from './testing/requests.ts';

// The body cap is checked on bytes, before any parse: from Content-Length when the client states
// one, and by counting while the body streams when it does not. Every test here ends by asking
// the upstream what it saw: a refused body must never have cost a model call.

const CAP = 1024;
let pair: Pair;

beforeEach(async () => {
  pair = await startPair([{ kind: 'text', text: 'Two shelters have beds tonight.' }], {
    WARRANT_GATEWAY_MAX_BODY_BYTES: String(CAP),
  });
});
afterEach(() => pair.close());

/** Writes raw bytes on one connection and resolves with everything the server sent back before closing. */
function rawExchange(origin: string, bytes: readonly string[]): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    for (const part of bytes) socket.write(part);
  });
}

/** A chat request whose JSON body is exactly `bytes` bytes long. */
function chatOfBytes(bytes: number): string {
  const body = JSON.stringify({
    messages: [
      {
        role: 'user',
        content: 'x'.repeat(bytes - JSON.stringify({ messages: [{ role: 'user', content: '' }] }).length),
      },
    ],
  });
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
}

/**
 * Posts a whole body from the desk, either stating its Content-Length or streaming it chunked with
 * none (then only counting the bytes as they arrive can hold the cap), and reads the answer.
 */
function postBody(
  origin: string,
  body: string,
  framing: 'length' | 'chunked',
): Promise<{ status: number; json: unknown }> {
  const framingHeader =
    framing === 'length' ? { 'Content-Length': String(Buffer.byteLength(body)) } : { 'Transfer-Encoding': 'chunked' };
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: DESK, ...framingHeader },
    });
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString('utf8')) }),
      );
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    // Several writes, so a chunked body really arrives as several chunks.
    for (let at = 0; at < body.length; at += 300) req.write(body.slice(at, at + 300));
    req.end();
  });
}

describe('body size, checked before parsing', () => {
  // The edge itself: a cap that is one byte too large or too small passes every test far from it.
  for (const framing of ['length', 'chunked'] as const) {
    it(`accepts a body of exactly the cap and refuses one byte more, ${framing === 'length' ? 'with a Content-Length' : 'streamed with no Content-Length'}`, async () => {
      const over = await postBody(pair.origin, chatOfBytes(CAP + 1), framing);
      expect(over).toEqual({
        status: 413,
        json: { error: { code: 'BODY_TOO_LARGE', message: `The request body is larger than ${CAP} bytes.` } },
      });
      expect(pair.upstream.requests).toHaveLength(0);
      const exact = await postBody(pair.origin, chatOfBytes(CAP), framing);
      expect(exact.status).toBe(200);
      expect(pair.upstream.requests).toHaveLength(1);
    });
  }

  it('refuses a body with no Content-Length as soon as the streamed bytes pass the cap, while the body is still open', async () => {
    const answer = await postOpenBody(pair.origin, { headers: {}, chunkBytes: 256, maxBytes: 4 * 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({
      error: { code: 'BODY_TOO_LARGE', message: `The request body is larger than ${CAP} bytes.` },
    });
    // The body never ended, so nothing can have parsed it; and the refusal came long before the
    // client stopped writing, so the gateway did not read it to the end either.
    expect(answer.written).toBeGreaterThan(CAP);
    expect(answer.written).toBeLessThan(4 * 1024 * 1024);
    expect(pair.upstream.requests).toHaveLength(0);
  });

  it('refuses a declared Content-Length over the cap before a single body byte is sent', async () => {
    const answer = await postOpenBody(pair.origin, {
      headers: { 'Content-Length': String(10 * 1024 * 1024) },
      chunkBytes: 256,
      maxBytes: 0,
    });
    expect(answer.status).toBe(413);
    expect(answer.written).toBe(0);
    expect(pair.upstream.requests).toHaveLength(0);
  });

  it('accepts a streamed body of exactly the cap', async () => {
    const content = 'x'.repeat(CAP - JSON.stringify({ messages: [{ role: 'user', content: '' }] }).length);
    const body = JSON.stringify({ messages: [{ role: 'user', content }] });
    expect(Buffer.byteLength(body)).toBe(CAP);
    const answer = await post(pair.origin, body);
    expect(answer.status).toBe(200);
    expect(pair.upstream.requests).toHaveLength(1);
  });

  it('reads no more than a Content-Length that understates the body: the excess is never body, and never reaches the model', async () => {
    const declared = JSON.stringify(CHAT);
    const head = `POST /v1/chat/completions HTTP/1.1\r\nHost: gateway\r\nOrigin: ${DESK}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(declared)}\r\n\r\n`;
    const smuggled = JSON.stringify({
      messages: Array.from({ length: 50 }, () => ({ role: 'user', content: 'y'.repeat(1000) })),
    });
    const answer = await rawExchange(pair.origin, [head + declared, smuggled]);
    // Node's HTTP parser frames the body by the declared length and reads the excess as the
    // start of another request, which it refuses and closes the connection on.
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    for (const seen of pair.upstream.requests) expect(seen.rawBody).not.toContain('yyy');
  });

  it('refuses a Content-Length sent alongside chunked encoding, the header pair used to slip past a length check', async () => {
    const head = `POST /v1/chat/completions HTTP/1.1\r\nHost: gateway\r\nOrigin: ${DESK}\r\nContent-Type: application/json\r\nContent-Length: 10\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = 'z'.repeat(4 * CAP);
    const answer = await rawExchange(pair.origin, [head, `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`]);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(pair.upstream.requests).toHaveLength(0);
  });
});

import { SITES } from '@warrant/config';
import { gatewayAppFromEnv } from '@warrant/gateway/app';
import { median, round, timing, type BenchResult } from './measure.ts';

// The gateway refuses an oversized body on its byte count, before any parse. If that is true,
// the time to refuse does not depend on how big the body is, and is far below the time to parse
// it. Measured in process through the app's own fetch handler (origin check, CORS, body cap), so
// the number is the gateway's work and not the loopback's.

const BODY_MIB = 8;
const CHUNK_BYTES = 64 * 1024;
const WARM_UP = 500;
const SAMPLES = 2000;

/** A valid chat request of about `mib` MiB: if anything parsed it, the parse would succeed. */
function chatBody(mib: number): Uint8Array {
  const message = { role: 'user', content: 'x'.repeat(1000) };
  const count = Math.ceil((mib * 1024 * 1024) / JSON.stringify(message).length);
  return new TextEncoder().encode(JSON.stringify({ messages: Array.from({ length: count }, () => message) }));
}

/** The body as a pull stream of chunks, counting what the reader actually pulled. `totalBytes` may exceed the body: chunks repeat. */
function streamed(body: Uint8Array, totalBytes: number, pulled: { bytes: number }): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= totalBytes) {
        controller.close();
        return;
      }
      const start = offset % body.length;
      const chunk = body.subarray(start, Math.min(start + CHUNK_BYTES, body.length, start + totalBytes - offset));
      offset += chunk.length;
      pulled.bytes += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

function chatRequest(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Request {
  // Node needs `duplex` to send a stream as a body; the DOM's RequestInit does not declare it.
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: SITES.desk.origin, ...headers },
    body,
    duplex: 'half',
  };
  return new Request(`${SITES.gateway.origin}/v1/chat/completions`, init);
}

async function timeRefusals(
  app: ReturnType<typeof gatewayAppFromEnv>,
  make: (pulled: { bytes: number }) => Request,
): Promise<{ times: number[]; medianUs: number; pulledBytes: number }> {
  const times: number[] = [];
  let pulledBytes = 0;
  for (let i = 0; i < WARM_UP + SAMPLES; i += 1) {
    const pulled = { bytes: 0 };
    const request = make(pulled);
    const start = performance.now();
    const response = await app.fetch(request);
    await response.text();
    const elapsed = performance.now() - start;
    if (response.status !== 413) throw new Error(`expected 413 BODY_TOO_LARGE, got ${response.status}`);
    if (i >= WARM_UP) times.push(elapsed * 1000);
    pulledBytes = Math.max(pulledBytes, pulled.bytes);
  }
  return { times, medianUs: median(times), pulledBytes };
}

function parseMedianUs(body: Uint8Array): number {
  const times: number[] = [];
  for (let i = 0; i < 3 + 15; i += 1) {
    const start = performance.now();
    JSON.parse(new TextDecoder().decode(body));
    const elapsed = performance.now() - start;
    if (i >= 3) times.push(elapsed * 1000);
  }
  return median(times);
}

export async function gatewayBenchmarks(): Promise<BenchResult[]> {
  // Configured as in use, but no request here reaches the upstream: every one is refused first.
  const app = gatewayAppFromEnv({
    WARRANT_GATEWAY_UPSTREAM_URL: 'http://upstream.invalid/v1',
    WARRANT_GATEWAY_MODEL: 'bench',
  });
  const body = chatBody(BODY_MIB);
  const chunked = await timeRefusals(app, (pulled) => chatRequest(streamed(body, body.length, pulled)));
  const eightTimes = await timeRefusals(app, (pulled) => chatRequest(streamed(body, 8 * body.length, pulled)));
  const declared = await timeRefusals(app, (pulled) =>
    chatRequest(streamed(body, body.length, pulled), { 'Content-Length': String(body.length) }),
  );
  const parseUs = parseMedianUs(body);
  const mib = (bytes: number) => round(bytes / 1024 / 1024, 1);
  return [
    timing(
      {
        id: 'gateway.rejects_oversize_us',
        unit: 'µs',
        goal: 'report',
        digits: 1,
        note:
          `${SAMPLES} refusals (after ${WARM_UP} to warm up) of a valid ${mib(body.length)} MiB chat request streamed with no Content-Length against the default 128 KiB cap, through the app's fetch handler in process (no socket); Node ${process.version}. ` +
          `At most ${Math.round(chunked.pulledBytes / 1024)} KiB of it was ever pulled from the stream (the cap, then the stream's read-ahead). ` +
          `Eight times that body (${mib(8 * body.length)} MiB, the same chunks repeated) is refused in ${round(eightTimes.medianUs, 1)} µs median with ${Math.round(eightTimes.pulledBytes / 1024)} KiB pulled; ` +
          `the ${mib(body.length)} MiB body with its Content-Length declared is refused in ${round(declared.medianUs, 1)} µs median with ${Math.round(declared.pulledBytes / 1024)} KiB pulled (the stream's read-ahead only: the gateway reads none). ` +
          `Decoding and JSON.parse of the ${mib(body.length)} MiB body alone takes ${round(parseUs / 1000, 1)} ms (median of 15), ${Math.round(parseUs / chunked.medianUs)}× the refusal.`,
      },
      chunked.times,
    ),
  ];
}

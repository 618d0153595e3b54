import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BOUNDS } from './bounds.ts';
import { CHAT, DESK, post, startPair, type Pair } from './testing/requests.ts';

const OTHER = 'https://elsewhere.example';
let pair: Pair;

beforeEach(async () => {
  pair = await startPair([{ kind: 'text', text: 'Two shelters have beds tonight.' }], {
    WARRANT_GATEWAY_MAX_BODY_BYTES: '1024',
  });
});
afterEach(() => pair.close());

function preflight(origin: string): Promise<Response> {
  return fetch(`${pair.origin}/v1/chat/completions`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
}

describe('CORS for the desk origin only', () => {
  it("answers the desk's preflight with permission to POST JSON", async () => {
    const response = await preflight(DESK);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(DESK);
    expect(response.headers.get('access-control-allow-methods')?.split(',')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toContain('content-type');
  });

  it("refuses another origin's preflight with a 403 JSON error and no CORS permission", async () => {
    const response = await preflight(OTHER);
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toMatchObject({ error: { code: 'ORIGIN_REFUSED' } });
  });

  it('refuses a POST from another origin before it reaches the model or spends the allowance', async () => {
    const answer = await post(pair.origin, CHAT, { Origin: OTHER });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ error: { code: 'ORIGIN_REFUSED' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(pair.upstream.requests).toHaveLength(0);
    const health = await fetch(`${pair.origin}/health`);
    expect(await health.json()).toMatchObject({ allowance: { left: DEFAULT_BOUNDS.dailyRequests } });
  });

  // An exact comparison is the whole check: origins that merely start with the desk's (another
  // port that begins with its digits, a host that begins with its name and port) or contain it are
  // other sites. Built from the registry so they follow the desk wherever its port is set.
  it("refuses origins that share the desk's prefix, before the model and without spending the allowance", async () => {
    const desk = new URL(DESK);
    const lookalikes = [`${DESK}0`, `${DESK}.evil.example`, `${desk.protocol}//evil.${desk.host}`];
    for (const origin of lookalikes) {
      expect(origin).not.toBe(DESK);
      const answer = await post(pair.origin, CHAT, { Origin: origin });
      expect(answer.status).toBe(403);
      expect(answer.json).toMatchObject({ error: { code: 'ORIGIN_REFUSED' } });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect((await preflight(origin)).status).toBe(403);
    }
    expect(pair.upstream.requests).toHaveLength(0);
    const health = await fetch(`${pair.origin}/health`);
    expect(await health.json()).toMatchObject({ allowance: { left: DEFAULT_BOUNDS.dailyRequests } });
  });

  it("refuses the opaque origin 'null' (a sandboxed frame, a file)", async () => {
    const answer = await post(pair.origin, CHAT, { Origin: 'null' });
    expect(answer.status).toBe(403);
    expect(pair.upstream.requests).toHaveLength(0);
  });

  it('lets the desk read both a completion and a refusal', async () => {
    const ok = await post(pair.origin, CHAT);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(DESK);
    const tooBig = await post(pair.origin, { messages: [{ role: 'user', content: 'x'.repeat(2048) }] });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('access-control-allow-origin')).toBe(DESK);
  });

  it('serves a client that is no web page (no Origin header), such as curl', async () => {
    const response = await fetch(`${pair.origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(CHAT),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

import { LOOPBACK_ADDRESS } from '@warrant/config';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway } from './start.ts';
import { CHAT, post, startPair, type Pair } from './testing/requests.ts';
import { startScriptedUpstream } from './testing/scripted-upstream.ts';

const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'read_capacity',
      description: 'Beds free tonight at a partner site.',
      parameters: { type: 'object', properties: { site: { type: 'string' } } },
    },
  },
];

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});
async function pairOf(...args: Parameters<typeof startPair>): Promise<Pair> {
  const pair = await startPair(...args);
  open.push(pair);
  return pair;
}

describe('what the upstream is sent', () => {
  it("overwrites the model and max_tokens with the gateway's own, and passes tools and tool_choice on", async () => {
    const pair = await pairOf([{ kind: 'text', text: 'ok' }], { WARRANT_GATEWAY_MAX_TOKENS: '256' });
    const answer = await post(pair.origin, {
      ...CHAT,
      model: 'the-most-expensive-model',
      max_tokens: 100_000,
      tools: TOOLS,
      tool_choice: 'auto',
    });
    expect(answer.status).toBe(200);
    expect(pair.upstream.requests).toHaveLength(1);
    expect(pair.upstream.requests[0]?.body).toEqual({
      ...CHAT,
      model: 'gateway-model',
      max_tokens: 256,
      stream: false,
      tools: TOOLS,
      tool_choice: 'auto',
    });
  });

  it('drops fields that would multiply the cost, such as n', async () => {
    const pair = await pairOf([{ kind: 'text', text: 'ok' }]);
    await post(pair.origin, { ...CHAT, n: 50, max_completion_tokens: 100_000, temperature: 2 });
    const seen = pair.upstream.requests[0]?.body as Record<string, unknown>;
    expect(Object.keys(seen).sort()).toEqual(['max_tokens', 'messages', 'model', 'stream']);
  });

  it('sends the configured key to the upstream as a Bearer token, and never a key the client sent', async () => {
    const pair = await pairOf([{ kind: 'text', text: 'ok' }], { WARRANT_GATEWAY_UPSTREAM_KEY: 'sk-gateway-secret' });
    const answer = await post(pair.origin, CHAT, { Authorization: 'Bearer sk-client' });
    expect(pair.upstream.requests[0]?.headers['authorization']).toBe('Bearer sk-gateway-secret');
    expect(JSON.stringify(answer.json)).not.toContain('sk-gateway-secret');
  });

  it('sends no Authorization header when no key is configured', async () => {
    const pair = await pairOf([{ kind: 'text', text: 'ok' }]);
    await post(pair.origin, CHAT, { Authorization: 'Bearer sk-client' });
    expect(pair.upstream.requests[0]?.headers['authorization']).toBeUndefined();
  });
});

describe('what the client gets back', () => {
  it("returns the model's tool calls as the upstream sent them", async () => {
    const pair = await pairOf([
      { kind: 'tool_calls', calls: [{ name: 'read_capacity', arguments: { site: 'shelter' } }] },
      { kind: 'text', text: 'Shelter has 6 beds.' },
    ]);
    const first = await post(pair.origin, { ...CHAT, tools: TOOLS });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      choices: [
        {
          finish_reason: 'tool_calls',
          message: {
            tool_calls: [{ type: 'function', function: { name: 'read_capacity', arguments: '{"site":"shelter"}' } }],
          },
        },
      ],
    });
    const second = await post(pair.origin, {
      messages: [
        ...CHAT.messages,
        { role: 'assistant', content: null, tool_calls: [] },
        { role: 'tool', tool_call_id: 'call_0_0', content: '{"beds":6}' },
      ],
    });
    expect(second.json).toMatchObject({ choices: [{ message: { content: 'Shelter has 6 beds.' } }] });
  });

  it('answers 502 UPSTREAM_UNREACHABLE when the model server is down', async () => {
    const stopped = await startScriptedUpstream([]);
    await stopped.close();
    const gateway = await startGateway({
      port: 0,
      host: LOOPBACK_ADDRESS,
      env: { WARRANT_GATEWAY_UPSTREAM_URL: stopped.url, WARRANT_GATEWAY_MODEL: 'm' },
    });
    open.push(gateway);
    const answer = await post(gateway.origin, CHAT);
    expect(answer.status).toBe(502);
    expect(answer.json).toMatchObject({ error: { code: 'UPSTREAM_UNREACHABLE' } });
  });

  it('answers 504 UPSTREAM_TIMEOUT when the model is slower than the timeout, without waiting for it', async () => {
    const pair = await pairOf([{ kind: 'text', text: 'late', delayMs: 5_000 }], {
      WARRANT_GATEWAY_UPSTREAM_TIMEOUT_MS: '200',
    });
    const started = performance.now();
    const answer = await post(pair.origin, CHAT);
    expect(answer.status).toBe(504);
    expect(answer.json).toEqual({
      error: { code: 'UPSTREAM_TIMEOUT', message: 'The model did not answer within 200 ms.' },
    });
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it.each([
    ['not JSON', '<html>Bad gateway</html>'],
    ['JSON with no choices', '{"id":"x","object":"chat.completion"}'],
    ['a choice with no message', '{"choices":[{"index":0,"text":"hi"}]}'],
    [
      'tool_calls that are not a list',
      '{"choices":[{"message":{"role":"assistant","content":null,"tool_calls":"read_capacity"}}]}',
    ],
  ])('answers 502 UPSTREAM_MALFORMED when the upstream replies %s', async (_what, body) => {
    const pair = await pairOf([{ kind: 'raw', status: 200, body }]);
    const answer = await post(pair.origin, CHAT);
    expect(answer.status).toBe(502);
    expect(answer.json).toMatchObject({ error: { code: 'UPSTREAM_MALFORMED' } });
  });

  it('answers 502 UPSTREAM_REFUSED with the status when the upstream fails the call', async () => {
    const pair = await pairOf([
      { kind: 'raw', status: 401, body: '{"error":{"message":"Incorrect API key provided: sk-gat***"}}' },
    ]);
    const answer = await post(pair.origin, CHAT);
    expect(answer.status).toBe(502);
    expect(answer.json).toEqual({
      error: { code: 'UPSTREAM_REFUSED', message: 'The model server answered HTTP 401.' },
    });
  });
});

describe('no upstream configured', () => {
  it('answers 503 NO_MODEL_CONFIGURED, naming what is missing, and says so on /health', async () => {
    const gateway = await startGateway({ port: 0, host: LOOPBACK_ADDRESS, env: {} });
    open.push(gateway);
    const answer = await post(gateway.origin, CHAT);
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({
      error: {
        code: 'NO_MODEL_CONFIGURED',
        message:
          'The gateway has no model configured: WARRANT_GATEWAY_UPSTREAM_URL and WARRANT_GATEWAY_MODEL are not set.',
      },
    });
    const health = await fetch(`${gateway.origin}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, modelConfigured: false, model: null });
  });
});

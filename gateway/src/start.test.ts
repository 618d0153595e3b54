import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { LOOPBACK_ADDRESS } from '@warrant/config';
import { describe, expect, it } from 'vitest';
import { startGateway } from './start.ts';
import { startPair } from './testing/requests.ts';

describe('startGateway', () => {
  it('serves /health with the model and the allowance left, and stops on close', async () => {
    const pair = await startPair([], { WARRANT_GATEWAY_DAILY_REQUESTS: '7' });
    const health = await fetch(`${pair.origin}/health`);
    expect(await health.json()).toEqual({
      ok: true,
      modelConfigured: true,
      model: 'gateway-model',
      allowance: { limit: 7, left: 7, resetsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/) },
    });
    await pair.close();
    await expect(fetch(`${pair.origin}/health`)).rejects.toThrow();
  });

  it('answers an unknown path with 404 NOT_FOUND as JSON', async () => {
    const gateway = await startGateway({ port: 0, host: LOOPBACK_ADDRESS, env: {} });
    const response = await fetch(`${gateway.origin}/v1/completions`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    await gateway.close();
  });

  it('describes itself in one line: the model and where it is forwarded, or why there is none and what to set', async () => {
    const pair = await startPair([]);
    expect(pair.summary).toBe(`model gateway-model via ${pair.upstream.url}`);
    await pair.close();
    const none = await startGateway({ port: 0, host: LOOPBACK_ADDRESS, env: {} });
    expect(none.summary).toBe('no model: set WARRANT_GATEWAY_UPSTREAM_URL and WARRANT_GATEWAY_MODEL');
    await none.close();
    const half = await startGateway({
      port: 0,
      host: LOOPBACK_ADDRESS,
      env: { WARRANT_GATEWAY_UPSTREAM_URL: 'http://127.0.0.1:9/v1' },
    });
    expect(half.summary).toBe('no model: set WARRANT_GATEWAY_MODEL');
    await half.close();
    for (const line of [pair.summary, none.summary, half.summary]) expect(line).not.toContain('\n');
  });

  it('closes connections whose request head has not arrived within the header bound, each one, and still serves', async () => {
    const headerTimeoutMs = 600;
    const gateway = await startGateway({ port: 0, host: LOOPBACK_ADDRESS, env: {}, headerTimeoutMs });
    const { hostname, port } = new URL(gateway.origin);
    // Each connection sends part of a head, then one more header line now and then, never the end.
    const slow = Array.from({ length: 30 }, () => {
      const opened = Date.now();
      const socket = connect(Number(port), hostname);
      socket.write('POST /v1/chat/completions HTTP/1.1\r\nHost: gateway\r\n');
      const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      return new Promise<{ openMs: number; received: string }>((resolve) =>
        socket.on('close', () => {
          clearInterval(drip);
          resolve({ openMs: Date.now() - opened, received });
        }),
      );
    });
    const closed = await Promise.all(slow);
    // The server, not the test, ended every one: closed after the bound, well before a minute.
    for (const { openMs, received } of closed) {
      expect(openMs).toBeGreaterThanOrEqual(headerTimeoutMs - 50);
      expect(openMs).toBeLessThan(10_000);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
    }
    expect((await fetch(`${gateway.origin}/health`)).status).toBe(200);
    await gateway.close();
  });

  it('rejects a variable set to a value it cannot use', async () => {
    await expect(
      startGateway({ port: 0, host: LOOPBACK_ADDRESS, env: { WARRANT_GATEWAY_MAX_MESSAGES: 'many' } }),
    ).rejects.toThrow('WARRANT_GATEWAY_MAX_MESSAGES');
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, LOOPBACK_ADDRESS, resolve));
    const { port } = taken.address() as AddressInfo;
    await expect(startGateway({ port, host: LOOPBACK_ADDRESS, env: {} })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise<void>((resolve) => taken.close(() => resolve()));
  });
});

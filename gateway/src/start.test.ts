import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it('rejects a variable set to a value it cannot use', async () => {
    await expect(startGateway({ port: 0, host: LOOPBACK_ADDRESS, env: { WARRANT_GATEWAY_MAX_MESSAGES: 'many' } })).rejects.toThrow('WARRANT_GATEWAY_MAX_MESSAGES');
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, LOOPBACK_ADDRESS, resolve));
    const { port } = taken.address() as AddressInfo;
    await expect(startGateway({ port, host: LOOPBACK_ADDRESS, env: {} })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await new Promise<void>((resolve) => taken.close(() => resolve()));
  });
});

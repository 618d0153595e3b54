import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createAllowance } from './allowance.ts';
import { CHAT, post, startPair, type Pair } from './testing/requests.ts';

describe('createAllowance', () => {
  it('spends one request at a time until none is left, then refuses until the next UTC midnight', () => {
    let now = Date.parse('2025-03-09T23:59:58.500Z');
    const allowance = createAllowance(2, () => now);
    expect(allowance.take()).toEqual({ ok: true, left: 1 });
    expect(allowance.take()).toEqual({ ok: true, left: 0 });
    expect(allowance.take()).toEqual({ ok: false, resetsAt: '2025-03-10T00:00:00.000Z', retryAfterSeconds: 2 });
    expect(allowance.left()).toBe(0);
    now = Date.parse('2025-03-10T00:00:00.000Z');
    expect(allowance.left()).toBe(2);
    expect(allowance.resetsAt()).toBe('2025-03-11T00:00:00.000Z');
    expect(allowance.take()).toEqual({ ok: true, left: 1 });
  });

  it('counts by UTC day, not by the local one or by 24 hours from the first request', () => {
    let now = Date.parse('2025-06-01T00:00:00.000Z');
    const allowance = createAllowance(1, () => now);
    expect(allowance.take().ok).toBe(true);
    now = Date.parse('2025-06-01T23:59:59.999Z');
    expect(allowance.take().ok).toBe(false);
    now += 1;
    expect(allowance.take().ok).toBe(true);
  });

  it('never grants more than the limit within one UTC day, and refuses only when the day is spent', () => {
    const DAY = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: DAY / 3 }), { maxLength: 60 }),
        (limit, steps) => {
          let now = Date.parse('2025-01-01T00:00:00.000Z');
          const allowance = createAllowance(limit, () => now);
          const granted = new Map<number, number>();
          for (const step of steps) {
            now += step;
            const day = Math.floor(now / DAY);
            const before = granted.get(day) ?? 0;
            const taken = allowance.take();
            if (taken.ok !== before < limit) return false;
            if (taken.ok) granted.set(day, before + 1);
          }
          return true;
        },
      ),
    );
  });
});

describe('the allowance over HTTP', () => {
  let pair: Pair;
  afterEach(() => pair.close());

  it('forwards the allowed number of requests, then answers 429 ALLOWANCE_SPENT with Retry-After', async () => {
    pair = await startPair(
      [
        { kind: 'text', text: 'one' },
        { kind: 'text', text: 'two' },
        { kind: 'text', text: 'three' },
      ],
      { WARRANT_GATEWAY_DAILY_REQUESTS: '2' },
    );
    expect((await post(pair.origin, CHAT)).status).toBe(200);
    expect((await post(pair.origin, CHAT)).status).toBe(200);
    const spent = await post(pair.origin, CHAT);
    expect(spent.status).toBe(429);
    expect(spent.json).toMatchObject({ error: { code: 'ALLOWANCE_SPENT' } });
    const retryAfter = Number(spent.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(pair.upstream.requests).toHaveLength(2);
    expect(await (await fetch(`${pair.origin}/health`)).json()).toMatchObject({ allowance: { limit: 2, left: 0 } });
  });

  it('spends nothing on a request it refuses for its shape', async () => {
    pair = await startPair([{ kind: 'text', text: 'one' }], { WARRANT_GATEWAY_DAILY_REQUESTS: '1' });
    expect((await post(pair.origin, { messages: 'hello' })).status).toBe(400);
    expect((await post(pair.origin, CHAT)).status).toBe(200);
  });
});

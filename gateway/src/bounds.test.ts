import { describe, expect, it } from 'vitest';
import { BOUND_ENV, boundsFromEnv, DEFAULT_BOUNDS } from './bounds.ts';

describe('boundsFromEnv', () => {
  it('uses the defaults when nothing is set, or a variable is empty', () => {
    expect(boundsFromEnv({})).toEqual(DEFAULT_BOUNDS);
    expect(boundsFromEnv({ WARRANT_GATEWAY_MAX_TOKENS: ' ' })).toEqual(DEFAULT_BOUNDS);
  });

  it('reads every bound from its own variable', () => {
    const env = {
      WARRANT_GATEWAY_MAX_BODY_BYTES: '2048',
      WARRANT_GATEWAY_MAX_MESSAGES: '8',
      WARRANT_GATEWAY_MAX_TOKENS: '64',
      WARRANT_GATEWAY_DAILY_REQUESTS: '3',
      WARRANT_GATEWAY_UPSTREAM_TIMEOUT_MS: '1500',
    };
    expect(boundsFromEnv(env)).toEqual({
      maxBodyBytes: 2048,
      maxMessages: 8,
      maxTokens: 64,
      dailyRequests: 3,
      upstreamTimeoutMs: 1500,
    });
  });

  it.each(['0', '-5', '1.5', '12kb', '1e3', '99999999999999999999'])(
    'stops on %j rather than falling back to a default',
    (value) => {
      expect(() => boundsFromEnv({ [BOUND_ENV.maxBodyBytes]: value })).toThrow(
        `WARRANT_GATEWAY_MAX_BODY_BYTES must be a positive whole number; it is "${value}".`,
      );
    },
  );
});

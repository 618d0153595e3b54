import { describe, expect, it } from 'vitest';
import { upstreamFromEnv } from './upstream.ts';

describe('upstreamFromEnv', () => {
  it('is not configured, and says what is missing, until both URL and model are set', () => {
    expect(upstreamFromEnv({})).toEqual({
      configured: false,
      reason: 'WARRANT_GATEWAY_UPSTREAM_URL and WARRANT_GATEWAY_MODEL are not set.',
      unset: ['WARRANT_GATEWAY_UPSTREAM_URL', 'WARRANT_GATEWAY_MODEL'],
    });
    expect(upstreamFromEnv({ WARRANT_GATEWAY_MODEL: 'llama3.2' })).toEqual({
      configured: false,
      reason: 'WARRANT_GATEWAY_UPSTREAM_URL is not set.',
      unset: ['WARRANT_GATEWAY_UPSTREAM_URL'],
    });
    expect(upstreamFromEnv({ WARRANT_GATEWAY_UPSTREAM_URL: 'http://models.example:11434/v1' })).toEqual({
      configured: false,
      reason: 'WARRANT_GATEWAY_MODEL is not set.',
      unset: ['WARRANT_GATEWAY_MODEL'],
    });
  });

  it('takes a base URL with or without a trailing slash, and the key only when one is given', () => {
    expect(
      upstreamFromEnv({
        WARRANT_GATEWAY_UPSTREAM_URL: 'http://models.example:8080/v1/',
        WARRANT_GATEWAY_MODEL: 'qwen',
      }),
    ).toEqual({
      configured: true,
      upstream: { url: 'http://models.example:8080/v1', key: null, model: 'qwen' },
    });
    expect(
      upstreamFromEnv({
        WARRANT_GATEWAY_UPSTREAM_URL: 'https://api.example/v1',
        WARRANT_GATEWAY_MODEL: 'm',
        WARRANT_GATEWAY_UPSTREAM_KEY: 'sk-1',
      }),
    ).toMatchObject({
      upstream: { key: 'sk-1' },
    });
  });

  it.each([
    'models.example:8080',
    'ftp://models.example/v1',
    'http://user:pw@models.example/v1',
    'http://models.example/v1?key=1',
  ])('stops on an unusable URL %j', (url) => {
    expect(() => upstreamFromEnv({ WARRANT_GATEWAY_UPSTREAM_URL: url, WARRANT_GATEWAY_MODEL: 'm' })).toThrow(
      /^WARRANT_GATEWAY_UPSTREAM_URL /,
    );
  });
});

// What one request may cost. The gateway spends a provider's tokens on behalf of anyone the desk
// serves, so each bound is the gateway's own number: a client can ask for less work, never more.

export interface Bounds {
  /** Largest request body accepted, checked before the body is parsed. */
  readonly maxBodyBytes: number;
  /** Most messages one conversation may carry. */
  readonly maxMessages: number;
  /** Written over whatever `max_tokens` the client sent. */
  readonly maxTokens: number;
  /** Requests forwarded per UTC day, for the whole gateway. */
  readonly dailyRequests: number;
  /** How long the upstream has to answer, body included. */
  readonly upstreamTimeoutMs: number;
}

export const DEFAULT_BOUNDS: Bounds = {
  // The desk's seven tool declarations plus a long agent turn fit in well under this.
  maxBodyBytes: 128 * 1024,
  maxMessages: 64,
  maxTokens: 1024,
  dailyRequests: 500,
  // A local model on a laptop CPU can take tens of seconds for one completion.
  upstreamTimeoutMs: 60_000,
};

export const BOUND_ENV: Readonly<Record<keyof Bounds, string>> = {
  maxBodyBytes: 'WARRANT_GATEWAY_MAX_BODY_BYTES',
  maxMessages: 'WARRANT_GATEWAY_MAX_MESSAGES',
  maxTokens: 'WARRANT_GATEWAY_MAX_TOKENS',
  dailyRequests: 'WARRANT_GATEWAY_DAILY_REQUESTS',
  upstreamTimeoutMs: 'WARRANT_GATEWAY_UPSTREAM_TIMEOUT_MS',
};

/**
 * Reads each bound from its variable, or its default when unset or empty. A value that is set but
 * is not a positive whole number stops the start: a typo must not silently become a default.
 */
export function boundsFromEnv(env: NodeJS.ProcessEnv): Bounds {
  const read = (key: keyof Bounds): number => {
    const name = BOUND_ENV[key];
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') return DEFAULT_BOUNDS[key];
    if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
      throw new Error(`${name} must be a positive whole number; it is ${JSON.stringify(raw)}.`);
    }
    return Number(raw);
  };
  return {
    maxBodyBytes: read('maxBodyBytes'),
    maxMessages: read('maxMessages'),
    maxTokens: read('maxTokens'),
    dailyRequests: read('dailyRequests'),
    upstreamTimeoutMs: read('upstreamTimeoutMs'),
  };
}

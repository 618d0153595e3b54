// The one model the gateway forwards to, named by environment. Unset is a normal state (the
// desk works with the gateway off); set but wrong is an operator's mistake and stops the start.

const UPSTREAM_ENV = {
  url: 'WARRANT_GATEWAY_UPSTREAM_URL',
  key: 'WARRANT_GATEWAY_UPSTREAM_KEY',
  model: 'WARRANT_GATEWAY_MODEL',
} as const;

export interface Upstream {
  /** Base URL of an OpenAI-compatible API, up to and including its `/v1`; no trailing slash. */
  readonly url: string;
  /** Sent to the upstream as a Bearer token, and to nothing else; null when the upstream needs none. */
  readonly key: string | null;
  readonly model: string;
}

export type UpstreamSetting =
  | { readonly configured: true; readonly upstream: Upstream }
  | {
      readonly configured: false;
      readonly reason: string;
      /** The variables to set for a model. */ readonly unset: readonly string[];
    };

export function upstreamFromEnv(env: NodeJS.ProcessEnv): UpstreamSetting {
  const url = env[UPSTREAM_ENV.url]?.trim() ?? '';
  const model = env[UPSTREAM_ENV.model]?.trim() ?? '';
  const key = env[UPSTREAM_ENV.key]?.trim() ?? '';
  const unset = [...(url === '' ? [UPSTREAM_ENV.url] : []), ...(model === '' ? [UPSTREAM_ENV.model] : [])];
  if (unset.length > 0)
    return { configured: false, reason: `${unset.join(' and ')} ${unset.length > 1 ? 'are' : 'is'} not set.`, unset };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${UPSTREAM_ENV.url} is not a URL: ${JSON.stringify(url)}.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`${UPSTREAM_ENV.url} must be an http or https URL; it is ${JSON.stringify(url)}.`);
  }
  if (parsed.search !== '' || parsed.hash !== '' || parsed.username !== '' || parsed.password !== '') {
    throw new Error(
      `${UPSTREAM_ENV.url} must be a plain base URL (no query, fragment or credentials; the key goes in ${UPSTREAM_ENV.key}).`,
    );
  }
  return { configured: true, upstream: { url: parsed.href.replace(/\/+$/, ''), key: key === '' ? null : key, model } };
}

/** The setting in one line, for a person starting the gateway: what it forwards to, or what to set. */
export function describeUpstream(setting: UpstreamSetting): string {
  return setting.configured
    ? `model ${setting.upstream.model} via ${setting.upstream.url}`
    : `no model: set ${setting.unset.join(' and ')}`;
}

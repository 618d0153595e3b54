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

export type UpstreamSetting = { readonly configured: true; readonly upstream: Upstream } | { readonly configured: false; readonly reason: string };

export function upstreamFromEnv(env: NodeJS.ProcessEnv): UpstreamSetting {
  const url = env[UPSTREAM_ENV.url]?.trim() ?? '';
  const model = env[UPSTREAM_ENV.model]?.trim() ?? '';
  const key = env[UPSTREAM_ENV.key]?.trim() ?? '';
  if (url === '' && model === '') return { configured: false, reason: `${UPSTREAM_ENV.url} and ${UPSTREAM_ENV.model} are not set.` };
  if (url === '') return { configured: false, reason: `${UPSTREAM_ENV.url} is not set.` };
  if (model === '') return { configured: false, reason: `${UPSTREAM_ENV.model} is not set.` };
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
    throw new Error(`${UPSTREAM_ENV.url} must be a plain base URL (no query, fragment or credentials; the key goes in ${UPSTREAM_ENV.key}).`);
  }
  return { configured: true, upstream: { url: parsed.href.replace(/\/+$/, ''), key: key === '' ? null : key, model } };
}

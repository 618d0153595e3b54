// Where the agent's model is: the desk's model gateway (no key), or a chat-completions endpoint
// the person names, with their key. The key is kept in this object only, for the turn that uses
// it: it goes out in that endpoint's Authorization header and nowhere else. An endpoint the desk's
// own CSP would block is refused here, before anything is sent.
import { headersFor, SITES } from '@warrant/config';
import { connectAllowed } from './connect-src.ts';
import { onThisComputer, reachWords, TO_ADD_AN_ENDPOINT } from './reach-words.ts';

export interface Endpoint {
  readonly kind: 'gateway' | 'own';
  /** The chat-completions URL requests are posted to. */
  readonly url: string;
  /** Sent as `Authorization: Bearer …` to `url` only; null sends no Authorization header. */
  readonly key: string | null;
  /** The model asked for; null leaves the choice to the endpoint (the gateway names its own). */
  readonly model: string | null;
}

export type EndpointChoice =
  | { readonly ok: true; readonly endpoint: Endpoint }
  | { readonly ok: false; readonly code: string; readonly message: string };

export const GATEWAY_ENDPOINT: Endpoint = {
  kind: 'gateway',
  url: `${SITES.gateway.origin}/v1/chat/completions`,
  key: null,
  model: null,
};

const CHAT_PATH = '/chat/completions';
// A header value: visible ASCII. Eight characters at least, because a reply that holds the key
// anywhere is refused unread (chat-completions.ts), and a shorter key would turn up by chance.
const KEY = /^[\x21-\x7e]{8,512}$/;
const MODEL = /^[\x21-\x7e]{1,128}$/;

/**
 * The desk's policy as built into the page, with no endpoint of the person's own: what the panel
 * assumes only when it cannot read the policy its page was served with (served-policy.ts).
 */
export const DESK_CSP = headersFor(SITES.desk)['Content-Security-Policy'] ?? '';

/**
 * The person's own endpoint, checked: a URL of its chat-completions route (or of the API base,
 * up to and including /v1, which gets /chat/completions added), an origin the desk's CSP allows
 * (`csp`: the policy the page was served with), and a key and model name that can travel in a request.
 */
export function ownEndpoint(
  given: { readonly url: string; readonly key: string; readonly model: string },
  csp: string = DESK_CSP,
  self: string = SITES.desk.origin,
): EndpointChoice {
  let url: URL;
  try {
    url = new URL(given.url.trim());
  } catch {
    return {
      ok: false,
      code: 'ENDPOINT_NOT_A_URL',
      message:
        'The endpoint is not a URL. Give its chat completions address, e.g. http://127.0.0.1:8080/v1/chat/completions.',
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, code: 'ENDPOINT_NOT_HTTP', message: 'The endpoint must be an http or https address.' };
  if (url.username || url.password)
    return {
      ok: false,
      code: 'ENDPOINT_HOLDS_CREDENTIALS',
      message: 'Put the key in the key field, not in the address. Nothing was sent.',
    };
  if (!connectAllowed(csp, url, self)) {
    const remedy = onThisComputer(url)
      ? TO_ADD_AN_ENDPOINT
      : 'A hosted model is reached through the gateway: run it with that model as its upstream.';
    return {
      ok: false,
      code: 'ENDPOINT_NOT_ALLOWED',
      message: `${url.origin} is not one this page may reach, so nothing was sent. ${reachWords(csp)} ${remedy}`,
    };
  }
  const key = given.key;
  if (key !== '' && !KEY.test(key))
    return {
      ok: false,
      code: 'KEY_UNUSABLE',
      message: 'A key is 8 to 512 visible characters with no spaces, or leave it empty. Nothing was sent.',
    };
  const model = given.model.trim();
  if (model !== '' && !MODEL.test(model))
    return {
      ok: false,
      code: 'MODEL_UNUSABLE',
      message: 'A model name is 1 to 128 visible characters with no spaces, or leave it empty. Nothing was sent.',
    };
  const path = url.pathname.endsWith(CHAT_PATH) ? url.pathname : `${url.pathname.replace(/\/$/, '')}${CHAT_PATH}`;
  return {
    ok: true,
    endpoint: {
      kind: 'own',
      url: `${url.origin}${path}${url.search}`,
      key: key === '' ? null : key,
      model: model === '' ? null : model,
    },
  };
}

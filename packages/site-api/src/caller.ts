// How a site's page calls its own server: by a route of the site's API, never by a path of its
// own, and hearing the answer the route declares (which the server is type-checked to give) or a
// refusal. The server decides; the page shows its answers. A Node test's page calls a server in
// process the same way, over another transport.
import type { ToolRefusal } from '@warrant/base';
import { pathTo, type AnswerOf, type SiteRoute, type InputOf, type ParamsOf, type QueryOf } from './route.ts';

/** What a call to `R` hears: its declared answer, or a refusal (`{ ok: false, isError: true, code, message, details }`). */
export type SiteAnswer<R> = AnswerOf<R> | ToolRefusal;

/** An answer of the page's own making (it read the server and decided), in the same shape. */
export type ServerAnswer<T> = ({ readonly ok: true } & T) | ToolRefusal;

/** What a call to `R` gives: its path's parameters and its body where it has them, its query if wanted. */
export type SiteCall<R> = (keyof ParamsOf<R> extends never
  ? { readonly params?: undefined }
  : { readonly params: ParamsOf<R> }) &
  (InputOf<R> extends undefined ? { readonly body?: undefined } : { readonly body: InputOf<R> }) & {
    readonly query?: { readonly [Name in QueryOf<R>]?: string | number };
    /** What to say when the server cannot be reached (the caller's `unreachable` refusal, with these words). */
    readonly unreachable?: string;
  };

type CallArguments<R> = object extends SiteCall<R> ? [call?: SiteCall<R>] : [call: SiteCall<R>];

/** Calls a site's server by a route of its API. */
export type AskSite = <R extends SiteRoute>(route: R, ...call: CallArguments<R>) => Promise<SiteAnswer<R>>;

/**
 * How a call reaches the server: the JSON it answers, parsed. It throws when the server cannot be
 * reached or answers no JSON.
 */
export type SiteTransport = (method: 'GET' | 'POST', path: string, body: unknown) => Promise<unknown>;

/**
 * Calls made over `transport`. `unreachable` is the refusal a call hears when the server cannot be
 * reached (a call's own `unreachable` words replace its message).
 */
export function siteCaller(transport: SiteTransport, unreachable: ToolRefusal): AskSite {
  return async <R extends SiteRoute>(route: R, ...[call]: CallArguments<R>): Promise<SiteAnswer<R>> => {
    const asked: { params?: unknown; body?: unknown; query?: unknown; unreachable?: string } = call ?? {};
    const path = pathTo(
      route,
      asked.params as Readonly<Record<string, string>> | undefined,
      asked.query as Readonly<Record<string, string | number | undefined>> | undefined,
    );
    try {
      // A route that reads no body is still sent a JSON object: the site's guard reads every POST's.
      const answer = await transport(route.method, path, route.method === 'POST' ? (asked.body ?? {}) : undefined);
      // The one place an answer is taken as its route declares it: the server is type-checked to
      // give it (serve-route.ts), and what the page does with it is checked again where it matters
      // (a head's signature, a receipt's, a statement's bytes).
      return answer as SiteAnswer<R>;
    } catch {
      return asked.unreachable === undefined ? unreachable : { ...unreachable, message: asked.unreachable };
    }
  };
}

/** This page's fetch, from its own origin (its session cookie goes with it). */
export const OVER_FETCH: SiteTransport = async (method, path, body) => {
  const response = await fetch(
    path,
    method === 'GET'
      ? { cache: 'no-store' }
      : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  return (await response.json()) as unknown;
};

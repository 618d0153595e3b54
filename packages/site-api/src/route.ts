// What one route of a site's API is, as data: its method, its path (with :parameters), the query
// it reads, the body it takes (a JSON Schema the server checks it against) and the answer it gives
// (a type). A site declares its routes once (the desk's in apps/desk/src/api/desk-api.ts, the
// bench's in apps/bench/src/api/bench-api.ts); its server registers each from its declaration
// (serve-route.ts) and its page calls each through it (caller.ts), so neither writes a path, and
// the answer the page reads is the one the server is type-checked to give.
import type { JsonSchema } from '@warrant/surface';

/** How a route's body is taken in: the schema it must fit, and what a body that does not is told. */
export interface InputDeclaration {
  /** The JSON Schema the server checks the body against before the route runs (server/serve-route.ts). */
  readonly schema: JsonSchema;
  /** The message of the MALFORMED_REQUEST refusal a body that does not fit hears; a general one when unset. */
  readonly malformed?: string;
  /**
   * For a route whose schema takes no other properties: the refusal a body naming others hears
   * instead of MALFORMED_REQUEST (what it names is not the caller's to give, which says more).
   */
  readonly unexpected?: { readonly code: string; readonly message: string };
  /** A larger body than the site's rule allows (site-server's request guard), for a route that carries a batch. */
  readonly maxBytes?: number;
}

/**
 * One route. `Answer` is the body of its success, `Input` that of its request; both exist only as
 * types (the optional `answer`/`input` marks are never set), so a declaration costs nothing at run time.
 */
export interface SiteRoute<
  Path extends string = string,
  Method extends 'GET' | 'POST' = 'GET' | 'POST',
  Answer = unknown,
  Input = unknown,
  Query extends string = string,
> {
  readonly method: Method;
  readonly path: Path;
  /** The query parameters it reads (all optional in a call). */
  readonly query: readonly Query[];
  /** Present on a route that takes a body (its `Input`): how it is checked. */
  readonly body: InputDeclaration | undefined;
  /** One JSON answer; a stream of server-sent events (read with EventSource); or a document a browser shows or saves (HTML, an image, a PDF). */
  readonly gives: 'json' | 'events' | 'document';
  /** Type marks only. */
  readonly answer?: Answer;
  readonly input?: Input;
}

/** The names of a path's parameters: '/api/approvals/:challenge/grant' has 'challenge'. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type ParamsOf<R> =
  R extends SiteRoute<infer Path, 'GET' | 'POST', unknown, unknown, string>
    ? { readonly [Name in ParamNames<Path>]: string }
    : never;
export type AnswerOf<R> = R extends SiteRoute<string, 'GET' | 'POST', infer Answer, unknown, string> ? Answer : never;
export type InputOf<R> = R extends SiteRoute<string, 'GET' | 'POST', unknown, infer Input, string> ? Input : never;
export type QueryOf<R> = R extends SiteRoute<string, 'GET' | 'POST', unknown, unknown, infer Query> ? Query : never;

/** A GET route answering `Answer`; `query` names the parameters it reads. */
export const get =
  <Answer>() =>
  <const Path extends string, const Query extends string = never>(
    path: Path,
    query: readonly Query[] = [],
  ): SiteRoute<Path, 'GET', Answer, undefined, Query> => ({
    method: 'GET',
    path,
    query,
    body: undefined,
    gives: 'json',
  });

/** A GET route answering a stream of server-sent events. */
export const events = <const Path extends string>(path: Path): SiteRoute<Path, 'GET', never, undefined, never> => ({
  method: 'GET',
  path,
  query: [],
  body: undefined,
  gives: 'events',
});

/** A GET route answering a document a browser shows or saves (a page, an image, a PDF), not data. */
export const browserDocument = <const Path extends string>(
  path: Path,
): SiteRoute<Path, 'GET', never, undefined, never> => ({
  method: 'GET',
  path,
  query: [],
  body: undefined,
  gives: 'document',
});

/** A POST route that reads no body (a page sends `{}`), answering `Answer`. */
export const post =
  <Answer>() =>
  <const Path extends string>(path: Path): SiteRoute<Path, 'POST', Answer, undefined, never> => ({
    method: 'POST',
    path,
    query: [],
    body: undefined,
    gives: 'json',
  });

/** A POST route taking an `Input` body that fits `body.schema`, answering `Answer`. */
export const postWith =
  <Answer, Input extends object>() =>
  <const Path extends string>(path: Path, body: InputDeclaration): SiteRoute<Path, 'POST', Answer, Input, never> => ({
    method: 'POST',
    path,
    query: [],
    body,
    gives: 'json',
  });

/**
 * The path of `route` with its parameters filled in (each encoded) and its query, as a page sends
 * it: pathTo(DESK_API.approval, { challenge }) is `/api/approvals/<challenge>`.
 */
export function pathTo(
  route: Pick<SiteRoute, 'path' | 'query'>,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string | number | undefined>> = {},
): string {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs its ${name}.`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const name of route.query) {
    const value = query[name];
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

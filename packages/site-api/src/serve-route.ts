// The server's half of a site's API (route.ts): each route is registered from its
// declaration, at its path and method, with its body's size allowance; its body is checked against
// its declared schema before anything is read from it; and it answers through `reply`, which takes
// only the answer the route declares, so the page reads what the server is type-checked to give.
import type { Context, Env, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { acceptsBody } from '@warrant/site-server';
import { refusal, validateInput } from '@warrant/surface';
import type { AnswerOf, SiteRoute, InputOf } from './route.ts';
import { jsonBody, malformed, MALFORMED_MESSAGE, refused, type Reply } from './http.ts';

export interface Serving<R extends SiteRoute> {
  /** Answers the route's declared answer (200 unless said). */
  reply(answer: AnswerOf<R>, status?: ContentfulStatusCode): Reply<AnswerOf<R>>;
  /**
   * The body, checked against the route's schema; or the refusal to answer when it does not fit
   * (MALFORMED_REQUEST, 400, naming the field). A route reads it where its checks come in order
   * (most after the caller's session), so a caller hears the first thing wrong.
   */
  input(): Promise<InputOf<R> | Reply<never>>;
}

/** A route's body: `c.req.param` knows the route's path parameters. */
export type RouteHandler<R extends SiteRoute> = (
  c: Context<Env, R['path']>,
  serving: Serving<R>,
) => Promise<Reply<AnswerOf<R>>>;

/** Registers `route` on `app`: it answers with `handler`. */
export function serve<R extends SiteRoute>(app: Hono, route: R, handler: RouteHandler<R>): void {
  const run = (c: Context<Env, R['path']>) =>
    handler(c, {
      reply: (answer, status) => c.json(answer as object, status) as unknown as Reply<AnswerOf<R>>,
      input: () => checkedInput(c, route) as Promise<InputOf<R> | Reply<never>>,
    });
  if (route.method === 'GET') app.get(route.path, run);
  else if (route.body?.maxBytes !== undefined)
    app.post(route.path, acceptsBody({ maxBytes: route.body.maxBytes }), run);
  else app.post(route.path, run);
}

/** Whether `input()` gave the refusal to answer (the body did not fit) rather than the body. */
export function isReply(value: unknown): value is Reply<never> {
  return value instanceof Response;
}

async function checkedInput(c: Context<Env, string>, route: SiteRoute): Promise<unknown> {
  const declared = route.body;
  const body = await jsonBody(c);
  if (!body) return malformed(c);
  if (!declared) return body;
  const { schema, unexpected } = declared;
  // What the route does not take, named as not the caller's to give, where the route says so.
  if (unexpected && schema['additionalProperties'] === false) {
    const known = Object.keys((schema['properties'] ?? {}) as object);
    const others = Object.keys(body).filter((key) => !known.includes(key));
    if (others.length > 0)
      return refused(c, refusal(unexpected.code, unexpected.message, { refused: others.slice(0, 8) }), 400);
  }
  const problem = await validateInput(route.path, schema, body);
  if (problem)
    return refused(c, refusal('MALFORMED_REQUEST', declared.malformed ?? MALFORMED_MESSAGE, problem.details), 400);
  return body;
}

// What every site route shares: reading a JSON body of a bounded size, and answering refusals in
// the one shape every tool and route answers ({ ok: false, isError: true, code, message, details }).
// A route of a site's API answers through a Reply (serve-route.ts), so what it answers is
// type-checked against its declaration; a refusal fits every route.
import type { Context } from 'hono';
import { refusal, type ToolRefusal } from '@warrant/surface';

declare const GIVES: unique symbol;
/** A response giving `A` as its JSON body (or a refusal, which every route may give). */
export type Reply<A> = Response & { readonly [GIVES]: A };

export type Body = Record<string, unknown>;

export async function jsonBody(c: Context): Promise<Body | null> {
  if (!(c.req.header('content-type') ?? '').startsWith('application/json')) return null;
  const body: unknown = await c.req.json().catch(() => null);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : null;
}

export const MALFORMED_MESSAGE = 'The request must be a JSON object sent as application/json. Nothing was changed.';

export const malformed = (c: Context): Reply<never> => refused(c, refusal('MALFORMED_REQUEST', MALFORMED_MESSAGE), 400);

export const refused = (
  c: Context,
  answer: ToolRefusal,
  status: 400 | 401 | 403 | 404 | 409 | 422 | 502 = 409,
): Reply<never> => c.json(answer, status) as unknown as Reply<never>;

/** Not Modified: the caller holds the answer already (a 304 carries no body, so it fits any route). */
export const notModified = (c: Context): Reply<never> => c.body(null, 304) as unknown as Reply<never>;

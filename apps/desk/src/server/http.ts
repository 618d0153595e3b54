// What every desk route shares: reading a JSON body of a bounded size, and answering refusals in
// the one shape every tool and route answers ({ ok: false, isError: true, code, message, details }).
import type { Context } from 'hono';
import { refusal, type ToolRefusal } from '@warrant/surface';

export type Body = Record<string, unknown>;

export async function jsonBody(c: Context): Promise<Body | null> {
  if (!(c.req.header('content-type') ?? '').startsWith('application/json')) return null;
  const body: unknown = await c.req.json().catch(() => null);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : null;
}

export const malformed = (c: Context) =>
  c.json(
    refusal('MALFORMED_REQUEST', 'The request must be a JSON object sent as application/json. Nothing was changed.'),
    400,
  );

export const refused = (c: Context, answer: ToolRefusal, status: 400 | 401 | 403 | 404 | 409 | 422 = 409) =>
  c.json(answer, status);

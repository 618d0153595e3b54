// What the board's routes share: a JSON object body, read once, and the refusal a body that is
// not one hears.
import type { Context } from 'hono';
import { refusal } from '@warrant/surface';

export async function bodyOf(c: Context): Promise<Record<string, unknown> | null> {
  if (!(c.req.header('content-type') ?? '').startsWith('application/json')) return null;
  const body: unknown = await c.req.json().catch(() => null);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

export const malformed = (c: Context, message = 'The request must be a JSON object. Nothing was changed.') =>
  c.json(refusal('MALFORMED_REQUEST', message), 400);

import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import { refuse } from './errors.ts';

/**
 * CORS for one origin, the desk's. A request from any other page is refused outright rather than
 * merely left without CORS headers: a browser sends `Origin` on every POST, even a `no-cors` one
 * whose reply the page could never read, and such a request would still spend the allowance.
 * A request with no `Origin` at all comes from no web page (curl, a health check) and passes:
 * CORS protects people's browsers, and it is the bounds and the allowance that protect the spend.
 */
export function deskOnly(deskOrigin: string): MiddlewareHandler {
  const refuseOtherOrigins = createMiddleware(async (c, next) => {
    const origin = c.req.header('Origin');
    if (origin !== undefined && origin !== deskOrigin) {
      return refuse(c, {
        code: 'ORIGIN_REFUSED',
        message: `Requests from ${origin.slice(0, 200)} are refused; this gateway serves ${deskOrigin} only.`,
      });
    }
    await next();
  });
  return every(
    refuseOtherOrigins,
    cors({ origin: deskOrigin, allowMethods: ['GET', 'POST'], allowHeaders: ['Content-Type'], maxAge: 600 }),
  );
}

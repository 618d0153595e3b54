// What every state-changing request to a site passes before its route sees it, declared once here
// and applied by siteApp to every route of every site: it comes from the site's own page (or from
// no browser page at all), and its body is JSON, within a fixed size and depth. Each check is
// refused before anything is read or done, in the one refusal shape every route answers.
//
// Why the origin and not the cookie: every localhost port is one site to a browser, so a page on
// another port (or on 127.0.0.1) sends the site's SameSite=Strict cookie along with a `no-cors`
// POST. A browser names where every request comes from (Origin on every POST, Sec-Fetch-Site on
// every request), so a request from another origin is known at once. A request naming neither is
// not a browser page's (a server, a test, a command line): it passes to the route's own check of
// its caller (a session, or a signature), as it always had to.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import { insecureOriginOf, type Site } from '@warrant/config';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';

/** Bodies are JSON of a known, small shape: anything larger is refused before it is read. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

const JSON_TYPE = 'application/json';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a route declares of the body it takes, when it is not the rule's. */
export interface BodyDeclaration {
  /** The most bytes its body may hold, when more than API_BODY_LIMIT_BYTES (the ledger append's). */
  readonly maxBytes?: number;
  /** The media types it reads, when not application/json. */
  readonly types?: readonly string[];
}

const DECLARED = Symbol('warrant body declaration');
type Declaring = MiddlewareHandler & { readonly [DECLARED]?: BodyDeclaration };

/**
 * A route's own declaration of its body, written on the route itself:
 * `app.post('/api/logs/:log/append', acceptsBody({ maxBytes }), handler)`. It does nothing when
 * it runs; the guard, which runs before every route, reads it from the route Hono matched.
 */
export function acceptsBody(declaration: BodyDeclaration): MiddlewareHandler {
  const declaring: MiddlewareHandler = (_c, next) => next();
  return Object.assign(declaring, { [DECLARED]: declaration });
}

function declarationOf(c: Context): BodyDeclaration {
  for (const route of matchedRoutes(c)) {
    const declared = (route.handler as Declaring)[DECLARED];
    if (declared) return declared;
  }
  return {};
}

type RefusalStatus = 400 | 403 | 413 | 415;

function refuse(c: Context, status: RefusalStatus, code: string, message: string, details: Record<string, unknown>) {
  // A body refused unread is not worth reading to keep the connection: close it instead.
  if (status === 413) c.header('Connection', 'close');
  return c.json({ ok: false, isError: true, code, message, details }, status);
}

/** Where a request comes from, when that is a browser page of another origin; null when not. */
function foreignSource(c: Context, own: ReadonlySet<string>): Record<string, string> | null {
  const origin = c.req.header('origin');
  if (origin !== undefined && !own.has(origin)) return { origin: origin.slice(0, 200) };
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return { sec_fetch_site: fetchSite.slice(0, 40) };
  return null;
}

function hasBody(c: Context): boolean {
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const length = c.req.header('content-length');
  return length !== undefined && Number(length) > 0;
}

/** `application/json`, in any case, without its parameters (a charset); '' when none was sent. */
const mediaTypeOf = (contentType: string | undefined): string =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

export interface RequestGuardOptions {
  readonly site: Site;
  /** A server started with --with-test-sites also serves its page on the insecure test host. */
  readonly withTestSites?: boolean;
}

export function requestGuard({ site, withTestSites = false }: RequestGuardOptions): MiddlewareHandler {
  const own = new Set([site.origin, ...(withTestSites ? [insecureOriginOf(site.name)] : [])]);
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const foreign = foreignSource(c, own);
    if (foreign)
      return refuse(
        c,
        403,
        'CROSS_ORIGIN_REFUSED',
        `${site.title} takes changes only from its own page (${site.origin}); this request came from another. Nothing was changed.`,
        foreign,
      );
    if (!hasBody(c)) return next();
    const declared = declarationOf(c);
    const types = declared.types ?? [JSON_TYPE];
    const type = mediaTypeOf(c.req.header('content-type'));
    if (!types.includes(type))
      return refuse(
        c,
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `This request's body must be sent as ${types.join(' or ')}; it was sent ${type === '' ? 'with no Content-Type' : `as ${type.slice(0, 100)}`}. Nothing was changed.`,
        { expected: types },
      );
    const maxBytes = declared.maxBytes ?? API_BODY_LIMIT_BYTES;
    // Hono's limit refuses a declared Content-Length over the limit without reading a byte, and
    // cuts a chunked body off as soon as it passes the limit.
    let withinLimit = false;
    const tooLarge = await bodyLimit({
      maxSize: maxBytes,
      onError: (limited) =>
        refuse(
          limited,
          413,
          'BODY_TOO_LARGE',
          `This request's body is larger than the ${maxBytes} bytes this route takes. Nothing was changed.`,
          { max_bytes: maxBytes },
        ),
    })(c, async () => {
      withinLimit = true;
    });
    if (!withinLimit) return tooLarge;
    if (type === JSON_TYPE && nestsDeeperThan(await c.req.text(), MAX_JSON_DEPTH))
      return refuse(
        c,
        400,
        'BODY_TOO_DEEP',
        `This request's JSON nests deeper than ${MAX_JSON_DEPTH} levels, more than any route reads. Nothing was changed.`,
        { max_depth: MAX_JSON_DEPTH },
      );
    return next();
  };
}

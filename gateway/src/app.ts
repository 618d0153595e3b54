import { SITES } from '@warrant/config';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { validator } from 'hono/validator';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@warrant/site-server/json-depth';
import { createAllowance, type Allowance } from './allowance.ts';
import { boundsFromEnv, type Bounds } from './bounds.ts';
import { readChatRequest, upstreamBody } from './chat-request.ts';
import { deskOnly } from './cors.ts';
import { refuse } from './errors.ts';
import { forwardChat } from './forward.ts';
import { upstreamFromEnv, type UpstreamSetting } from './upstream.ts';

interface GatewayAppOptions {
  readonly upstream: UpstreamSetting;
  readonly bounds: Bounds;
  readonly allowance: Allowance;
}

/** The health answer: enough for the desk to say whether the hosted model is there. */
export interface GatewayHealth {
  readonly ok: true;
  readonly modelConfigured: boolean;
  readonly model: string | null;
  readonly allowance: { readonly limit: number; readonly left: number; readonly resetsAt: string };
}

/** `application/json`, in any case, with or without parameters (a charset). */
function isJson(contentType: string): boolean {
  return contentType.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function createGatewayApp({ upstream, bounds, allowance }: GatewayAppOptions): Hono {
  const app = new Hono();
  app.use(deskOnly(SITES.desk.origin));

  app.get('/health', (c) =>
    c.json({
      ok: true,
      modelConfigured: upstream.configured,
      model: upstream.configured ? upstream.upstream.model : null,
      allowance: { limit: allowance.limit, left: allowance.left(), resetsAt: allowance.resetsAt() },
    } satisfies GatewayHealth),
  );

  if (!upstream.configured) {
    // Answered without reading the body: there is nothing to spend it on.
    app.post('/v1/chat/completions', (c) =>
      refuse(c, { code: 'NO_MODEL_CONFIGURED', message: `The gateway has no model configured: ${upstream.reason}` }),
    );
  } else {
    const { upstream: target } = upstream;
    // The order is the order of cost: the origin is refused first (above), then the byte count
    // while the body arrives, and only then is the body parsed and the allowance spent.
    app.post(
      '/v1/chat/completions',
      // A header, so it costs nothing to check, and checked before the body is read: without it
      // the JSON validator would read a text/plain or form body as no body at all.
      (c, next) => {
        const type = c.req.header('Content-Type') ?? '';
        if (isJson(type)) return next();
        const sent = type.trim() === '' ? 'with no Content-Type' : `as ${type.split(';')[0]?.trim().slice(0, 100)}`;
        return Promise.resolve(
          refuse(c, {
            code: 'UNSUPPORTED_MEDIA_TYPE',
            message: `The request body must be sent as application/json; it was sent ${sent}.`,
          }),
        );
      },
      bodyLimit({
        maxSize: bounds.maxBodyBytes,
        onError: (c) =>
          refuse(c, {
            code: 'BODY_TOO_LARGE',
            message: `The request body is larger than ${bounds.maxBodyBytes} bytes.`,
          }),
      }),
      // The depth rule every site's server applies, counted before the body is parsed or forwarded.
      async (c, next) =>
        nestsDeeperThan(await c.req.text(), MAX_JSON_DEPTH)
          ? refuse(c, {
              code: 'BODY_TOO_DEEP',
              message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`,
            })
          : next(),
      validator('json', (body, c) => {
        const read = readChatRequest(body, bounds.maxMessages);
        return read.ok ? read.request : refuse(c, read);
      }),
      async (c) => {
        const taken = allowance.take();
        if (!taken.ok) {
          c.header('Retry-After', String(taken.retryAfterSeconds));
          return refuse(c, {
            code: 'ALLOWANCE_SPENT',
            message: `Today's ${allowance.limit} requests are spent; the allowance resets at ${taken.resetsAt}.`,
          });
        }
        const forwarded = await forwardChat(target, upstreamBody(c.req.valid('json'), target.model, bounds.maxTokens), {
          timeoutMs: bounds.upstreamTimeoutMs,
          signal: c.req.raw.signal,
        });
        return forwarded.ok ? c.json(forwarded.reply) : refuse(c, forwarded);
      },
    );
  }

  app.notFound((c) =>
    refuse(c, {
      code: 'NOT_FOUND',
      message: `No ${c.req.method} ${c.req.path.slice(0, 200)} here; the gateway answers POST /v1/chat/completions and GET /health.`,
    }),
  );
  app.onError((error, c) => {
    // Hono's JSON validator throws its one 400 when the body does not parse.
    if (error instanceof HTTPException && error.status === 400)
      return refuse(c, { code: 'BAD_JSON', message: 'The request body is not valid JSON.' });
    // A fault of the gateway's own: the operator needs it in the log; the client gets no internals.
    console.error('gateway: unhandled error', error);
    return refuse(c, { code: 'INTERNAL', message: 'The gateway failed to handle this request.' });
  });
  return app;
}

/** The app as configured by environment; throws when a variable is set to a value it cannot use. */
export function gatewayAppFromEnv(env: NodeJS.ProcessEnv): Hono {
  const bounds = boundsFromEnv(env);
  return createGatewayApp({ upstream: upstreamFromEnv(env), bounds, allowance: createAllowance(bounds.dailyRequests) });
}

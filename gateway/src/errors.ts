import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

// Every refusal the gateway gives, and the HTTP status it travels with. A client reads the code;
// the status is there so generic HTTP tooling (and the browser's network panel) agrees with it.
const GATEWAY_ERRORS = {
  BODY_TOO_LARGE: 413,
  BAD_JSON: 400,
  BODY_TOO_DEEP: 400,
  BAD_REQUEST_SHAPE: 400,
  TOO_MANY_MESSAGES: 400,
  STREAMING_UNSUPPORTED: 400,
  ORIGIN_REFUSED: 403,
  NOT_FOUND: 404,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ALLOWANCE_SPENT: 429,
  INTERNAL: 500,
  UPSTREAM_UNREACHABLE: 502,
  UPSTREAM_REFUSED: 502,
  UPSTREAM_MALFORMED: 502,
  NO_MODEL_CONFIGURED: 503,
  UPSTREAM_TIMEOUT: 504,
} as const satisfies Record<string, ContentfulStatusCode>;

export type GatewayErrorCode = keyof typeof GATEWAY_ERRORS;

/** A refusal as the gateway's own functions return it (never thrown). */
export interface GatewayRefusal<Code extends GatewayErrorCode = GatewayErrorCode> {
  readonly ok: false;
  readonly isError: true;
  readonly code: Code;
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>>;
}

/**
 * The body of every error response. It is the OpenAI error shape, so any chat-completions client
 * (the desk's agent panel included) shows the gateway's message instead of a bare status.
 */
export interface GatewayErrorBody {
  readonly error: { readonly code: GatewayErrorCode; readonly message: string };
}

export function refusal<Code extends GatewayErrorCode>(
  code: Code,
  message: string,
  details: Record<string, unknown> = {},
): GatewayRefusal<Code> {
  return { ok: false, isError: true, code, message, details };
}

export function refuse(c: Context, refused: Pick<GatewayRefusal, 'code' | 'message'>): Response {
  const body: GatewayErrorBody = { error: { code: refused.code, message: refused.message } };
  return c.json(body, GATEWAY_ERRORS[refused.code]);
}

import { acceptedShape, rememberShape, type ArgumentShape } from './argument-shape.ts';
import type { PlatformContext, PlatformRegisteredTool } from './platform.ts';
import { entries, type ListedTool } from './tools.ts';

// Chromium >= 155 takes executeTool's input as an object and refuses a JSON string; the pinned
// polyfill (and Chrome <= 154) take only the string and refuse the object. Neither refusal runs
// the tool: both are raised while the input is parsed. We still reissue only for a read-only
// tool, so that no mistake in recognising a refusal can ever repeat a side effect.

export type ExecuteOutcome =
  | { readonly ok: true; readonly shape: ArgumentShape; readonly raw: string | null; readonly value: unknown }
  | {
      readonly ok: false;
      readonly code: ExecuteFailureCode;
      readonly message: string;
      readonly shape: ArgumentShape | null;
    };

export type ExecuteFailureCode = 'NOT_REGISTERED' | 'SHAPE_REFUSED' | 'ABORTED' | 'TOOL_FAILED';

export interface ExecuteOptions {
  readonly signal?: AbortSignal;
  /**
   * Run the entry this frame registered, and no other frame's tool of the same name and origin
   * (see ListOptions.fromWindow). A frame that has no such tool gets NOT_REGISTERED.
   */
  readonly window?: Window;
}

/** True when the runtime refused the argument's shape (before running the tool). */
export function isShapeRefusal(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof DOMException !== 'undefined' && error instanceof DOMException))
    return false;
  const message = String((error as Error).message);
  return /value is not an object|failed to parse input arguments/i.test(message);
}

function encode(input: object, shape: ArgumentShape): unknown {
  return shape === 'object' ? input : JSON.stringify(input);
}

function decode(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    // A tool that returned a plain string comes back unquoted.
    return raw;
  }
}

function failure(code: ExecuteFailureCode, error: unknown, shape: ArgumentShape | null): ExecuteOutcome {
  const message =
    error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)
      ? `${(error as Error).name}: ${(error as Error).message}`
      : String(error);
  return { ok: false, code, message, shape };
}

async function attempt(
  context: PlatformContext,
  tool: PlatformRegisteredTool,
  input: object,
  shape: ArgumentShape,
  signal: AbortSignal | undefined,
): Promise<ExecuteOutcome | 'refused'> {
  try {
    const raw = await context.executeTool(tool, encode(input, shape), signal ? { signal } : undefined);
    rememberShape(context, shape);
    return { ok: true, shape, raw, value: decode(raw) };
  } catch (error) {
    if (signal?.aborted) return failure('ABORTED', signal.reason ?? error, shape);
    if (isShapeRefusal(error)) return 'refused';
    return failure('TOOL_FAILED', error, shape);
  }
}

/**
 * The shape each runtime takes before any call has shown it (measured): the browser's own WebMCP
 * (Chromium >= 155) an object, the pinned polyfill a JSON string. A write's first call takes its
 * runtime's shape instead of calling some other tool to find out: every tool call is the caller's
 * own, made where the caller can record it. Where the guess is wrong (a Chrome <= 154 with native
 * WebMCP), the write is refused before it runs, SHAPE_REFUSED, and not reissued.
 */
const RUNTIME_SHAPE: Readonly<Record<'native' | 'polyfill', ArgumentShape>> = { native: 'object', polyfill: 'string' };

function ownOrigin(): string | null {
  return typeof location === 'undefined' ? null : location.origin;
}

export async function executeTool(
  context: PlatformContext,
  mode: 'native' | 'polyfill',
  tool: string | ListedTool,
  input: object = {},
  options: ExecuteOptions = {},
): Promise<ExecuteOutcome> {
  const name = typeof tool === 'string' ? tool : tool.name;
  // A tool another origin's frame exposed to this page is listed only when that origin is asked
  // for by name: without fromOrigins the lookup would never find it.
  const foreign = typeof tool !== 'string' && tool.origin !== ownOrigin() ? [tool.origin] : null;
  const tools = await entries(context, {
    ...(foreign ? { fromOrigins: foreign } : {}),
    ...(options.window === undefined ? {} : { fromWindow: options.window }),
  });
  const entry = tools.find((t) => t.name === name && (typeof tool === 'string' || t.origin === tool.origin));
  if (!entry) {
    return {
      ok: false,
      code: 'NOT_REGISTERED',
      message: `${name} is not registered right now${options.window === undefined ? '' : ' in that frame'}, so there is nothing to call.`,
      shape: null,
    };
  }
  const readOnly = entry.annotations?.readOnlyHint === true;
  const first = acceptedShape(context) ?? RUNTIME_SHAPE[mode];
  const outcome = await attempt(context, entry, input, first, options.signal);
  if (outcome !== 'refused') return outcome;
  if (!readOnly) {
    return {
      ok: false,
      code: 'SHAPE_REFUSED',
      message: `The browser refused the ${first} argument shape for ${name}. It is not read-only, so the call was not reissued.`,
      shape: first,
    };
  }
  const second: ArgumentShape = first === 'object' ? 'string' : 'object';
  const retried = await attempt(context, entry, input, second, options.signal);
  if (retried !== 'refused') return retried;
  return {
    ok: false,
    code: 'SHAPE_REFUSED',
    message: `The browser refused both argument shapes for ${name}.`,
    shape: null,
  };
}

// What every tool and every library call that can refuse answers. A refusal is an answer, never a
// thrown error: Chrome collapses a thrown error into a generic UnknownError that tells the agent
// nothing. `isError` is the MCP convention, so an MCP client bridging WebMCP shows a refusal as an
// error, not a success.

export type ToolResult = ToolSuccess | ToolRefusal;

export interface ToolSuccess {
  readonly ok: true;
  readonly [key: string]: unknown;
}

/** `C` narrows the codes a particular API can answer with; any refusal is a ToolRefusal. */
export interface ToolRefusal<C extends string = string> {
  readonly ok: false;
  readonly isError: true;
  /** Stable UPPER_SNAKE identifier. */
  readonly code: C;
  /** Written for a model and a person: what happened, that nothing changed, what to do next. */
  readonly message: string;
  readonly details: { readonly [key: string]: unknown };
}

/** The one refusal shape: `{ ok: false, isError: true, code, message, details }`. */
export function refusal<C extends string>(
  code: C,
  message: string,
  details: { readonly [key: string]: unknown } = {},
): ToolRefusal<C> {
  return { ok: false, isError: true, code, message, details };
}

/**
 * Whether `value` is a refusal, for code holding either an answer or a refusal. Reads only the
 * two flags, so a value from another realm (a frame, a structured clone) is recognised too.
 */
export function isError(value: unknown): value is ToolRefusal {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { ok?: unknown }).ok === false &&
    (value as { isError?: unknown }).isError === true
  );
}

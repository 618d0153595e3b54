// What every tool answers. A refusal is an answer, never a thrown error: Chrome collapses a
// thrown error into a generic UnknownError that tells the agent nothing. `isError` is the MCP
// convention, so an MCP client bridging WebMCP shows a refusal as an error, not a success.

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

export function refusal<C extends string>(code: C, message: string, details: { readonly [key: string]: unknown } = {}): ToolRefusal<C> {
  return { ok: false, isError: true, code, message, details };
}

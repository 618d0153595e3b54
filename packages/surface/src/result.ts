// What every tool answers. A refusal is an answer, never a thrown error: Chrome collapses a
// thrown error into a generic UnknownError that tells the agent nothing. `isError` is the MCP
// convention, so an MCP client bridging WebMCP shows a refusal as an error, not a success.

export type ToolResult = ToolSuccess | ToolRefusal;

export interface ToolSuccess {
  readonly ok: true;
  readonly [key: string]: unknown;
}

export interface ToolRefusal {
  readonly ok: false;
  readonly isError: true;
  /** Stable UPPER_SNAKE identifier. */
  readonly code: string;
  /** Written for a model and a person: what happened, that nothing changed, what to do next. */
  readonly message: string;
  readonly details: { readonly [key: string]: unknown };
}

export function refusal(code: string, message: string, details: { readonly [key: string]: unknown } = {}): ToolRefusal {
  return { ok: false, isError: true, code, message, details };
}

// A surface is a list of rows. A row is data plus pure functions of state: whether it is in
// order (verdict), what input it takes (inputSchema) and what it does (run). The reconciler turns
// the rows into the registered tool set; nothing else decides what an agent may call.

export interface ToolAnnotations {
  readonly readOnlyHint?: boolean;
  readonly untrustedContentHint?: boolean;
  readonly consequentialHint?: boolean;
}

/** A JSON Schema object as registered with the browser. */
export type JsonSchema = { readonly [key: string]: unknown };

export interface Verdict {
  readonly legal: boolean;
  /** Why the row is out of order: the first cause, in words a human and a model can act on. */
  readonly reason?: string;
  /** The rule that decides it, e.g. "RONR §12" or "scope v3". */
  readonly cite?: string;
  /**
   * The refusal code a call hears if it reaches a row that is out of order (a call racing the
   * reconcile that removes its tool). NOT_IN_ORDER when absent.
   */
  readonly code?: string;
}

/** Every tool answers with one of these; a refusal is an answer, never a thrown error. */
export type ToolResult = ToolSuccess | ToolRefusal;
export interface ToolSuccess {
  readonly ok: true;
  readonly [key: string]: unknown;
}
export interface ToolRefusal {
  readonly ok: false;
  /** Stable UPPER_SNAKE identifier. */
  readonly code: string;
  readonly message: string;
  readonly details: { readonly [key: string]: unknown };
}

export interface RunContext<S = unknown> {
  /** The caller's execution signal (the agent gave up, or the page is going away). */
  readonly signal: AbortSignal;
  /** The state this tool was registered under: what the agent was shown when it got the tool. */
  readonly registeredState: S;
  /** Who made the call: an agent through WebMCP, or a human through the page's own controls. */
  readonly caller: 'agent' | 'human';
  /** Hold the surface while a human decides; call the returned function when the decision settles. */
  hold(reason: string): () => void;
}

interface RowBase<S> {
  readonly name: string;
  readonly title: string;
  /** Written for a model: what it does, what comes back, when it is in order. May depend on state. */
  description(state: S): string;
  verdict(state: S): Verdict;
  inputSchema(state: S): JsonSchema;
  /**
   * Checks that must answer before schema validation, e.g. a version binding: a stale capability
   * should hear "stale", not "your scopeVersion is not the const".
   */
  precheck?(state: S, input: Record<string, unknown>, ctx: RunContext<S>): ToolRefusal | null;
  run(state: S, input: Record<string, unknown>, ctx: RunContext<S>): ToolResult | Promise<ToolResult>;
}

/** A tool registered with registerTool and removed by aborting its signal. */
export interface ImperativeRow<S> extends RowBase<S> {
  readonly kind: 'imperative';
  readonly annotations?: ToolAnnotations;
}

/**
 * A tool declared by a <form>. Legality sets or removes the form's `toolname` attribute and
 * enables or disables its controls. The browser derives the schema from the form; `inputSchema`
 * here is what the kernel validates the submitted values against before `run`.
 */
export interface DeclarativeRow<S> extends RowBase<S> {
  readonly kind: 'declarative';
  /** Finds the form this row is bound to (by id) in the document the surface manages. */
  readonly formId: string;
}

export type Row<S> = ImperativeRow<S> | DeclarativeRow<S>;

export function refusal(code: string, message: string, details: { readonly [key: string]: unknown } = {}): ToolRefusal {
  return { ok: false, code, message, details };
}

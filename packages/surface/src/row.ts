// A surface is a list of rows. A row is data plus pure functions of state: whether it is in
// order (verdict), what input it takes (inputSchema) and what it does (run). The reconciler turns
// the rows into the registered tool set; nothing else decides what an agent may call.
//
// This file is the one declaration of the row contract. Apps and other packages build rows with
// `defineRow`/`defineFormRow` and answer with `refusal()`; they never restate these types.

import type { Caller, ToolRefusal, ToolResult } from '@warrant/base';
import type { VersionBinding } from './version-binding.ts';

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

/**
 * Who is answerable for a call (the base's CALLERS): an agent (through WebMCP, a bridge, an
 * in-page model), a person at the page's own controls, or a scripted runner driving the same
 * tools a person watches.
 */
export type { Caller };

/**
 * The way a call arrived: `webmcp` for the platform, `ui` for the page's controls; an app may
 * name others when it calls through `surface.call`. Open on purpose: the kernel passes it through
 * and never interprets it; the base's CHANNELS are the ones the desk's record may hold.
 */
export type Channel = string;

export interface RunContext<S = unknown> {
  /** The caller's execution signal (the agent gave up, or the page is going away). */
  readonly signal: AbortSignal;
  /** The state this tool was registered under: what the agent was shown when it got the tool. */
  readonly registeredState: S;
  readonly caller: Caller;
  readonly channel: Channel;
  /** Hold the surface while a human decides; call the returned function when the decision settles. */
  hold(reason: string): () => void;
}

interface RowBase<S, I> {
  /** 1–128 characters of [A-Za-z0-9_.-]: the platform's rule for tool names. */
  readonly name: string;
  readonly title: string;
  /** Written for a model: what it does, what comes back, when it is in order. May depend on state. */
  description(state: S): string;
  verdict(state: S): Verdict;
  /**
   * Treated as an immutable value: the kernel freezes what it registers, so new content must come
   * as a new object (which is how the kernel notices it and registers the tool again).
   */
  inputSchema(state: S): JsonSchema;
  /**
   * A binding that makes a registration stale when state moves on (a scope version). The kernel
   * answers it before schema validation, so a stale capability hears "stale", not a schema error.
   */
  readonly binding?: VersionBinding<S>;
  /**
   * Any other check that must answer before schema validation (e.g. "that field is not framed"
   * should be heard as OUT_OF_SCOPE, not as "not an allowed property"). Sees the raw input.
   */
  precheck?(state: S, input: Readonly<Record<string, unknown>>, ctx: RunContext<S>): ToolRefusal | null;
  /** The body, given input already validated against the schema the caller was shown. */
  run(state: S, input: I, ctx: RunContext<S>): ToolResult | Promise<ToolResult>;
}

/** A tool registered with registerTool and removed by aborting its signal. */
export interface ImperativeRow<S, I = never> extends RowBase<S, I> {
  readonly kind: 'imperative';
  readonly annotations?: ToolAnnotations;
}

/**
 * A tool declared by a <form>. Legality sets or removes the form's `toolname` attribute and
 * enables or disables its controls. The browser derives the schema from the form; `inputSchema`
 * here is what the kernel validates the submitted values against before `run`.
 */
export interface DeclarativeRow<S, I = never> extends RowBase<S, I> {
  readonly kind: 'declarative';
  /** Finds the form this row is bound to (by id) in the document the surface manages. */
  readonly formId: string;
  /** Whether an agent's call submits the form itself (`toolautosubmit`) or waits for a person. */
  readonly autosubmit: boolean;
}

// `never` as the input makes every typed row assignable here: the kernel hands each row only
// input that passed that row's own schema.
export type Row<S> = ImperativeRow<S, never> | DeclarativeRow<S, never>;

type Spec<R> = Omit<R, 'kind'>;

/** An imperative row whose `run` receives its input typed as `I` (validated against its schema). */
export function defineRow<S, I = Record<string, never>>(row: Spec<ImperativeRow<S, I>>): ImperativeRow<S, I> {
  return { kind: 'imperative', ...row };
}

/** A form-bound row whose `run` receives the submitted values typed as `I`. */
export function defineFormRow<S, I = Record<string, never>>(row: Spec<DeclarativeRow<S, I>>): DeclarativeRow<S, I> {
  return { kind: 'declarative', ...row };
}

// The refusal shape every Warrant tool answers with. It mirrors the surface kernel's ToolRefusal
// structurally, so a refusal built here is one the kernel accepts without conversion, while this
// package stays free of a dependency on the kernel.

export interface Refusal {
  readonly ok: false;
  /** Stable UPPER_SNAKE identifier. */
  readonly code: string;
  /** Written for a model: what happened, and what to do next. */
  readonly message: string;
  readonly details: { readonly [key: string]: unknown };
}

export function refuse(code: string, message: string, details: { readonly [key: string]: unknown } = {}): Refusal {
  return { ok: false, code, message, details };
}

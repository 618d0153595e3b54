// The refusal shape every Warrant API answers with, so a ledger or log refusal can be handed to
// an agent as it is: `isError` is the MCP convention, `code` a stable UPPER_SNAKE identifier.
// Declared here rather than imported, so the ledger depends on nothing but its hash.

export interface LedgerRefusal<C extends string = string> {
  readonly ok: false;
  readonly isError: true;
  readonly code: C;
  /** Written for a person and a model: what happened, that nothing changed, what to do next. */
  readonly message: string;
  readonly details: { readonly [key: string]: unknown };
}

export function refuse<C extends string>(code: C, message: string, details: { readonly [key: string]: unknown } = {}): LedgerRefusal<C> {
  return { ok: false, isError: true, code, message, details };
}

import type { ToolRefusal } from '@warrant/base';
import type { checkInput } from './input-check.ts';
import type { JsonSchema } from './row.ts';

// The kernel checks every call's input against its tool's schema before any row runs
// (input-check.ts). That check and the validator it runs are loaded on the first call, not with
// the page: no tool is called before first paint.

interface InputCheck {
  readonly checkInput: typeof checkInput;
}

let checker: Promise<InputCheck> | null = null;

const loadChecker = (): Promise<InputCheck> => (checker ??= import('./input-check.ts'));

/**
 * Starts loading the validator now rather than at the first call: for a page that expects a call
 * soon (a partner's page the desk has just framed to call it), so that call does not wait for it.
 */
export function preloadValidator(): void {
  loadChecker().catch(() => {
    // Not loaded now: the first call loads it again, and says so if it cannot.
    checker = null;
  });
}

/**
 * Null when the input fits the schema; otherwise a refusal that names the field, what was
 * expected and what came, and nothing more (the caller already has the schema).
 */
export async function validateInput(toolName: string, schema: JsonSchema, input: unknown): Promise<ToolRefusal | null> {
  return (await loadChecker()).checkInput(toolName, schema, input);
}

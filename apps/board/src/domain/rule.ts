// The single legality predicate. What the kernel registers, what the acts commit and what the
// agent panel shows as out of order are all read from rule(); nothing else decides legality.
import type { Verdict } from '@warrant/surface';
import { GUARDS } from './guards.ts';
import type { Cause } from './causes.ts';
import { RULES, TOOL_NAMES, type ActName, type ToolName } from './rulebook.ts';
import type { BoardState } from './state.ts';

/** A kernel Verdict, with the cause's details for the refusal an act builds from it. */
export type Ruling =
  | (Verdict & { readonly legal: true })
  | (Verdict & { readonly legal: false; readonly reason: string; readonly details: Cause['details'] });

/** Checks an act's guards in the rulebook's order; the reason is the first cause. */
export function rule(state: BoardState, act: ActName): Ruling {
  const cite = `scope v${state.scopeVersion}`;
  for (const guard of RULES[act]) {
    const cause = GUARDS[guard](state);
    if (cause)
      return {
        legal: false,
        reason: cause.reason,
        cite,
        details: cause.details,
        ...(cause.code ? { code: cause.code } : {}),
      };
  }
  return { legal: true, cite };
}

/** The names of the tools in order in `state`: what the kernel should have registered. */
export function toolSurface(state: BoardState): ToolName[] {
  return TOOL_NAMES.filter((name) => rule(state, name).legal);
}

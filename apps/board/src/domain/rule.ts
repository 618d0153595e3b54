// The single legality predicate. What the kernel registers, what the acts commit and what the
// agent panel shows as out of order are all read from rule(); nothing else decides legality. The
// rulebook's table is rulebook.ts; the kernel's defineRulebook evaluates it.
import { defineRulebook, type Ruling } from '@warrant/surface';
import { GUARDS } from './guards.ts';
import { RULES, TOOL_NAMES, type ActName, type ToolName } from './rulebook.ts';
import type { BoardState } from './state.ts';

export type { Ruling };

const BOARD_RULES = defineRulebook({
  guards: GUARDS,
  rules: RULES,
  // Every ruling on the board cites the scope version it was made under.
  cite: (state: BoardState) => `scope v${state.scopeVersion}`,
});

/** Checks an act's guards in the rulebook's order; the reason is the first cause. */
export function rule(state: BoardState, act: ActName): Ruling {
  return BOARD_RULES.rule(state, act, undefined);
}

/** The names of the tools in order in `state`: what the kernel should have registered. */
export function toolSurface(state: BoardState): ToolName[] {
  return BOARD_RULES.inOrder(state, TOOL_NAMES, () => undefined);
}

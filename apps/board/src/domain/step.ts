// What every act on the board returns: the next state and the act's answer. A refusal hands back
// the state it was given, the same object, untouched, so a refused act is all-or-nothing by
// construction.
import type { ToolRefusal } from '@warrant/surface';
import type { BoardState } from './state.ts';

export interface Step<T> {
  readonly state: BoardState;
  readonly result: T | ToolRefusal;
}

export function refused<T>(state: BoardState, refusal: ToolRefusal): Step<T> {
  return { state, result: refusal };
}

/**
 * The board as the page holds it: the latest state this tab knows, and the one way to change it.
 * `commit` runs an act on the latest state, after every commit asked before it, and keeps the
 * act's state only once the board's record has taken it; the step it resolves with is what was
 * kept (or the refusal, with the board as it then stood).
 */
export interface BoardStore {
  read(): BoardState;
  commit<T extends { readonly ok: true }>(act: (state: BoardState) => Step<T>): Promise<Step<T>>;
}

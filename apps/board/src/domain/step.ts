// What every act on the board returns: the next state and the act's answer. A refusal hands back
// the state it was given, the same object, untouched, so a refused act is all-or-nothing by
// construction.
import type { ToolRefusal } from '@warrant/surface';
import type { ActName, ActOf, AnswerOfAct } from './board-acts.ts';
import type { BoardState } from './state.ts';

export interface Step<T> {
  readonly state: BoardState;
  readonly result: T | ToolRefusal;
}

export function refused<T>(state: BoardState, refusal: ToolRefusal): Step<T> {
  return { state, result: refusal };
}

/**
 * The board as the page holds it: the latest state this page knows, and the one way to change it.
 * `commit` hands an act, as data, to the board's authority after every act asked before it; the
 * step it resolves with is the board as the act left it (or the refusal, with the board as it stood).
 */
export interface BoardStore {
  read(): BoardState;
  commit<K extends ActName>(asked: ActOf<K>): Promise<Step<AnswerOfAct<K>>>;
}

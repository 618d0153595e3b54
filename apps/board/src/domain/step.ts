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

// The page's hold on the board: a signal the screen renders from, and the one way it changes. An
// act is data (domain/board-acts.ts) handed to the board's authority, the board's server, which
// decides it on the board its record holds; the page shows the board the server answers. Acts
// asked in this page go one at a time, each after the ones asked before it. What other pages'
// acts change reaches the store too, so every page shows the one board.
import { signal, type ReadonlySignal } from '@preact/signals';
import type { BoardAuthority } from './board-authority.ts';
import type { ActName, ActOf, AnswerOfAct } from './domain/board-acts.ts';
import type { BoardState } from './domain/state.ts';
import type { BoardStore as DomainStore, Step } from './domain/step.ts';

export interface StateChange {
  readonly before: BoardState;
  readonly after: BoardState;
  /** True when another page's act (heard from the server) made the change. */
  readonly elsewhere: boolean;
}

export interface BoardStore extends DomainStore {
  readonly state: ReadonlySignal<BoardState>;
  /** Called after every change. Returns the unsubscribe. */
  subscribe(listener: (change: StateChange) => void): () => void;
  /** Takes the board as its authority holds it at start-up, and that authority from now on. */
  resume(state: BoardState, authority: BoardAuthority): void;
}

export function createBoardStore(initial: BoardState, authority: BoardAuthority): BoardStore {
  const state = signal(initial);
  const listeners = new Set<(change: StateChange) => void>();
  let current = authority;
  let stopListening = current.onElsewhere((next) => set(next, true));
  // One queue per page: an act waits for every act asked before it.
  let queue: Promise<unknown> = Promise.resolve();

  function set(next: BoardState, elsewhere: boolean): void {
    const before = state.peek();
    if (next === before) return;
    state.value = next;
    for (const listener of [...listeners]) listener({ before, after: next, elsewhere });
  }

  return {
    state,
    read: () => state.peek(),
    commit<K extends ActName>(asked: ActOf<K>): Promise<Step<AnswerOfAct<K>>> {
      const run = queue.then(async (): Promise<Step<AnswerOfAct<K>>> => {
        const step = await current.decide(asked, state.peek());
        if (step.result.ok) set(step.state, false);
        return step;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    resume(next, authority) {
      stopListening();
      current = authority;
      stopListening = current.onElsewhere((elsewhere) => set(elsewhere, true));
      set(next, true);
    },
  };
}

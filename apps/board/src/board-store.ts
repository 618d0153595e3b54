// The page's hold on the canonical state: a signal the screen renders from, and the read/write
// pair the domain's acts and tools go through. The store enforces the one rule the whole board
// leans on for its record: the activity log only grows. A write that would drop or rewrite an
// entry is refused outright, whoever attempts it.
import { signal, type ReadonlySignal } from '@preact/signals';
import type { BoardStore as DomainStore } from './domain/expansion.ts';
import type { ActivityEntry, BoardState } from './domain/state.ts';

export interface BoardStore extends DomainStore {
  readonly state: ReadonlySignal<BoardState>;
  /** Called after every write with the new state. Returns the unsubscribe. */
  subscribe(listener: (state: BoardState) => void): () => void;
}

export class ActivityRewriteError extends Error {
  constructor(at: number) {
    super(`The activity log is append-only: entry ${at} would be removed or rewritten. Nothing was written.`);
    this.name = 'ActivityRewriteError';
  }
}

/** The index of the first entry of `before` that `after` does not keep unchanged, or -1. */
export function firstRewrite(before: readonly ActivityEntry[], after: readonly ActivityEntry[]): number {
  for (let index = 0; index < before.length; index += 1) {
    const was = before[index] as ActivityEntry;
    const now = after[index];
    if (now === was) continue;
    if (!now || now.id !== was.id || now.at !== was.at || now.actor !== was.actor || now.type !== was.type || now.message !== was.message) return index;
    if (JSON.stringify(now.details) !== JSON.stringify(was.details)) return index;
  }
  return -1;
}

export function createBoardStore(initial: BoardState): BoardStore {
  const state = signal(initial);
  const listeners = new Set<(state: BoardState) => void>();
  return {
    state,
    read: () => state.peek(),
    write(next) {
      const at = firstRewrite(state.peek().activity, next.activity);
      if (at !== -1) throw new ActivityRewriteError(at);
      state.value = next;
      for (const listener of [...listeners]) listener(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

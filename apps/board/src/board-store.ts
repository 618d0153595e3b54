// The page's hold on the canonical state: a signal the screen renders from, and the one way it
// changes. An act commits through the store: it runs on the latest state this tab knows, after
// every act asked before it (two calls in one tab never act on the same state), and its state is
// kept only once the board's record has taken it. What other tabs record reaches the store too,
// so every tab shows the one record. The activity log only grows: a write that would drop or
// rewrite an entry is refused outright, whoever attempts it.
import { signal, type ReadonlySignal } from '@preact/signals';
import type { ToolRefusal } from '@warrant/surface';
import type { ActivityEntry, BoardState } from './domain/state.ts';
import { refused, type BoardStore as DomainStore, type Step } from './domain/step.ts';

export type Recorded = { readonly ok: true } | ToolRefusal;

/** Where the board's acts are kept beyond this tab's memory, or not at all. */
export interface BoardRecorder {
  /** False when acts live in this tab only (no storage). */
  readonly keeps: boolean;
  /**
   * Records the act that took the board from `before` to `after`. A refusal means nothing was
   * recorded; if the record had moved on, the recorder has told its listener how it stands now.
   */
  record(before: BoardState, after: BoardState): Promise<Recorded>;
  /** Told the board as the record now holds it, whenever another tab's acts moved it on. */
  onElsewhere(listener: (state: BoardState) => void): () => void;
}

/** A record of nothing: the acts of this tab, in this tab, until it closes. */
export const unrecorded: BoardRecorder = {
  keeps: false,
  record: () => Promise.resolve({ ok: true }),
  onElsewhere: () => () => undefined,
};

export interface StateChange {
  readonly before: BoardState;
  readonly after: BoardState;
  /** True when another tab's act (read back from the record) made the change. */
  readonly elsewhere: boolean;
}

export interface BoardStore extends DomainStore {
  readonly state: ReadonlySignal<BoardState>;
  /** Called after every change. Returns the unsubscribe. */
  subscribe(listener: (change: StateChange) => void): () => void;
  /** Takes the board as a record read back at start-up holds it. */
  resume(state: BoardState, recorder: BoardRecorder): void;
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
    if (
      !now ||
      now.id !== was.id ||
      now.at !== was.at ||
      now.actor !== was.actor ||
      now.type !== was.type ||
      now.message !== was.message
    )
      return index;
    if (JSON.stringify(now.details) !== JSON.stringify(was.details)) return index;
  }
  return -1;
}

export function createBoardStore(initial: BoardState, recorder: BoardRecorder = unrecorded): BoardStore {
  const state = signal(initial);
  const listeners = new Set<(change: StateChange) => void>();
  let current = recorder;
  let stopListening = current.onElsewhere((next) => set(next, true));
  // One queue per tab: an act waits for every act asked before it, then sees their state.
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
    commit<T extends { readonly ok: true }>(act: (state: BoardState) => Step<T>): Promise<Step<T>> {
      const run = queue.then(async (): Promise<Step<T>> => {
        const before = state.peek();
        const step = act(before);
        if (!step.result.ok) return step;
        const at = firstRewrite(before.activity, step.state.activity);
        if (at !== -1) throw new ActivityRewriteError(at);
        const recorded = await current.record(before, step.state);
        // Not recorded: the act did not happen. The board is as the record now holds it.
        if (!recorded.ok) return refused(state.peek(), recorded);
        set(step.state, false);
        return step;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    resume(next, recorder) {
      stopListening();
      current = recorder;
      stopListening = current.onElsewhere((elsewhere) => set(elsewhere, true));
      set(next, true);
    },
  };
}

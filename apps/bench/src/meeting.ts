import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { reduce, replay } from './domain/reduce.ts';
import { canPutTheQuestion, rule } from './domain/rule.ts';
import type { Actor, EventType, MeetingEvent, MeetingState, Payloads } from './domain/state.ts';
import type { MeetingLogStore } from './meeting-log-store.ts';

// The meeting as the page holds it: the append-only log, and the state folded from it. Every
// act — a clerk's entry, the chair's control, an agent's tool call — goes through commit(), so
// the minute book, the surface and the disk always agree.

export type Committed =
  | { readonly ok: true; readonly event: MeetingEvent; readonly before: MeetingState; readonly after: MeetingState }
  | ToolRefusal;

export interface Meeting {
  readonly events: ReadonlySignal<readonly MeetingEvent[]>;
  readonly state: ReadonlySignal<MeetingState>;
  /**
   * Appends one event and persists it, if it is in order against the record as it stands when
   * its turn comes; resolves with the states before and after, or with the refusal.
   */
  commit<K extends EventType>(type: K, payload: Payloads[K], actor: Actor): Promise<Committed>;
  /** Archives the current record and replays another (a checkpoint of the seeded meeting). */
  startOver(events: readonly MeetingEvent[], reason: string): Promise<void>;
  /** Subscribe to every state change (the surface reconciles on it). */
  onChange(listener: () => void): () => void;
}

function clockTime(date: Date): string {
  return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
}

/**
 * Legality is decided again here, at the moment of writing: two calls checked against the same
 * state (or a call that waited while a checkpoint replaced the record) must not both land.
 */
function outOfOrder(state: MeetingState, type: EventType): ToolRefusal | null {
  if (type === 'put_the_question') {
    if (canPutTheQuestion(state)) return null;
    const why = state.questionPut ? 'the question has already been put and awaits its vote' : 'no seconded question is open to be put, with the quorum it needs';
    return refusal('NOT_IN_ORDER', `The chair cannot put a question now: ${why}. Nothing was recorded.`, { act: type });
  }
  const ruling = rule(state, type);
  if (ruling.legal) return null;
  return refusal('NOT_IN_ORDER', `${type} is no longer in order: ${ruling.reason ?? 'the rules do not allow it now'} Nothing was recorded.`, {
    act: type,
    ...(ruling.cite ? { cite: ruling.cite } : {}),
  });
}

export function createMeeting(store: MeetingLogStore, initial: readonly MeetingEvent[], now: () => Date = () => new Date()): Meeting {
  const events = signal<readonly MeetingEvent[]>(initial);
  const folded = signal<MeetingState>(replay(initial));
  const state = computed(() => folded.value);
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of listeners) listener();
  };
  // Commits are serialised: two quick acts must get consecutive seq numbers and land in order.
  let queue: Promise<unknown> = Promise.resolve();

  return {
    events,
    state,
    commit(type, payload, actor) {
      const run = queue.then(async (): Promise<Committed> => {
        const before = folded.value;
        const refused = outOfOrder(before, type);
        if (refused) return refused;
        const last = events.value.at(-1);
        const event = { seq: (last?.seq ?? 0) + 1, at: clockTime(now()), actor, type, payload } as MeetingEvent;
        // Written before it is shown: an act the disk refused never appears to have happened.
        await store.append(event);
        const after = reduce(before, event);
        events.value = [...events.value, event];
        folded.value = after;
        notify();
        return { ok: true, event, before, after };
      });
      queue = run.catch(() => undefined);
      return run;
    },
    startOver(next, reason) {
      const run = queue.then(async () => {
        await store.startOver(next, reason);
        events.value = [...next];
        folded.value = replay(next);
        notify();
      });
      queue = run.catch(() => undefined);
      return run;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

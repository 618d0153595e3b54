import { refusal, type ToolRefusal } from '@warrant/surface';
import type { StartingPoint } from './domain/checkpoints.ts';
import { outOfOrder } from './domain/in-order.ts';
import { reduce, replay } from './domain/reduce.ts';
import { clockAt } from './domain/retime.ts';
import type { Actor, EventType, MeetingEvent, Payloads } from './domain/state.ts';
import type { Decided, MeetingRecord, MeetingSignals, Written } from './meeting.ts';

// What decides and writes the meeting's entries, loaded with the record after first paint (see
// meeting.ts): each act decided at once against the record as this tab holds it, written behind
// in order, rolled back with everything after it if the stored record refuses it.

export interface MeetingEngine {
  readonly record: MeetingRecord;
  commit<K extends EventType>(type: K, payload: Payloads[K], actor: Actor): Decided;
  startOver(
    events: readonly MeetingEvent[],
    reason: string,
    point?: StartingPoint['id'],
    bylaws?: string,
  ): Promise<Written>;
}

/** Reads the record, folds it, follows it, and decides and writes from then on. */
export async function startEngine(
  record: MeetingRecord,
  signals: MeetingSignals,
  now: () => Date,
): Promise<MeetingEngine> {
  const { events, folded, notice } = signals;
  // What is stored, as far as this tab knows, and the chain head after it.
  let stored: readonly MeetingEvent[] = [];
  let head = '';
  // Moves on whenever the decided record is replaced by the stored one: writes decided before
  // that no longer follow anything and must not be made.
  let generation = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  const show = (next: readonly MeetingEvent[]): void => {
    events.value = next;
    folded.value = replay(next);
  };

  /** Takes the stored record as it stands, dropping whatever this tab decided that it does not hold. */
  async function catchUp(why: string, { onlyIfMoved = false } = {}): Promise<void> {
    const read = await record.read();
    if (onlyIfMoved && read.ok && read.head === head) return;
    generation += 1;
    if (!read.ok) {
      notice.value = `The minute book could not be read again (${read.message}). Reload the page.`;
      return;
    }
    const dropped = events.value.length - commonPrefix(events.value, read.events);
    stored = read.events;
    head = read.head;
    show(read.events);
    if (dropped > 0)
      notice.value = `${why} This tab now shows the record as stored; ${dropped === 1 ? 'the last entry made here was' : `the last ${dropped} entries made here were`} not kept.`;
  }

  function write(
    gen: number,
    work: () => Promise<{ readonly ok: true; readonly head: string } | ToolRefusal>,
    next: () => readonly MeetingEvent[],
  ): Promise<Written> {
    return enqueue(async (): Promise<Written> => {
      if (gen !== generation) {
        return refusal(
          'STALE_TAB',
          'The minute book changed in another tab or window before this entry was written. Nothing was recorded; this tab has caught up, so check what is in order now and act again.',
          {},
        );
      }
      const done = await work();
      if (done.ok) {
        stored = next();
        head = done.head;
        return { ok: true };
      }
      await catchUp(
        done.code === 'STALE_TAB'
          ? 'Another tab or window changed the minute book first.'
          : `An entry could not be written (${done.message}).`,
      );
      return done;
    });
  }

  /** The entry as the record's keeper made it (its time may be its own), shown in place of the one decided here. */
  function take(decided: MeetingEvent, kept: MeetingEvent | undefined): MeetingEvent {
    if (!kept || JSON.stringify(kept) === JSON.stringify(decided)) return decided;
    show(events.peek().map((event) => (event === decided ? kept : event)));
    return kept;
  }

  const read = await record.read();
  if (read.ok) {
    stored = read.events;
    head = read.head;
    show(read.events);
    if (read.setAside)
      notice.value = `Part of the stored minute book could not be read (${read.setAside}). It was archived in this browser, untouched, and the record goes on from the last entry that reads.`;
  } else {
    notice.value = `The minute book could not be read (${read.message}).`;
  }
  // Told of every change, this tab's own too: only a record that moved on from what this tab
  // holds is caught up with, so an entry decided here and not yet written is not dropped.
  record.follow(
    () => void enqueue(() => catchUp('Another tab or window changed the minute book.', { onlyIfMoved: true })),
  );

  return {
    record,
    commit(type, payload, actor) {
      const before = folded.peek();
      const refused = outOfOrder(before, type, signals.seat.peek() ?? undefined);
      if (refused) return refused;
      const last = events.peek().at(-1);
      const event = { seq: (last?.seq ?? 0) + 1, at: clockAt(now()), actor, type, payload } as MeetingEvent;
      const after = reduce(before, event);
      events.value = [...events.peek(), event];
      folded.value = after;
      for (const listener of [...signals.decided]) listener(event);
      let kept = event;
      const written = write(
        generation,
        async () => {
          const done = await record.append(event, head);
          if (done.ok) kept = take(event, done.event);
          return done;
        },
        () => [...stored, kept],
      );
      return { ok: true, event, before, after, written };
    },
    startOver(next, reason, point, bylaws) {
      show(next);
      let kept = next;
      return write(
        generation,
        async () => {
          const done = await record.archive(reason, next, point, bylaws);
          if (done.ok && done.events) {
            kept = done.events;
            // The entries as the keeper made them, and after them whatever this tab decided since;
            // unless this tab has since shown another record (a later starting point), which stays.
            const shown = events.peek();
            if (next.every((event, index) => shown[index] === event)) show([...kept, ...shown.slice(next.length)]);
          }
          return done;
        },
        () => kept,
      );
    },
  };
}

function commonPrefix(a: readonly MeetingEvent[], b: readonly MeetingEvent[]): number {
  let n = 0;
  while (n < a.length && n < b.length && JSON.stringify(a[n]) === JSON.stringify(b[n])) n += 1;
  return n;
}

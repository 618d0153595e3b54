import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { refusal, type ToolRefusal } from '@warrant/surface';
import type * as Fold from './domain/reduce.ts';
import { canPutTheQuestion, rule } from './domain/rule.ts';
import type { Actor, EventType, MeetingEvent, MeetingState, Payloads } from './domain/state.ts';
import { initialState } from './domain/state.ts';

// The meeting as the page holds it: the append-only log, and the state folded from it. Every
// act (a clerk's entry, the chair's control, an agent's tool call) goes through commit().
//
// An act is decided the moment it is asked for, against the record as this tab holds it, and
// shown at once; its entry is then written behind, in order, directly after the entry it was
// decided on. Deciding at once is what lets a declarative tool answer its caller in the task the
// call arrived in: the browser keeps one pending call per form, and a second call on it orphans
// the first, so a tally that waited for the disk could never answer a burst. A write the stored
// record refuses (another tab wrote first) is rolled back with every entry decided after it, the
// tab takes the stored record as it stands, and the callers waiting on those writes are told.

/** Where the meeting's entries are kept: another tab may write there too. */
export interface MeetingRecord {
  /** The record as stored now, whoever wrote it, with its chain head; the tab is caught up to it. */
  read(): Promise<StoredMeeting | ToolRefusal>;
  /** Writes `event` directly after the entry whose chain head is `after`, or refuses (STALE_TAB) if the stored record has moved on. */
  append(event: MeetingEvent, after: string): Promise<{ readonly ok: true; readonly head: string } | ToolRefusal>;
  /** Moves the whole record to the archive, untouched, and starts another holding `events`. */
  archive(reason: string, events: readonly MeetingEvent[]): Promise<{ readonly ok: true; readonly head: string } | ToolRefusal>;
  archives(): Promise<readonly ArchivedMeeting[] | ToolRefusal>;
  /** An archived record's entries, as they were stored. */
  readArchive(id: number): Promise<readonly MeetingEvent[] | ToolRefusal>;
  /** Calls `listener` whenever another tab changes the stored record. */
  follow(listener: () => void): () => void;
}

export interface StoredMeeting {
  readonly ok: true;
  readonly events: readonly MeetingEvent[];
  readonly head: string;
  /** Set when stored entries could not be read back and were moved to the archive instead. */
  readonly setAside: string | null;
}

export interface ArchivedMeeting {
  readonly id: number;
  readonly reason: string;
  readonly at: string;
  readonly count: number;
  /** `set_aside`: entries that did not read back, kept rather than folded or discarded. */
  readonly kind: 'archived' | 'set_aside';
}

export type Written = { readonly ok: true } | ToolRefusal;

export type Decided =
  | {
      readonly ok: true;
      readonly event: MeetingEvent;
      readonly before: MeetingState;
      readonly after: MeetingState;
      /** Settles once the entry is stored, or refused and rolled back. */
      readonly written: Promise<Written>;
    }
  | ToolRefusal;

export interface Meeting {
  readonly events: ReadonlySignal<readonly MeetingEvent[]>;
  readonly state: ReadonlySignal<MeetingState>;
  /** False until the stored record has been read: nothing can be decided before. */
  readonly opened: ReadonlySignal<boolean>;
  /** What a person should know about the record: set aside, kept in this tab only, caught up. */
  readonly notice: ReadonlySignal<string | null>;
  /** Settles once the stored record has been read and folded. */
  readonly whenOpen: Promise<void>;
  /** Reads the record, folds it and follows it; `problem` says why it lives in this tab only. */
  open(record: MeetingRecord, problem?: string): Promise<void>;
  /** Decides one act now, against the record as this tab holds it, and writes its entry behind. */
  commit<K extends EventType>(type: K, payload: Payloads[K], actor: Actor): Decided;
  /** Archives the current record and replays another (a checkpoint of the seeded meeting). */
  startOver(events: readonly MeetingEvent[], reason: string): Promise<Written>;
  archives(): Promise<readonly ArchivedMeeting[] | ToolRefusal>;
  readArchive(id: number): Promise<readonly MeetingEvent[] | ToolRefusal>;
  /** Told of every act decided here, before it is written (a waiting ruling is superseded by any other). */
  onDecided(listener: (event: MeetingEvent) => void): () => void;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const clock = (date: Date): string => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

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
  return refusal('NOT_IN_ORDER', `That act is no longer in order: ${ruling.reason ?? 'the rules do not allow it now.'} Nothing was recorded.`, {
    act: type,
    ...(ruling.cite ? { cite: ruling.cite } : {}),
  });
}

const notOpen = (): ToolRefusal => refusal('RECORD_OPENING', 'The minute book is still opening in this tab. Nothing was recorded; try again in a moment.', {});

export function createMeeting(now: () => Date = () => new Date()): Meeting {
  const events = signal<readonly MeetingEvent[]>([]);
  const folded = signal<MeetingState>(initialState);
  const opened = signal(false);
  const notice = signal<string | null>(null);
  const listeners = new Set<(event: MeetingEvent) => void>();
  let record: MeetingRecord | null = null;
  // The fold loads with the record, after first paint: nothing is decided before the record is open.
  let fold: typeof Fold | null = null;
  // What is stored, as far as this tab knows, and the chain head after it.
  let stored: readonly MeetingEvent[] = [];
  let head = '';
  // Moves on whenever the decided record is replaced by the stored one: writes decided before
  // that no longer follow anything and must not be made.
  let generation = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let markOpen: () => void = () => undefined;
  const whenOpen = new Promise<void>((resolve) => (markOpen = resolve));

  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  const show = (next: readonly MeetingEvent[]): void => {
    events.value = next;
    if (fold) folded.value = fold.replay(next);
  };

  /** Takes the stored record as it stands, dropping whatever this tab decided that it does not hold. */
  async function catchUp(why: string): Promise<void> {
    generation += 1;
    const current = record;
    if (!current) return;
    const read = await current.read();
    if (!read.ok) {
      notice.value = `The minute book could not be read again (${read.message}). Reload the page.`;
      return;
    }
    const dropped = events.value.length - commonPrefix(events.value, read.events);
    stored = read.events;
    head = read.head;
    show(read.events);
    if (dropped > 0) notice.value = `${why} This tab now shows the record as stored; ${dropped === 1 ? 'the last entry made here was' : `the last ${dropped} entries made here were`} not kept.`;
  }

  function write(gen: number, work: (current: MeetingRecord) => Promise<{ readonly ok: true; readonly head: string } | ToolRefusal>, next: () => readonly MeetingEvent[]): Promise<Written> {
    return enqueue(async (): Promise<Written> => {
      const current = record;
      if (gen !== generation || !current) {
        return refusal('STALE_TAB', 'The minute book changed in another tab or window before this entry was written. Nothing was recorded; this tab has caught up, so check what is in order now and act again.', {});
      }
      const done = await work(current);
      if (done.ok) {
        stored = next();
        head = done.head;
        return { ok: true };
      }
      await catchUp(done.code === 'STALE_TAB' ? 'Another tab or window changed the minute book first.' : `An entry could not be written (${done.message}).`);
      return done;
    });
  }

  return {
    events,
    state: computed(() => folded.value),
    opened,
    notice,
    whenOpen,
    async open(given, problem) {
      record = given;
      const [read, loaded] = await Promise.all([given.read(), import('./domain/reduce.ts')]);
      fold = loaded;
      if (read.ok) {
        stored = read.events;
        head = read.head;
        show(read.events);
        if (read.setAside) notice.value = `Part of the stored minute book could not be read (${read.setAside}). It was archived in this browser, untouched, and the record goes on from the last entry that reads.`;
      } else {
        notice.value = `The minute book could not be read (${read.message}).`;
      }
      if (problem) notice.value = problem;
      given.follow(() => void enqueue(() => catchUp('Another tab or window changed the minute book.')));
      opened.value = true;
      markOpen();
    },
    commit(type, payload, actor) {
      if (!opened.peek() || !fold) return notOpen();
      const before = folded.peek();
      const refused = outOfOrder(before, type);
      if (refused) return refused;
      const last = events.peek().at(-1);
      const event = { seq: (last?.seq ?? 0) + 1, at: clock(now()), actor, type, payload } as MeetingEvent;
      const after = fold.reduce(before, event);
      events.value = [...events.peek(), event];
      folded.value = after;
      for (const listener of [...listeners]) listener(event);
      const written = write(generation, (current) => current.append(event, head), () => [...stored, event]);
      return { ok: true, event, before, after, written };
    },
    startOver(next, reason) {
      if (!opened.peek()) return Promise.resolve(notOpen());
      show(next);
      return write(generation, (current) => current.archive(reason, next), () => next);
    },
    archives: () => (record ? record.archives() : Promise.resolve([])),
    readArchive: (id) => (record ? record.readArchive(id) : Promise.resolve(notOpen())),
    onDecided(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function commonPrefix(a: readonly MeetingEvent[], b: readonly MeetingEvent[]): number {
  let n = 0;
  while (n < a.length && n < b.length && JSON.stringify(a[n]) === JSON.stringify(b[n])) n += 1;
  return n;
}

import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals';
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { StartingPoint } from './domain/checkpoints.ts';
import type { Actor, EventType, MeetingEvent, MeetingState, Payloads, PersonOnRecord } from './domain/state.ts';
import { initialState } from './domain/state.ts';
import type { MeetingEngine } from './meeting-engine.ts';

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
//
// This file is the meeting as the page shows it from first paint; the engine that decides and
// writes (meeting-engine.ts) loads with the record.

/** Where the meeting's entries are kept: another tab may write there too. */
export interface MeetingRecord {
  /** The record as stored now, whoever wrote it, with its chain head; the tab is caught up to it. */
  read(): Promise<StoredMeeting | ToolRefusal>;
  /**
   * Writes `event` directly after the entry whose chain head is `after`, or refuses (STALE_TAB) if
   * the stored record has moved on. A keeper that makes the entry itself (the bench's server: its
   * number, its time) answers the entry as it made it.
   */
  append(
    event: MeetingEvent,
    after: string,
  ): Promise<{ readonly ok: true; readonly head: string; readonly event?: MeetingEvent } | ToolRefusal>;
  /**
   * Moves the whole record to the archive, untouched, and starts another holding `events`, the
   * starting point `point` of the seeded meeting, under the bylaws `bylaws`. A keeper that builds
   * the starting point itself (the bench's server, which needs `point`, and names the bylaws in the
   * new record's first entry) answers the entries as it made them.
   */
  archive(
    reason: string,
    events: readonly MeetingEvent[],
    point?: StartingPoint['id'],
    bylaws?: string,
  ): Promise<{ readonly ok: true; readonly head: string; readonly events?: readonly MeetingEvent[] } | ToolRefusal>;
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
  /** The person signed in at this page, where the rules turn on who asks (Reconsider, §37). */
  readonly seat: Signal<PersonOnRecord | null>;
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
  /** Archives the current record and replays another (a starting point of the seeded meeting, under the bylaws `bylaws`). */
  startOver(
    events: readonly MeetingEvent[],
    reason: string,
    point?: StartingPoint['id'],
    bylaws?: string,
  ): Promise<Written>;
  archives(): Promise<readonly ArchivedMeeting[] | ToolRefusal>;
  readArchive(id: number): Promise<readonly MeetingEvent[] | ToolRefusal>;
  /** Told of every act decided here, before it is written (a waiting ruling is superseded by any other). */
  onDecided(listener: (event: MeetingEvent) => void): () => void;
}

/** The meeting's state as the page shows it; the engine writes these, the page reads them. */
export interface MeetingSignals {
  readonly events: Signal<readonly MeetingEvent[]>;
  readonly folded: Signal<MeetingState>;
  readonly notice: Signal<string | null>;
  readonly decided: Set<(event: MeetingEvent) => void>;
  readonly seat: Signal<PersonOnRecord | null>;
}

const notOpen = (): ToolRefusal =>
  refusal(
    'RECORD_OPENING',
    'The minute book is still opening in this tab. Nothing was recorded; try again in a moment.',
    {},
  );

export function createMeeting(now: () => Date = () => new Date()): Meeting {
  const signals: MeetingSignals = {
    events: signal<readonly MeetingEvent[]>([]),
    folded: signal<MeetingState>(initialState),
    notice: signal<string | null>(null),
    decided: new Set(),
    seat: signal<PersonOnRecord | null>(null),
  };
  const opened = signal(false);
  let engine: MeetingEngine | null = null;
  // Asked for as the meeting is made, beside the record it will fold, not after the record is
  // read: one round trip fewer before the gated acts. A failure is met where it opens.
  const engineModule = import('./meeting-engine.ts');
  engineModule.catch(() => undefined);
  let markOpen: () => void = () => undefined;
  const whenOpen = new Promise<void>((resolve) => (markOpen = resolve));
  return {
    events: signals.events,
    // The record's state, as seen from this page's seat (who is signed in here), when someone is.
    state: computed(() => {
      const seat = signals.seat.value;
      return seat ? { ...signals.folded.value, seat } : signals.folded.value;
    }),
    seat: signals.seat,
    opened,
    notice: signals.notice,
    whenOpen,
    async open(record, problem) {
      const { startEngine } = await engineModule;
      engine = await startEngine(record, signals, now);
      if (problem) signals.notice.value = problem;
      opened.value = true;
      markOpen();
    },
    commit: (type, payload, actor) => (engine && opened.peek() ? engine.commit(type, payload, actor) : notOpen()),
    startOver: (next, reason, point, bylaws) =>
      engine && opened.peek() ? engine.startOver(next, reason, point, bylaws) : Promise.resolve(notOpen()),
    archives: () => (engine ? engine.record.archives() : Promise.resolve([])),
    readArchive: (id) => (engine ? engine.record.readArchive(id) : Promise.resolve(notOpen())),
    onDecided(listener) {
      signals.decided.add(listener);
      return () => signals.decided.delete(listener);
    },
  };
}

// The board's record in IndexedDB: every act, in order, on @warrant/ledger's append-only log,
// shared by every tab of this origin. A record holds the board as the act left it and the activity
// entries it added; the board is the fold of them all (the last board, and every entry).
//
// Tabs never overwrite each other. An act is recorded only after the head this tab had seen, so
// an act decided on a board another tab has since changed is refused (STALE_TAB), and this tab
// catches up before anyone decides again. Tabs are kept in step: what one records, the others are
// told at once (BroadcastChannel). Records that do not read back are set aside, never deleted.
import {
  jsonLogFormat,
  openLog,
  type AppendOnlyLog,
  type LogChange,
  type LogEntry,
  type LogHead,
} from '@warrant/ledger';
import type { BoardRecorder, Recorded } from './board-store.ts';
import { changedElsewhere, notRecorded } from './domain/refusals.ts';
import type { ActivityEntry, BoardState } from './domain/state.ts';
import { readState } from './domain/state-reader.ts';
import { BOARD_RECORD } from './storage-names.ts';

/** One act as the record keeps it: the board as the act left it, and what it added to the activity. */
export interface ActRecord {
  readonly board: Omit<BoardState, 'activity'>;
  readonly added: readonly ActivityEntry[];
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a stored value is not an act of this board, or null. Every act adds to the activity. */
function problem(value: unknown): string | null {
  if (!isRecord(value) || !isRecord(value['board']) || !Array.isArray(value['added']))
    return 'it is not an act of the launch board';
  return readState({ ...value['board'], activity: value['added'] })
    ? null
    : 'it holds a board that breaks a rule of the board';
}

function actOf(before: BoardState, after: BoardState): ActRecord {
  const { activity, ...board } = after;
  return { board, added: activity.slice(before.activity.length) };
}

/** The board the records make, after `from` (or from nothing). */
function fold(entries: readonly LogEntry<ActRecord>[], from: BoardState | null): BoardState | null {
  let state = from;
  for (const { record } of entries)
    state = { ...record.board, activity: [...(state?.activity ?? []), ...record.added] };
  return state;
}

export type OpenedRecord =
  | {
      readonly kind: 'kept';
      readonly state: BoardState;
      readonly recorder: BoardRecorder;
      /** Why the board does not resume exactly as last seen, when it does not. */
      readonly notice: string | null;
    }
  /** The record would not open: the board must not write over what it may still hold. */
  | { readonly kind: 'unavailable'; readonly reason: string };

export interface RecordOptions {
  /** The board a record that holds nothing starts with. */
  readonly fresh: () => BoardState;
  readonly indexedDB?: IDBFactory;
  readonly name?: string;
}

export async function openBoardRecord(options: RecordOptions): Promise<OpenedRecord> {
  const opened = await openLog<ActRecord, ActRecord>({
    name: options.name ?? BOARD_RECORD,
    format: jsonLogFormat<ActRecord>(problem),
    ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
  });
  if (!opened.ok) return { kind: 'unavailable', reason: opened.message };
  const { log } = opened;
  const notice = opened.setAside
    ? `${opened.setAside.archive.count} recorded act${opened.setAside.archive.count === 1 ? '' : 's'} could not be read back (${opened.setAside.reason}). ` +
      'They were set aside in this browser, untouched, and the board resumes from the last act that reads back.'
    : null;
  let state = fold(opened.entries, null);
  if (!state) {
    state = await begin(log, options.fresh());
    if (!state) return { kind: 'unavailable', reason: 'the record could not be started in this browser' };
  }
  return { kind: 'kept', state, recorder: recorderOver(log, state), notice };
}

/** Starts an empty record with a fresh board; another tab may have started it a moment before. */
async function begin(log: AppendOnlyLog<ActRecord, ActRecord>, fresh: BoardState): Promise<BoardState | null> {
  const started = await log.append({ board: actOf(fresh, fresh).board, added: fresh.activity });
  if (started.ok) return fresh;
  const caught = await log.sync();
  return caught.ok ? fold(caught.entries, null) : null;
}

function sameHead(a: LogHead, b: LogHead): boolean {
  return a.epoch === b.epoch && a.seq === b.seq && a.hash === b.hash;
}

function recorderOver(log: AppendOnlyLog<ActRecord, ActRecord>, start: BoardState): BoardRecorder {
  // The board this tab shows, and the head of the record it is the fold of.
  let current = start;
  let known = log.head();
  const listeners = new Set<(state: BoardState) => void>();
  const moveTo = (change: LogChange<ActRecord>): void => {
    known = change.head;
    const next = fold(change.entries, change.restarted ? null : current);
    if (!next || next === current) return;
    current = next;
    for (const listener of [...listeners]) listener(next);
  };
  log.subscribe(moveTo);

  return {
    keeps: true,
    async record(before, after): Promise<Recorded> {
      // The log appends after the head it has read; the act was decided on the board folded to
      // `known`. Records read but not yet folded (they reach this tab in a moment) make the act
      // stale just as records not yet read do.
      if (before !== current || !sameHead(log.head(), known)) return changedElsewhere(0);
      const appended = await log.append(actOf(before, after));
      if (appended.ok) {
        current = after;
        known = appended.head;
        return { ok: true };
      }
      if (appended.code !== 'STALE_TAB') return notRecorded(appended.code, appended.message, appended.details);
      const caught = await log.sync();
      if (caught.ok) moveTo(caught);
      return changedElsewhere(Array.isArray(appended.details['missed']) ? appended.details['missed'].length : 0);
    },
    onElsewhere(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

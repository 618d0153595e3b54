import { openDB, type IDBPDatabase } from 'idb';
import { TOOL_NAMES } from './domain/rulebook.ts';
import type { MeetingEvent } from './domain/state.ts';

// The minute book on disk. The log is append-only: an event, once stored, is never rewritten.
// Loading a checkpoint starts a new meeting record, and the one it replaces is archived whole
// first, so nothing a clerk entered is ever lost. A record this code cannot read is archived
// too, never overwritten.

const DB_NAME = 'warrant-bench';
const VERSION = 1;

interface ArchivedMeeting {
  readonly archivedAt: string;
  readonly reason: string;
  readonly events: readonly unknown[];
}

export interface LoadedLog {
  readonly events: MeetingEvent[];
  /** Set when the stored record could not be read and was archived instead of folded. */
  readonly notice: string | null;
}

export interface MeetingLogStore {
  load(): Promise<LoadedLog>;
  /** Refuses (throws) unless the event follows the last one stored: another tab may have written. */
  append(event: MeetingEvent): Promise<void>;
  /** Archive the current record and start another from these events. */
  startOver(events: readonly MeetingEvent[], reason: string): Promise<void>;
  archivedCount(): Promise<number>;
}

const EVENT_TYPES = new Set<string>([...TOOL_NAMES, 'put_the_question']);
const ACTORS = new Set(['agent', 'clerk', 'chair']);

/** A stored record is folded only if every entry is an event and the seq runs 1, 2, 3 … */
function isReadableLog(values: readonly unknown[]): values is MeetingEvent[] {
  return values.every((value, index) => {
    if (typeof value !== 'object' || value === null) return false;
    const event = value as Record<string, unknown>;
    return (
      event['seq'] === index + 1 &&
      typeof event['at'] === 'string' &&
      ACTORS.has(event['actor'] as string) &&
      EVENT_TYPES.has(event['type'] as string) &&
      typeof event['payload'] === 'object' &&
      event['payload'] !== null
    );
  });
}

export class StaleRecordError extends Error {
  constructor() {
    super('The minute book was changed in another tab or window. Reload to see the record as it stands; nothing was recorded.');
    this.name = 'StaleRecordError';
  }
}

export async function openMeetingLog(name: string = DB_NAME): Promise<MeetingLogStore> {
  const db: IDBPDatabase = await openDB(name, VERSION, {
    upgrade(database) {
      database.createObjectStore('events', { keyPath: 'seq' });
      database.createObjectStore('archive', { autoIncrement: true });
    },
  });

  async function archiveAndReplace(events: readonly MeetingEvent[], reason: string): Promise<void> {
    const tx = db.transaction(['events', 'archive'], 'readwrite');
    const current = (await tx.objectStore('events').getAll()) as unknown[];
    if (current.length > 0) {
      const archived: ArchivedMeeting = { archivedAt: new Date().toISOString(), reason, events: current };
      await tx.objectStore('archive').add(archived);
    }
    await tx.objectStore('events').clear();
    for (const event of events) await tx.objectStore('events').add(event);
    await tx.done;
  }

  return {
    async load() {
      const stored = (await db.getAll('events')) as unknown[];
      if (isReadableLog(stored)) return { events: stored, notice: null };
      await archiveAndReplace([], 'unreadable record set aside at load');
      return { events: [], notice: 'The stored minute book could not be read. It has been archived in this browser, untouched, and a new record started.' };
    },
    async append(event) {
      const tx = db.transaction('events', 'readwrite');
      const last = await tx.store.openCursor(null, 'prev');
      if (((last?.key as number | undefined) ?? 0) !== event.seq - 1) {
        tx.abort();
        await tx.done.catch(() => undefined);
        throw new StaleRecordError();
      }
      // add, not put: an entry already stored under this seq is never overwritten.
      await tx.store.add(event);
      await tx.done;
    },
    startOver(events, reason) {
      return archiveAndReplace(events, reason);
    },
    async archivedCount() {
      return db.count('archive');
    },
  };
}

/** Where IndexedDB will not open (a private window that forbids it): the record lives in this tab only. */
export function memoryMeetingLog(): MeetingLogStore {
  let events: MeetingEvent[] = [];
  let archived = 0;
  return {
    load: async () => ({ events: [...events], notice: null }),
    async append(event) {
      if ((events.at(-1)?.seq ?? 0) !== event.seq - 1) throw new StaleRecordError();
      events = [...events, event];
    },
    async startOver(next) {
      if (events.length > 0) archived += 1;
      events = [...next];
    },
    archivedCount: async () => archived,
  };
}

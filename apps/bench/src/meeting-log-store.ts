import { openDB, type IDBPDatabase } from 'idb';
import type { MeetingEvent } from './domain/state.ts';

// The minute book on disk. The log is append-only: an event, once stored, is never rewritten.
// Loading a checkpoint starts a new meeting record, and the one it replaces is archived whole
// first, so nothing a clerk entered is ever lost.

const DB_NAME = 'warrant-bench';
const VERSION = 1;

interface ArchivedMeeting {
  readonly archivedAt: string;
  readonly reason: string;
  readonly events: readonly MeetingEvent[];
}

export interface MeetingLogStore {
  load(): Promise<MeetingEvent[]>;
  append(event: MeetingEvent): Promise<void>;
  /** Archive the current record and start another from these events. */
  startOver(events: readonly MeetingEvent[], reason: string): Promise<void>;
  archivedCount(): Promise<number>;
}

export async function openMeetingLog(): Promise<MeetingLogStore> {
  const db: IDBPDatabase = await openDB(DB_NAME, VERSION, {
    upgrade(database) {
      database.createObjectStore('events', { keyPath: 'seq' });
      database.createObjectStore('archive', { autoIncrement: true });
    },
  });
  return {
    async load() {
      return (await db.getAll('events')) as MeetingEvent[];
    },
    async append(event) {
      // add, not put: a second event with the same seq is a bug, and must not overwrite the first.
      await db.add('events', event);
    },
    async startOver(events, reason) {
      const tx = db.transaction(['events', 'archive'], 'readwrite');
      const current = (await tx.objectStore('events').getAll()) as MeetingEvent[];
      if (current.length > 0) {
        const archived: ArchivedMeeting = { archivedAt: new Date().toISOString(), reason, events: current };
        await tx.objectStore('archive').add(archived);
      }
      await tx.objectStore('events').clear();
      for (const event of events) await tx.objectStore('events').add(event);
      await tx.done;
    },
    async archivedCount() {
      return db.count('archive');
    },
  };
}

// The board's state in IndexedDB: one record, the canonical state as JSON text. Reading it back
// goes through parsePersisted, so a record the board could not have written (hand-edited, from
// another version, truncated) is copied aside, untouched, and the board starts afresh; a reload
// never crashes. A record that could not even be read is never overwritten: the board then runs
// unsaved for the session. A write that fails is tried again.
import { openDB, type IDBPDatabase } from 'idb';
import { parsePersisted, type BoardState } from './domain/state.ts';
import { BOARD_DB, BOARD_DB_VERSION, BOARD_KEY, BOARD_STORE } from './storage-names.ts';

export type Loaded =
  | { readonly kind: 'restored'; readonly state: BoardState }
  | { readonly kind: 'empty' }
  /** The record is not a board; it was copied to `setAsideKey` before anything else is written. */
  | { readonly kind: 'unreadable'; readonly reason: string; readonly setAsideKey: string }
  /** The store would not answer; nothing may be written over what it may still hold. */
  | { readonly kind: 'unavailable'; readonly reason: string };

export type SaveStatus = 'saved' | 'saving' | 'failed' | 'off';

export interface Persistence {
  load(): Promise<Loaded>;
  /** Queues a write; writes never overlap, and only the latest waiting state is written. */
  save(state: BoardState): void;
  /** Resolves once every queued write has landed (or failed). */
  flushed(): Promise<void>;
  onStatus(listener: (status: SaveStatus) => void): void;
}

/** Null when this browser gives the page no IndexedDB (then the board runs unsaved). */
export async function openPersistence(): Promise<Persistence | null> {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const db = await openDB(BOARD_DB, BOARD_DB_VERSION, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(BOARD_STORE)) database.createObjectStore(BOARD_STORE);
      },
    });
    return persistenceOver(db);
  } catch {
    return null;
  }
}

const READ_ATTEMPTS = 3;
const WRITE_RETRIES = 4;

function persistenceOver(db: IDBPDatabase): Persistence {
  const listeners: Array<(status: SaveStatus) => void> = [];
  const announce = (status: SaveStatus): void => listeners.forEach((listener) => listener(status));
  let waiting: BoardState | null = null;
  let writing: Promise<void> | null = null;

  let attempts = 0;
  const drain = async (): Promise<void> => {
    let failed = false;
    while (waiting) {
      const next = waiting;
      waiting = null;
      try {
        await db.put(BOARD_STORE, JSON.stringify(next), BOARD_KEY);
        failed = false;
        attempts = 0;
      } catch {
        failed = true;
        // Keep the state that failed unless a newer one is already waiting, and try again later.
        waiting ??= next;
        break;
      }
    }
    writing = null;
    announce(failed ? 'failed' : 'saved');
    if (failed && attempts < WRITE_RETRIES) {
      attempts += 1;
      setTimeout(() => {
        if (waiting && !writing) writing = drain();
      }, 200 * 2 ** attempts);
    }
  };

  return {
    async load() {
      let raw: unknown;
      let lastError: unknown = null;
      for (let attempt = 0; attempt < READ_ATTEMPTS; attempt += 1) {
        try {
          raw = await db.get(BOARD_STORE, BOARD_KEY);
          lastError = null;
          break;
        } catch (error) {
          lastError = error;
        }
      }
      if (lastError !== null) return { kind: 'unavailable', reason: `the saved board could not be read (${String(lastError)})` };
      if (raw === undefined) return { kind: 'empty' };
      const state = typeof raw === 'string' ? parsePersisted(raw) : null;
      if (state) return { kind: 'restored', state };
      const setAsideKey = `${BOARD_KEY}:set-aside:${new Date().toISOString()}`;
      await db.put(BOARD_STORE, raw, setAsideKey);
      const reason = typeof raw === 'string' ? 'the saved board is malformed or breaks a rule of the board' : 'the saved record is not a board';
      return { kind: 'unreadable', reason, setAsideKey };
    },
    save(state) {
      waiting = state;
      if (!writing) {
        announce('saving');
        writing = drain();
      }
    },
    flushed() {
      return writing ?? Promise.resolve();
    },
    onStatus(listener) {
      listeners.push(listener);
    },
  };
}

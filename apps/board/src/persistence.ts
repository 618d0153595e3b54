// The board's state in IndexedDB: one record, the canonical state as JSON text. Reading it back
// goes through parsePersisted, so a record the board could not have written (hand-edited, from
// another version, truncated) is set aside and the board starts afresh; a reload never crashes.
import { openDB, type IDBPDatabase } from 'idb';
import { parsePersisted, type BoardState } from './domain/state.ts';
import { BOARD_DB, BOARD_DB_VERSION, BOARD_KEY, BOARD_STORE } from './storage-names.ts';

export type Loaded =
  | { readonly kind: 'restored'; readonly state: BoardState }
  | { readonly kind: 'empty' }
  | { readonly kind: 'unreadable'; readonly reason: string };

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

function persistenceOver(db: IDBPDatabase): Persistence {
  const listeners: Array<(status: SaveStatus) => void> = [];
  const announce = (status: SaveStatus): void => listeners.forEach((listener) => listener(status));
  let waiting: BoardState | null = null;
  let writing: Promise<void> | null = null;

  const drain = async (): Promise<void> => {
    let failed = false;
    while (waiting) {
      const next = waiting;
      waiting = null;
      try {
        await db.put(BOARD_STORE, JSON.stringify(next), BOARD_KEY);
        failed = false;
      } catch {
        failed = true;
      }
    }
    writing = null;
    announce(failed ? 'failed' : 'saved');
  };

  return {
    async load() {
      let raw: unknown;
      try {
        raw = await db.get(BOARD_STORE, BOARD_KEY);
      } catch (error) {
        return { kind: 'unreadable', reason: `the saved board could not be read (${String(error)})` };
      }
      if (raw === undefined) return { kind: 'empty' };
      if (typeof raw !== 'string') return { kind: 'unreadable', reason: 'the saved record is not a board' };
      const state = parsePersisted(raw);
      return state ? { kind: 'restored', state } : { kind: 'unreadable', reason: 'the saved board is malformed or breaks a rule of the board' };
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

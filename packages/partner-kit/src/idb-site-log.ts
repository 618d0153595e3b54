// A partner's log in its own origin's IndexedDB. Entries are keyed by seq and only ever added
// (`add`, never `put`), in a transaction that must be durable before the write is acknowledged,
// and only if the entry follows the stored head: another tab (or the site's frame inside the
// desk) may have written first.
import { StaleLogError, type SiteLog } from './site-log.ts';

const VERSION = 1;
const ENTRIES = 'entries';
const BY_KIND = 'kind';

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused the request.'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('The IndexedDB transaction was aborted.'));
    transaction.onerror = () => reject(transaction.error ?? new Error('The IndexedDB transaction failed.'));
  });
}

function open(name: string, factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(name, VERSION);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(ENTRIES, { keyPath: 'seq' });
    store.createIndex(BY_KIND, 'kind');
  };
  return settled(request);
}

async function lastSeq(store: IDBObjectStore): Promise<number> {
  const cursor = await settled(store.openKeyCursor(null, 'prev'));
  return typeof cursor?.key === 'number' ? cursor.key : 0;
}

export async function openIdbSiteLog(name: string, factory: IDBFactory = indexedDB): Promise<SiteLog> {
  const db = await open(name, factory);
  return {
    async currentBook() {
      const transaction = db.transaction(ENTRIES, 'readonly');
      const store = transaction.objectStore(ENTRIES);
      // The index is ordered by kind, then by seq: the last `seeded` entry is the current book's first.
      const opening = await settled(store.index(BY_KIND).openKeyCursor(IDBKeyRange.only('seeded'), 'prev'));
      if (!opening) return [];
      return settled(store.getAll(IDBKeyRange.lowerBound(opening.primaryKey)));
    },
    async head() {
      return lastSeq(db.transaction(ENTRIES, 'readonly').objectStore(ENTRIES));
    },
    async append(entry) {
      const transaction = db.transaction(ENTRIES, 'readwrite', { durability: 'strict' });
      const store = transaction.objectStore(ENTRIES);
      const finished = done(transaction);
      const head = await lastSeq(store);
      if (entry.seq !== head + 1) {
        transaction.abort();
        await finished.catch(() => undefined);
        throw new StaleLogError(entry.seq, head);
      }
      store.add(entry);
      await finished;
    },
    async closedBooks() {
      const seeded = await settled(db.transaction(ENTRIES, 'readonly').objectStore(ENTRIES).index(BY_KIND).count('seeded'));
      return Math.max(0, seeded - 1);
    },
  };
}

// A log that lives as long as the tab: for tests, and for a browser that will not open storage.
// Instances are separate tabs of one log only when they share the same `MemoryLogStore`.
import { StaleLogError, type LogRecord, type SiteLog } from './site-log.ts';

export interface MemoryLogStore {
  books: LogRecord[][];
  readonly listeners: Set<() => void>;
  /** The tail of the queue of exclusive tasks: the "tabs" of one store take turns. */
  queue: Promise<unknown>;
}

export function memoryLogStore(): MemoryLogStore {
  return { books: [[]], listeners: new Set(), queue: Promise.resolve() };
}

export function memorySiteLog(store: MemoryLogStore = memoryLogStore()): SiteLog {
  const current = (): LogRecord[] => store.books.at(-1) as LogRecord[];
  const positionNow = (): string => `${store.books.length}:${current().length}`;
  let seen = positionNow();
  const changed = (): string => {
    seen = positionNow();
    for (const listener of [...store.listeners]) listener();
    return seen;
  };
  return {
    async read() {
      seen = positionNow();
      return { entries: current().map((entry) => structuredClone(entry)), position: seen };
    },
    async position() {
      return positionNow();
    },
    async append(entry) {
      if (positionNow() !== seen) throw new StaleLogError('Another tab wrote to this log first. Nothing was written.');
      if (entry.seq !== current().length + 1)
        throw new StaleLogError(`Entry ${entry.seq} does not follow entry ${current().length}. Nothing was written.`);
      // A stored entry is a copy: nothing the caller does later can reach into the log.
      current().push(structuredClone(entry));
      return changed();
    },
    async restart(_reason, first) {
      store.books = [...store.books, [structuredClone(first)]];
      return changed();
    },
    async closedBooks() {
      return store.books.filter((book) => book.length > 0).length - 1;
    },
    watch(listener) {
      store.listeners.add(listener);
      return () => void store.listeners.delete(listener);
    },
    exclusive(task) {
      const run = store.queue.then(task, task);
      store.queue = run.catch(() => undefined);
      return run;
    },
  };
}

// Where a partner keeps its log: one small interface, with an IndexedDB log for the page
// (idb-site-log.ts) and an in-memory one for tests and for a browser that refuses storage
// (memory-site-log.ts).

export interface SiteLog {
  /** The current book: the last `seeded` entry and everything after it, in order; empty for a new log. */
  currentBook(): Promise<readonly unknown[]>;
  /** The seq of the last entry stored; 0 for a new log. */
  head(): Promise<number>;
  /** Stores `entry`, resolving once it is durable. Throws StaleLogError unless it follows the head. */
  append(entry: { readonly seq: number; readonly kind: string }): Promise<void>;
  /** How many earlier books the log keeps (each reset or set-aside record closes one). */
  closedBooks(): Promise<number>;
}

export class StaleLogError extends Error {
  constructor(expected: number, head: number) {
    super(`The site's log moved on elsewhere (entry ${expected} was expected to follow ${expected - 1}, but the log ends at ${head}). Nothing was written.`);
    this.name = 'StaleLogError';
  }
}

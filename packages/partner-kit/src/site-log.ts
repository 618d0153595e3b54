// Where a partner keeps its log, as the site needs it: the current book's entries, appended one
// at a time (durable before acknowledged, refused if another tab wrote first), a restart that
// closes the book into the archive and opens the next (nothing is deleted), and word when
// another tab or frame of the origin wrote. In the page it is @warrant/ledger's append-only log
// (ledger-site-log.ts); in tests, and where the browser refuses storage, an in-memory one.

export interface SiteLog {
  /** The current book's entries in order, and the log's position after them. */
  read(): Promise<{ readonly entries: readonly unknown[]; readonly position: string }>;
  /** Where the log stands: it changes with every append and restart, whichever tab made it. */
  position(): Promise<string>;
  /** Appends after what this tab has read; resolves with the new position once durable. Throws StaleLogError if another tab wrote first. */
  append(entry: LogRecord): Promise<string>;
  /** Closes the current book into the archive and starts the log again with `first`. */
  restart(reason: string, first: LogRecord): Promise<string>;
  /** How many closed books the archive holds. */
  closedBooks(): Promise<number>;
  /** Calls `listener` when another tab or frame changed the log. Returns the unsubscribe. */
  watch(listener: () => void): () => void;
  /**
   * Runs `task` as the only one changing this log, across the origin's tabs and frames: a site
   * reads, decides and appends inside it, so two writes never decide on the same state.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
}

/** What the log stores: an entry with its position in the book. */
export interface LogRecord {
  readonly seq: number;
  readonly kind: string;
}

export class StaleLogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StaleLogError';
  }
}

// A log that lives as long as the tab: for tests, and for a browser that will not open storage.
import { StaleLogError, type SiteLog } from './site-log.ts';

export function memorySiteLog(): SiteLog {
  const entries: Array<{ readonly seq: number; readonly kind: string }> = [];
  const lastSeeded = (): number => entries.findLastIndex((entry) => entry.kind === 'seeded');
  return {
    async currentBook() {
      const from = lastSeeded();
      return from === -1 ? [] : entries.slice(from).map((entry) => structuredClone(entry));
    },
    async head() {
      return entries.at(-1)?.seq ?? 0;
    },
    async append(entry) {
      const head = entries.at(-1)?.seq ?? 0;
      if (entry.seq !== head + 1) throw new StaleLogError(entry.seq, head);
      // A stored entry is a copy: nothing the caller does later can reach into the log.
      entries.push(structuredClone(entry));
    },
    async closedBooks() {
      return Math.max(0, entries.filter((entry) => entry.kind === 'seeded').length - 1);
    },
  };
}

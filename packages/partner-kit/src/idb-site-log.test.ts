import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openIdbSiteLog } from './idb-site-log.ts';
import { StaleLogError } from './site-log.ts';

// The IndexedDB log (over fake-indexeddb): append-only, in order, the current book from the last
// seeded entry on, and what is written is there when the database is opened again.

let counter = 0;
const freshName = () => `test-site-${(counter += 1)}`;
const seeded = (seq: number) => ({ seq, kind: 'seeded', at: 't', book: 'ABCD', firstDay: '2026-12-01', reason: 'test' });
const write = (seq: number) => ({ seq, kind: 'write', at: 't' });

describe('the IndexedDB site log', () => {
  it('starts empty', async () => {
    const log = await openIdbSiteLog(freshName());
    expect(await log.head()).toBe(0);
    expect(await log.currentBook()).toEqual([]);
    expect(await log.closedBooks()).toBe(0);
  });

  it('appends in order, refuses an entry that does not follow the head, and keeps what it has', async () => {
    const name = freshName();
    const log = await openIdbSiteLog(name);
    await log.append(seeded(1));
    await log.append(write(2));
    await expect(log.append(write(2))).rejects.toBeInstanceOf(StaleLogError);
    await expect(log.append(write(4))).rejects.toBeInstanceOf(StaleLogError);
    const reopened = await openIdbSiteLog(name);
    expect(await reopened.head()).toBe(2);
    expect(await reopened.currentBook()).toEqual([seeded(1), write(2)]);
  });

  it('hands back only the current book, and counts the closed ones', async () => {
    const log = await openIdbSiteLog(freshName());
    await log.append(seeded(1));
    await log.append(write(2));
    await log.append(seeded(3));
    await log.append(write(4));
    expect(await log.currentBook()).toEqual([seeded(3), write(4)]);
    expect(await log.closedBooks()).toBe(1);
    expect(await log.head()).toBe(4);
  });
});

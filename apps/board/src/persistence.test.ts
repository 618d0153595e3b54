import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { stages } from './domain/test-support.ts';
import { openPersistence, type Persistence } from './persistence.ts';
import { BOARD_DB, BOARD_KEY, BOARD_STORE } from './storage-names.ts';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

async function opened(): Promise<Persistence> {
  const persistence = await openPersistence();
  if (!persistence) throw new Error('no persistence');
  return persistence;
}

async function storeRaw(value: unknown): Promise<void> {
  await opened();
  const db = await openDB(BOARD_DB);
  await db.put(BOARD_STORE, value, BOARD_KEY);
  db.close();
}

describe('the board in IndexedDB', () => {
  it('starts empty, and gives back exactly the state it saved', async () => {
    const { pending } = stages();
    const first = await opened();
    expect(await first.load()).toEqual({ kind: 'empty' });
    first.save(pending);
    await first.flushed();
    const again = await opened();
    expect(await again.load()).toEqual({ kind: 'restored', state: pending });
  });

  it('writes only the latest of a burst, one write at a time, and reports when it has landed', async () => {
    const { fresh, framed, edited } = stages();
    const persistence = await opened();
    const statuses: string[] = [];
    persistence.onStatus((status) => statuses.push(status));
    persistence.save(fresh);
    persistence.save(framed);
    persistence.save(edited);
    await persistence.flushed();
    expect(statuses).toEqual(['saving', 'saved']);
    expect(await persistence.load()).toEqual({ kind: 'restored', state: edited });
  });

  it('sets aside a record it could not have written, without throwing', async () => {
    const { inReview } = stages();
    for (const raw of ['{not json', JSON.stringify({ schemaVersion: 2 }), JSON.stringify({ ...inReview, review: null }), JSON.stringify({ ...inReview, activity: [] })]) {
      globalThis.indexedDB = new IDBFactory();
      await storeRaw(raw);
      expect(await (await opened()).load()).toMatchObject({ kind: 'unreadable', reason: expect.stringContaining('malformed') });
    }
    globalThis.indexedDB = new IDBFactory();
    await storeRaw({ schemaVersion: 1 });
    expect(await (await opened()).load()).toMatchObject({ kind: 'unreadable', reason: expect.stringContaining('not a board') });
  });

  it('keeps the unreadable record, byte for byte, under its set-aside key', async () => {
    await storeRaw('{not json');
    const loaded = await (await opened()).load();
    if (loaded.kind !== 'unreadable') throw new Error(`expected unreadable, got ${loaded.kind}`);
    const db = await openDB(BOARD_DB);
    expect(await db.get(BOARD_STORE, loaded.setAsideKey)).toBe('{not json');
    db.close();
  });
});

import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLog, type AppendOnlyLog, type LogChange, type OpenedLog } from './append-only-log.ts';
import { jsonLogFormat } from './log-format.ts';
import type { ToolRefusal } from '@warrant/base';

interface Note {
  readonly by: string;
  readonly n: number;
}

const isNote = (value: unknown): string | null =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Note).by === 'string' &&
  Number.isInteger((value as Note).n)
    ? null
    : 'not a note';

let factory: IDBFactory;
const opened: AppendOnlyLog<Note, Note>[] = [];

beforeEach(() => {
  factory = new IDBFactory();
});
afterEach(() => {
  for (const log of opened.splice(0)) log.close();
});

async function tab(
  name = 'notes',
  problem: (value: unknown) => string | null = isNote,
): Promise<OpenedLog<Note, Note>> {
  const result = await openLog<Note, Note>({
    name,
    format: jsonLogFormat<Note>(problem),
    indexedDB: factory,
    clock: () => new Date('2026-12-01T09:00:00.000Z'),
  });
  if (!result.ok) throw new Error(result.message);
  opened.push(result.log);
  return result;
}

async function ok<R extends { ok: true }>(result: Promise<R | ToolRefusal> | R | ToolRefusal): Promise<R> {
  const value = await result;
  if (!value.ok) throw new Error(`${value.code}: ${value.message}`);
  return value;
}

/** The chain as jsonLogFormat defines it, computed with Node's own SHA-256. */
function chainOf(records: readonly Note[]): string[] {
  let prev = '0'.repeat(64);
  return records.map(
    (record) =>
      (prev = createHash('sha256')
        .update(`${prev}\t${JSON.stringify(record)}`)
        .digest('hex')),
  );
}

/** Lets queued broadcast messages and the syncs they start run. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function rawPut(name: string, store: string, value: unknown): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(store, 'readwrite');
    tx.objectStore(store).put(value);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

describe('the append-only log', () => {
  it('appends in order, chains every record, and gives back on reopening exactly what it acknowledged', async () => {
    const { log, entries, head } = await tab();
    expect(entries).toEqual([]);
    expect(head).toMatchObject({ seq: 0, hash: '0'.repeat(64) });
    const notes: Note[] = [
      { by: 'a', n: 1 },
      { by: 'a', n: 2 },
      { by: 'a', n: 3 },
    ];
    for (const note of notes) await ok(log.append(note));
    const hashes = chainOf(notes);
    expect(log.head()).toMatchObject({ seq: 3, hash: hashes[2] });
    log.close();
    const again = await tab();
    expect(again.entries).toEqual(notes.map((record, index) => ({ seq: index + 1, head: hashes[index], record })));
    expect(again.head).toEqual(log.head());
    expect(again.setAside).toBeNull();
  });

  it('acknowledges an append only once it is stored, and stores nothing of a batch it refuses', async () => {
    const { log } = await tab();
    await ok(log.append({ by: 'a', n: 1 }));
    const reader = await tab();
    expect((await ok(reader.log.read())).entries).toHaveLength(1);
    const refused = await log.appendAll([
      { by: 'a', n: 2 },
      { by: 'a', n: 3 },
      { by: 'a', n: 3.5 },
    ]);
    expect(refused).toMatchObject({
      ok: false,
      isError: true,
      code: 'INVALID_RECORD',
      details: { index: 2, reason: 'not a note' },
    });
    expect((await ok(reader.log.read())).entries).toHaveLength(1);
    expect(log.head().seq).toBe(1);
  });

  it('refuses a record IndexedDB cannot keep, and writes nothing', async () => {
    const { log } = await tab('notes', () => null);
    const refused = await log.append({ by: 'a', n: 1, call: () => 1 } as unknown as Note);
    expect(refused).toMatchObject({ ok: false, code: 'INVALID_RECORD' });
    expect(await log.read()).toEqual({ ok: true, entries: [] });
  });

  it("refuses a stale tab's append with STALE_TAB and what it missed, and takes it once the tab catches up", async () => {
    const a = await tab();
    const b = await tab();
    await ok(a.log.append({ by: 'a', n: 1 }));
    const refused = await b.log.append({ by: 'b', n: 1 });
    expect(refused).toMatchObject({
      ok: false,
      isError: true,
      code: 'STALE_TAB',
      details: {
        restarted: false,
        seen: { seq: 0 },
        stored: { seq: 1 },
        missed: [{ seq: 1, record: { by: 'a', n: 1 } }],
      },
    });
    expect((await ok(a.log.read())).entries).toHaveLength(1);
    // The refusal explained; it did not hand the record over, so head() has not moved.
    expect(b.log.head().seq).toBe(0);
    const caught = await ok(b.log.sync());
    expect(caught).toMatchObject({ restarted: false, entries: [{ seq: 1, record: { by: 'a', n: 1 } }] });
    await ok(b.log.append({ by: 'b', n: 1 }));
    expect((await ok(a.log.read())).entries.map((entry) => entry.record)).toEqual([
      { by: 'a', n: 1 },
      { by: 'b', n: 1 },
    ]);
  });

  it('cannot be spliced by a tab whose record has the same length as the stored one', async () => {
    // Issue 8, item 2: tab A holds 8 records; tab B loads a checkpoint of 8 others. A length
    // check lets A's next append land on B's record; the head check refuses it.
    const a = await tab();
    const b = await tab();
    await ok(a.log.appendAll(Array.from({ length: 8 }, (_, n) => ({ by: 'a', n }))));
    await ok(b.log.sync());
    await ok(
      b.log.archive(
        'load the tangle',
        Array.from({ length: 8 }, (_, n) => ({ by: 'tangle', n })),
      ),
    );
    expect(b.log.head().seq).toBe(8);
    const refused = await a.log.append({ by: 'a', n: 8 });
    expect(refused).toMatchObject({ ok: false, code: 'STALE_TAB', details: { restarted: true } });
    expect((refused as ToolRefusal).details['missed']).toHaveLength(8);
    expect((await ok(a.log.read())).entries.every((entry) => entry.record.by === 'tangle')).toBe(true);
  });

  it("does not count a tab's own appends still in flight as another tab's", async () => {
    const { log } = await tab();
    const results = await Promise.all([
      log.append({ by: 'a', n: 1 }),
      log.append({ by: 'a', n: 2 }),
      log.append({ by: 'a', n: 3 }),
    ]);
    expect(results.map((result) => (result.ok ? result.entries[0]?.seq : result.code))).toEqual([1, 2, 3]);
  });

  it("refuses an append asked before another tab's record reached this tab, even once it has arrived", async () => {
    const a = await tab();
    const b = await tab();
    const heard: LogChange<Note>[] = [];
    a.log.subscribe((change) => heard.push(change));
    await settle();
    await ok(b.log.append({ by: 'b', n: 1 }));
    // A decided without b's record: its append is refused even though the broadcast lands first.
    const racing = a.log.append({ by: 'a', n: 1 });
    await settle();
    expect(await racing).toMatchObject({
      ok: false,
      code: 'STALE_TAB',
      details: { missed: [{ record: { by: 'b', n: 1 } }] },
    });
    expect(heard).toEqual([
      {
        restarted: false,
        entries: [{ seq: 1, head: expect.any(String), record: { by: 'b', n: 1 } }],
        head: b.log.head(),
      },
    ]);
    await ok(a.log.append({ by: 'a', n: 1 }));
  });

  it("tells subscribers of other tabs' appends exactly once, in order, and not of their own", async () => {
    const a = await tab();
    const b = await tab();
    const heardByA: Note[] = [];
    a.log.subscribe((change) => heardByA.push(...change.entries.map((entry) => entry.record)));
    for (let n = 0; n < 5; n += 1) {
      await ok(b.log.append({ by: 'b', n }));
      if (n % 2 === 0) await settle();
    }
    await settle();
    expect(heardByA).toEqual(Array.from({ length: 5 }, (_, n) => ({ by: 'b', n })));
    await ok(a.log.append({ by: 'a', n: 0 }));
    await settle();
    expect(heardByA).toHaveLength(5);
  });

  it('keeps one unforked chain when two tabs append at once, each record exactly once', async () => {
    const a = await tab();
    const b = await tab();
    a.log.subscribe(() => undefined);
    b.log.subscribe(() => undefined);
    let refusals = 0;
    const writeAll = async (log: AppendOnlyLog<Note, Note>, by: string) => {
      for (let n = 0; n < 25; n += 1) {
        for (;;) {
          const result = await log.append({ by, n });
          if (result.ok) break;
          expect(result.code).toBe('STALE_TAB');
          refusals += 1;
          await log.sync();
        }
      }
    };
    await Promise.all([writeAll(a.log, 'a'), writeAll(b.log, 'b')]);
    const reopened = await tab();
    const records = reopened.entries.map((entry) => entry.record);
    expect(records).toHaveLength(50);
    expect(reopened.entries.map((entry) => entry.head)).toEqual(chainOf(records));
    for (const by of ['a', 'b'])
      expect(records.filter((note) => note.by === by).map((note) => note.n)).toEqual(
        Array.from({ length: 25 }, (_, n) => n),
      );
    expect(refusals).toBeGreaterThan(0);
  });

  it('sets aside, never deletes, a record that no longer reads back and everything after it', async () => {
    const { log } = await tab();
    await ok(log.appendAll([1, 2, 3, 4].map((n) => ({ by: 'a', n }))));
    log.close();
    // Record 3 edited on disk: its JSON no longer chains.
    const stored = (await tab()).entries[2];
    opened.splice(0).forEach((l) => l.close());
    await rawPut('notes', 'records', { seq: 3, head: stored?.head, record: { by: 'mallory', n: 3 }, writer: 'x' });
    const again = await tab();
    expect(again.entries.map((entry) => entry.record.n)).toEqual([1, 2]);
    expect(again.setAside).toMatchObject({
      reason: 'record 3 does not chain after the one before it',
      archive: { kind: 'set_aside', from: 3, count: 2 },
    });
    expect((await ok(again.log.archives())).archives).toHaveLength(1);
    const contents = await again.log.readArchive(again.setAside?.archive.id ?? -1);
    expect(contents).toMatchObject({
      values: [
        { by: 'mallory', n: 3 },
        { by: 'a', n: 4 },
      ],
    });
    await ok(again.log.append({ by: 'a', n: 3 }));
  });

  it('sets aside records the validator of a newer version refuses, and makes a tab that saw them stale', async () => {
    const old = await tab('notes', () => null);
    await ok(
      old.log.appendAll([
        { by: 'a', n: 1 },
        { by: 'a', n: 2 },
        { by: 'a', n: 2.5 },
      ]),
    );
    const newer = await tab();
    expect(newer.entries).toHaveLength(2);
    expect(newer.setAside?.reason).toBe('record 3 cannot be read: not a note');
    expect(await old.log.append({ by: 'a', n: 3 })).toMatchObject({
      ok: false,
      code: 'STALE_TAB',
      details: { restarted: true },
    });
  });

  it('archives the whole log and starts a fresh one, and lists and reads what it archived', async () => {
    const { log } = await tab();
    await ok(
      log.appendAll([
        { by: 'a', n: 1 },
        { by: 'a', n: 2 },
      ]),
    );
    const restarted = await ok(log.archive('load checkpoint "the tangle"', [{ by: 'checkpoint', n: 1 }]));
    expect(restarted.archive).toMatchObject({
      kind: 'archived',
      reason: 'load checkpoint "the tangle"',
      from: 1,
      count: 2,
      at: '2026-12-01T09:00:00.000Z',
    });
    expect(restarted.entries).toEqual([
      { seq: 1, head: chainOf([{ by: 'checkpoint', n: 1 }])[0], record: { by: 'checkpoint', n: 1 } },
    ]);
    expect(restarted.head.epoch).toBeGreaterThan(1);
    const again = await tab();
    expect(again.entries.map((entry) => entry.record)).toEqual([{ by: 'checkpoint', n: 1 }]);
    expect(await again.log.readArchive(restarted.archive?.id ?? -1)).toMatchObject({
      values: [
        { by: 'a', n: 1 },
        { by: 'a', n: 2 },
      ],
    });
    expect(await again.log.readArchive(999)).toMatchObject({ ok: false, code: 'ARCHIVE_NOT_FOUND' });
    expect(await ok(log.archive('empty start'))).toMatchObject({ archive: { count: 1 } });
    expect(await ok(log.archive('nothing to keep'))).toMatchObject({ archive: null, entries: [] });
  });

  it("does not count a tab's own archive, still in flight, as another tab's", async () => {
    const { log } = await tab();
    await ok(log.append({ by: 'a', n: 1 }));
    const [restarted, next] = await Promise.all([
      log.archive('load checkpoint', [{ by: 'checkpoint', n: 1 }]),
      log.append({ by: 'a', n: 2 }),
    ]);
    expect(restarted.ok).toBe(true);
    expect(next).toMatchObject({ ok: true, entries: [{ seq: 2, record: { by: 'a', n: 2 } }] });
  });

  it('refuses an archive from a stale tab too', async () => {
    const a = await tab();
    const b = await tab();
    await ok(a.log.append({ by: 'a', n: 1 }));
    expect(await b.log.archive('load checkpoint')).toMatchObject({ ok: false, code: 'STALE_TAB' });
    expect((await ok(a.log.read())).entries).toHaveLength(1);
  });

  it('tells a subscriber that another tab archived the log, with the whole new record', async () => {
    const a = await tab();
    const b = await tab();
    await ok(a.log.append({ by: 'a', n: 1 }));
    const heard: LogChange<Note>[] = [];
    b.log.subscribe((change) => heard.push(change));
    await settle();
    await ok(a.log.archive('start over', [{ by: 'a', n: 100 }]));
    await settle();
    expect(heard.map((change) => [change.restarted, change.entries.map((entry) => entry.record.n)])).toEqual([
      [false, [1]],
      [true, [100]],
    ]);
  });

  it('answers with a refusal, never a throw, once closed or where there is no IndexedDB', async () => {
    const { log } = await tab();
    log.close();
    expect(await log.append({ by: 'a', n: 1 })).toMatchObject({ ok: false, isError: true, code: 'LOG_CLOSED' });
    expect(await log.sync()).toMatchObject({ ok: false, code: 'LOG_CLOSED' });
    const saved = globalThis.indexedDB;
    Reflect.deleteProperty(globalThis, 'indexedDB');
    try {
      expect(await openLog({ name: 'x', format: jsonLogFormat(isNote) })).toMatchObject({
        ok: false,
        isError: true,
        code: 'STORAGE_UNAVAILABLE',
      });
    } finally {
      globalThis.indexedDB = saved;
    }
  });

  it('does not acknowledge an append whose transaction fails', async () => {
    const { log } = await tab();
    await ok(log.append({ by: 'a', n: 1 }));
    // Something already stored under the next seq: the add fails and the transaction aborts.
    await rawPut('notes', 'records', { seq: 2, head: 'f'.repeat(64), record: { by: 'x', n: 0 }, writer: 'x' });
    expect(await log.append({ by: 'a', n: 2 })).toMatchObject({
      ok: false,
      isError: true,
      code: 'STORAGE_FAILED',
      details: { name: 'ConstraintError' },
    });
    expect(log.head().seq).toBe(1);
  });

  it('leaves a database that holds something else untouched', async () => {
    await new Promise<void>((resolve) => {
      const request = factory.open('other-app', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('events');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    expect(await openLog({ name: 'other-app', format: jsonLogFormat(isNote), indexedDB: factory })).toMatchObject({
      ok: false,
      code: 'STORAGE_UNAVAILABLE',
    });
  });
});

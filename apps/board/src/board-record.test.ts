import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { settle } from '@warrant/surface/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBoardRecord, type OpenedRecord } from './board-record.ts';
import { initialState } from './domain/state.ts';
import { HEADLINE, REASON, testEnv } from './domain/test-support.ts';
import { boardPage, type BoardPage } from './test-page.ts';

// The board's record shared by tabs: each "tab" is a page's worth of board on its own recorder,
// over one IndexedDB (fake-indexeddb), with the log's BroadcastChannel between them as in a browser.

let factory: IDBFactory;
const live: BoardPage[] = [];
beforeEach(() => {
  factory = new IDBFactory();
});
afterEach(() => {
  for (const page of live.splice(0)) page.dispose();
});

async function opened(tab: number): Promise<Extract<OpenedRecord, { kind: 'kept' }>> {
  const record = await openBoardRecord({
    fresh: () => initialState(testEnv(100 + tab)),
    indexedDB: factory,
    name: 'board-test',
  });
  if (record.kind !== 'kept') throw new Error(record.reason);
  return record;
}

async function tab(number: number): Promise<BoardPage> {
  const record = await opened(number);
  const page = boardPage(record.state, {
    recorder: record.recorder,
    env: testEnv(number),
    schedule: (run) => queueMicrotask(run),
  });
  live.push(page);
  await page.surface.reconcile();
  return page;
}

/** Lets broadcast messages, the syncs they start and the reconciles they cause run. */
async function heard(): Promise<void> {
  for (let round = 0; round < 6; round += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  await settle();
}

describe('the board record', () => {
  it('starts a fresh board once, and a reopened tab resumes every act exactly', async () => {
    const a = await tab(1);
    expect(a.store.read().activity.map((entry) => entry.type)).toEqual(['SESSION_READY']);
    await a.human.frame(['headline']);
    await settle();
    expect(
      await a.agent.call('edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } }),
    ).toMatchObject({ ok: true });
    expect((await opened(2)).state).toEqual(a.store.read());
  });

  it('keeps two tabs in step: a frame or an edit in one is in the other at once, and neither overwrites the other', async () => {
    const a = await tab(1);
    const b = await tab(2);
    expect(b.store.read()).toEqual(a.store.read());
    await a.human.frame(['headline']);
    await heard();
    expect(b.store.read()).toMatchObject({ scopeVersion: 1, scope: ['headline'] });
    expect(b.agent.names()).toContain('edit_scoped_fields');
    expect(await b.human.frame(['headline', 'price'])).toMatchObject({ ok: true, scopeVersion: 2 });
    await heard();
    expect(await b.agent.call('edit_scoped_fields', { scopeVersion: 2, updates: { price: '€69' } })).toMatchObject({
      ok: true,
    });
    await heard();
    expect(
      await a.agent.call('edit_scoped_fields', { scopeVersion: 2, updates: { headline: HEADLINE } }),
    ).toMatchObject({ ok: true });
    await heard();
    for (const state of [a.store.read(), b.store.read(), (await opened(3)).state]) {
      expect(state).toMatchObject({
        scopeVersion: 2,
        scope: ['headline', 'price'],
        fields: { headline: HEADLINE, price: '€69' },
      });
      expect(state.activity.map((entry) => entry.type)).toEqual([
        'SESSION_READY',
        'SCOPE_CHANGED',
        'SCOPE_CHANGED',
        'AGENT_EDITED',
        'AGENT_EDITED',
      ]);
    }
  });

  it('refuses, with STALE_TAB and nothing recorded, an act decided on a board another tab had just changed', async () => {
    const a = await tab(1);
    const b = await tab(2);
    // B's human frames Price before A's frame (a moment earlier) has reached B.
    const [fromA, fromB] = await Promise.all([a.human.frame(['headline']), b.human.frame(['price'])]);
    expect(fromA).toMatchObject({ ok: true, scopeVersion: 1 });
    expect(fromB).toMatchObject({ ok: false, isError: true, code: 'STALE_TAB' });
    await heard();
    // B shows the record, not a v1 of its own; a reload holds only what was recorded.
    expect(b.store.read()).toEqual(a.store.read());
    expect((await opened(3)).state).toMatchObject({ scopeVersion: 1, scope: ['headline'] });
    expect((await opened(3)).state.activity).toHaveLength(2);
    // B's human, now seeing A's frame, decides again, and it is recorded.
    expect(await b.human.frame(['headline', 'price'])).toMatchObject({ ok: true, scopeVersion: 2 });
  });

  it("answers a tab's waiting request with a decision made in another tab", async () => {
    const a = await tab(1);
    const b = await tab(2);
    await b.human.frame(['headline']);
    await heard();
    const asked = b.agent.call('request_scope_expansion', { scopeVersion: 1, fields: ['launch_date'], reason: REASON });
    await heard();
    expect(a.store.read().pendingExpansion?.fields).toEqual(['launch_date']);
    expect(await a.human.decideExpansion('approve')).toMatchObject({ ok: true, code: 'EXPANSION_APPROVED' });
    await heard();
    b.clock.advance(0);
    expect(await asked).toMatchObject({
      ok: true,
      code: 'EXPANSION_APPROVED',
      permissionChanged: true,
      currentScopeVersion: 2,
      scope: ['headline', 'launch_date'],
    });
    expect(b.surface.heldFor()).toEqual([]);
  });

  it('ends a waiting request that another tab re-framed over, with SCOPE_STALE', async () => {
    const a = await tab(1);
    const b = await tab(2);
    await b.human.frame(['headline']);
    await heard();
    const asked = b.agent.call('request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: REASON });
    await heard();
    await a.human.frame(['audience']);
    await heard();
    expect(await asked).toMatchObject({ ok: false, code: 'SCOPE_STALE' });
  });

  it('sets aside an act that no longer reads back, resumes from the last that does, and says so', async () => {
    const a = await tab(1);
    await a.human.frame(['headline']);
    await a.human.frame(['price']);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open('board-test');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('records', 'readwrite');
      const store = tx.objectStore('records');
      const get = store.get(3);
      get.onsuccess = () =>
        store.put({
          ...get.result,
          record: { ...get.result.record, board: { ...get.result.record.board, scope: ['price', 'headline'] } },
        });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    const reopened = await opened(2);
    expect(reopened.state).toMatchObject({ scopeVersion: 1, scope: ['headline'] });
    expect(reopened.notice).toContain('1 recorded act could not be read back');
  });
});

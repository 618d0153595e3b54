import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKPOINTS } from './domain/checkpoints.ts';
import { SEED } from './domain/seed.ts';
import { createMeeting, type Meeting, type MeetingRecord } from './meeting.ts';
import { openMeetingRecord } from './meeting-record.ts';
import { tabOnlyRecord } from './tab-only-record.ts';

// The minute book against the shared append-only log over a real IndexedDB implementation
// (fake-indexeddb): acts are decided when asked for and written in order behind; two tabs never
// splice the record; nothing stored is ever discarded.

let databases = 0;
/** Each test gets a database of its own, as each browser profile does. */
const fresh = () => `warrant-bench-test-${(databases += 1)}`;

const widest = SEED.slice(0, CHECKPOINTS.widest);
const tangle = SEED.slice(0, CHECKPOINTS.tangle);

async function recordNamed(name: string): Promise<MeetingRecord> {
  const opened = await openMeetingRecord({ name });
  if (!opened.ok) throw new Error(opened.message);
  return opened.record;
}

/** A tab: a meeting on the record stored under `name`. */
async function tab(name: string): Promise<Meeting> {
  const meeting = createMeeting();
  await meeting.open(await recordNamed(name));
  return meeting;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('commit', () => {
  it('decides at once, against every act decided before it: of two overlapping main motions, only one lands', async () => {
    const meeting = createMeeting();
    await meeting.open(tabOnlyRecord());
    await meeting.startOver(SEED.slice(0, 2), 'test');
    const first = meeting.commit(
      'move_main_motion',
      { text: 'That we buy a dryer.', mover: 'Hollis Pemberton' },
      'agent',
    );
    const second = meeting.commit(
      'move_main_motion',
      { text: 'That we buy a freezer.', mover: 'Bettina Lund' },
      'agent',
    );
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, isError: true, code: 'NOT_IN_ORDER' });
    expect(meeting.state.value.stack).toHaveLength(1);
    if (first.ok) expect(await first.written).toEqual({ ok: true });
  });

  it('lets the chair put the question only when a seconded question is open', async () => {
    const meeting = createMeeting();
    await meeting.open(tabOnlyRecord());
    expect(meeting.commit('put_the_question', {}, 'chair')).toMatchObject({ ok: false, code: 'NOT_IN_ORDER' });
    await meeting.startOver(widest, 'test');
    expect(meeting.commit('put_the_question', {}, 'chair')).toMatchObject({ ok: true });
    expect(meeting.state.value.phase).toBe('VOTE_PENDING');
  });

  it('decides nothing before the record is open', () => {
    expect(createMeeting().commit('set_members_present', { present: 7 }, 'clerk')).toMatchObject({
      ok: false,
      code: 'RECORD_OPENING',
    });
  });
});

describe('the stored record', () => {
  it('survives a reload exactly', async () => {
    const name = fresh();
    const meeting = await tab(name);
    expect(await meeting.startOver(widest, 'test')).toEqual({ ok: true });
    const decided = meeting.commit(
      'correct_last_entry',
      { correction: 'Seconded by Bettina Lund, not Ravi.', actor: 'Tomasz Wierzbicki' },
      'clerk',
    );
    if (decided.ok) await decided.written;
    const reloaded = await tab(name);
    expect(reloaded.events.value).toEqual(meeting.events.value);
    expect(reloaded.events.value).toHaveLength(widest.length + 1);
  });

  it('archives the record a checkpoint replaces, whole, where it can be read again', async () => {
    const meeting = await tab(fresh());
    await meeting.startOver(widest, 'first');
    await meeting.startOver(tangle, 'second');
    const archives = await meeting.archives();
    expect(archives).toMatchObject([{ reason: 'second', count: widest.length, kind: 'archived' }]);
    if (!Array.isArray(archives)) throw new Error('the archive list was refused');
    expect(await meeting.readArchive(archives[0]!.id)).toEqual(widest);
    expect(meeting.events.value).toEqual(tangle);
  });

  const corruptions: ReadonlyArray<
    readonly [string, number, (record: Record<string, unknown>) => Record<string, unknown>]
  > = [
    ['an act the bench does not know', 3, (record) => ({ ...record, actor: 'nobody', type: 'seize_the_gavel' })],
    ['an attendance the board could not have', 1, (record) => ({ ...record, payload: { present: 1e9 } })],
  ];
  for (const [what, seq, corrupt] of corruptions) {
    it(`sets an entry that does not read back (${what}) aside into the archive, and goes on from the last that does`, async () => {
      const name = fresh();
      const meeting = await tab(name);
      await meeting.startOver(widest, 'test');
      // Another program rewrote an entry on disk.
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const tx = open.result.transaction('records', 'readwrite');
          const store = tx.objectStore('records');
          const read = store.get(seq);
          read.onsuccess = () => store.put({ ...read.result, record: corrupt(read.result.record) });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
      const reopened = await tab(name);
      expect(reopened.events.value).toEqual(widest.slice(0, seq - 1));
      expect(reopened.notice.value).toMatch(/archived in this browser, untouched/);
      expect(await reopened.archives()).toMatchObject([{ kind: 'set_aside', count: widest.length - seq + 1 }]);
    });
  }
});

describe('two tabs', () => {
  it('never splice the record: the tab behind is refused with STALE_TAB and takes the stored record', async () => {
    // No broadcast between the tabs, so tab A cannot have heard of B's write: the race at its worst.
    vi.stubGlobal('BroadcastChannel', undefined);
    const name = fresh();
    const a = await tab(name);
    await a.startOver(widest, 'tab A: the widest frontier');
    for (let i = 1; i <= 4; i += 1) {
      const corrected = a.commit(
        'correct_last_entry',
        { correction: `Correction ${i}.`, actor: 'Tomasz Wierzbicki' },
        'clerk',
      );
      if (corrected.ok) expect(await corrected.written).toEqual({ ok: true });
    }
    expect(a.events.value).toHaveLength(8);
    const b = await tab(name);
    await b.startOver(tangle, 'tab B: the tangle');
    expect(b.events.value).toHaveLength(8);

    // Tab A still shows its own 8 entries, where postponing indefinitely is in order.
    const postponed = a.commit('move_to_postpone_indefinitely', { mover: 'Hollis Pemberton' }, 'agent');
    expect(postponed.ok).toBe(true);
    if (!postponed.ok) return;
    expect(await postponed.written).toMatchObject({ ok: false, isError: true, code: 'STALE_TAB' });
    // Tab A caught up: it now holds the tangle, as stored, and says what it dropped.
    expect(a.events.value).toEqual(tangle);
    expect(a.state.value.stack.map((m) => m.motion)).toEqual(['main', 'amend', 'amend_amendment']);
    expect(a.notice.value).toMatch(/not kept/);
    const stored = await tab(name);
    expect(stored.events.value).toEqual(tangle);
  });

  it('keep in step: a tab hears of another tab’s record and folds it without being asked', async () => {
    const name = fresh();
    const a = await tab(name);
    await a.startOver(widest, 'tab A');
    const b = await tab(name);
    await b.startOver(tangle, 'tab B');
    await vi.waitFor(() => expect(a.events.value).toEqual(tangle));
    const next = a.commit(
      'correct_last_entry',
      { correction: 'Noted from tab A.', actor: 'Tomasz Wierzbicki' },
      'clerk',
    );
    if (next.ok) expect(await next.written).toEqual({ ok: true });
    await vi.waitFor(() => expect(b.events.value).toHaveLength(CHECKPOINTS.tangle + 1));
  });

  it('roll back every entry decided after a refused one, and tell each waiting caller', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const name = fresh();
    const a = await tab(name);
    await a.startOver(widest, 'tab A');
    const b = await tab(name);
    await b.startOver(tangle, 'tab B');
    const first = a.commit('correct_last_entry', { correction: 'One.', actor: 'T' }, 'clerk');
    const second = a.commit('correct_last_entry', { correction: 'Two.', actor: 'T' }, 'clerk');
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(await first.written).toMatchObject({ code: 'STALE_TAB' });
    expect(await second.written).toMatchObject({ code: 'STALE_TAB' });
    expect(a.events.value).toEqual(tangle);
  });
});

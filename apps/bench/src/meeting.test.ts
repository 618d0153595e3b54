import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CHECKPOINTS } from './domain/checkpoints.ts';
import { SEED } from './domain/seed.ts';
import { createMeeting } from './meeting.ts';
import { openMeetingLog, StaleRecordError } from './meeting-log-store.ts';

// The minute book against a real IndexedDB implementation (fake-indexeddb): acts are decided at
// the moment they are written, the log is append-only, and nothing stored is ever discarded.

let databases = 0;
/** Each test gets a database of its own, as each browser profile does. */
const fresh = () => `warrant-bench-test-${(databases += 1)}`;

const widest = SEED.slice(0, CHECKPOINTS.widest);

describe('commit', () => {
  it('decides legality when its turn comes: of two overlapping main motions, only one lands', async () => {
    const store = await openMeetingLog(fresh());
    const meeting = createMeeting(store, []);
    await meeting.commit('set_members_present', { present: 7 }, 'clerk');
    await meeting.commit('call_meeting_to_order', { chair: 'Adaeze Okafor', at: '6:30' }, 'chair');
    const [first, second] = await Promise.all([
      meeting.commit('move_main_motion', { text: 'That we buy a dryer.', mover: 'Hollis Pemberton' }, 'agent'),
      meeting.commit('move_main_motion', { text: 'That we buy a freezer.', mover: 'Bettina Lund' }, 'agent'),
    ]);
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, code: 'NOT_IN_ORDER' });
    expect(meeting.state.value.stack).toHaveLength(1);
    expect((await store.load()).events).toHaveLength(3);
  });

  it('lets the chair put the question only when a seconded question is open', async () => {
    const store = await openMeetingLog(fresh());
    const meeting = createMeeting(store, []);
    expect(await meeting.commit('put_the_question', {}, 'chair')).toMatchObject({ ok: false, code: 'NOT_IN_ORDER' });
    await store.startOver(widest, 'test');
    const reopened = createMeeting(store, (await store.load()).events);
    expect(await reopened.commit('put_the_question', {}, 'chair')).toMatchObject({ ok: true });
    expect(reopened.state.value.phase).toBe('VOTE_PENDING');
  });
});

describe('the stored log', () => {
  it('survives a reload exactly, and refuses an entry from a tab that has fallen behind', async () => {
    const name = fresh();
    const store = await openMeetingLog(name);
    await store.startOver(widest, 'test');
    const reloaded = await (await openMeetingLog(name)).load();
    expect(reloaded).toEqual({ events: widest, notice: null });
    const stale = { ...widest[1]!, seq: 2 };
    await expect(store.append(stale)).rejects.toBeInstanceOf(StaleRecordError);
    expect((await store.load()).events).toEqual(widest);
  });

  it('archives the record a checkpoint replaces, whole', async () => {
    const store = await openMeetingLog(fresh());
    await store.startOver(widest, 'first');
    await store.startOver(SEED.slice(0, CHECKPOINTS.tangle), 'second');
    expect(await store.archivedCount()).toBe(1);
    expect((await store.load()).events).toHaveLength(CHECKPOINTS.tangle);
  });

  it('sets an unreadable record aside in the archive instead of folding or discarding it', async () => {
    const name = fresh();
    const store = await openMeetingLog(name);
    await store.startOver(widest, 'test');
    // Another program left a malformed entry in the log.
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => {
        const tx = open.result.transaction('events', 'readwrite');
        tx.objectStore('events').put({ seq: 5, at: 'later', actor: 'nobody', type: 'seize_the_gavel', payload: {} });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    const loaded = await store.load();
    expect(loaded.events).toEqual([]);
    expect(loaded.notice).toMatch(/archived/);
    expect(await store.archivedCount()).toBe(1);
  });
});

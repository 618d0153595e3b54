import { describe, expect, it } from 'vitest';
import { CHECKPOINTS } from './domain/checkpoints.ts';
import { SEED } from './domain/seed.ts';
import type { MeetingEvent } from './domain/state.ts';
import { createMeeting, type MeetingRecord } from './meeting.ts';
import { tabOnlyRecord } from './tab-only-record.ts';

// A record whose keeper makes the entries itself (the bench's server: its own clock), and tells
// the page of every change, the page's own included: the page shows the entries as the keeper made
// them, and nothing it decided while a write was on its way is lost on the way.

const KEEPER_TIME = '23:59';
const keptAs = (event: MeetingEvent): MeetingEvent => ({ ...event, at: KEEPER_TIME });

/** tabOnlyRecord, timing every entry itself and telling its follower of each change, as the server's event stream does. */
function keeperRecord(): MeetingRecord {
  const inner = tabOnlyRecord();
  const followers = new Set<() => void>();
  const told = () => setTimeout(() => followers.forEach((follower) => follower()), 0);
  return {
    ...inner,
    async append(event, after) {
      const done = await inner.append(keptAs(event), after);
      told();
      return done.ok ? { ...done, event: keptAs(event) } : done;
    },
    async archive(reason, events, point) {
      const kept = events.map(keptAs);
      const done = await inner.archive(reason, kept, point);
      told();
      return done.ok ? { ...done, events: kept } : done;
    },
    follow(listener) {
      followers.add(listener);
      return () => followers.delete(listener);
    },
  };
}

describe('a record whose keeper makes the entries', () => {
  it('an act decided while a starting point is being written is kept, after the keeper’s entries', async () => {
    const meeting = createMeeting(() => new Date(2026, 0, 1, 9, 0));
    await meeting.open(keeperRecord());
    const started = meeting.startOver(SEED.slice(0, CHECKPOINTS.widest), 'test', 'widest');
    const put = meeting.commit('put_the_question', {}, 'chair');
    expect(put.ok).toBe(true);
    expect(await started).toEqual({ ok: true });
    if (put.ok) expect(await put.written).toEqual({ ok: true });
    expect(meeting.events.value.map((event) => event.type).at(-1)).toBe('put_the_question');
    expect(meeting.events.value.every((event) => event.at === KEEPER_TIME)).toBe(true);
    expect(meeting.state.value.phase).toBe('VOTE_PENDING');
  });

  it('hearing of its own write does not drop an act decided after it', async () => {
    const meeting = createMeeting();
    await meeting.open(keeperRecord());
    const first = meeting.commit('set_members_present', { present: 7 }, 'clerk');
    if (!first.ok) throw new Error(first.message);
    await first.written;
    // The keeper's word of the first write is on its way; an act is decided before it arrives.
    const second = meeting.commit('call_meeting_to_order', { chair: 'Adaeze', at: '6:32' }, 'clerk');
    if (!second.ok) throw new Error(second.message);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await second.written).toEqual({ ok: true });
    expect(meeting.events.value.map((event) => event.type)).toEqual(['set_members_present', 'call_meeting_to_order']);
  });

  it('a starting point loaded while the one before it is still being written is the one shown', async () => {
    const meeting = createMeeting();
    await meeting.open(keeperRecord());
    const tangle = meeting.startOver(SEED.slice(0, CHECKPOINTS.tangle), 'test', 'tangle');
    const widest = meeting.startOver(SEED.slice(0, CHECKPOINTS.widest), 'test', 'widest');
    expect(await tangle).toEqual({ ok: true });
    expect(await widest).toEqual({ ok: true });
    expect(meeting.events.value).toHaveLength(CHECKPOINTS.widest);
    expect(meeting.state.value.stack).toHaveLength(1);
  });
});

// The seeded meeting replays through the same reduce() the bench uses: every entry was in order
// when it was made, and the checkpoints show the surfaces the spec measures.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MotionId, ToolName } from './rulebook.ts';
import { GATED_ROWS, READ_ROWS } from './rulebook.ts';
import { canPutTheQuestion, legalTools, rule } from './rule.ts';
import { reduce, replay } from './reduce.ts';
import { wordingOf } from './wording.ts';
import { CHECKPOINTS, SEED } from './seed.ts';
import type { EventType, MeetingEvent, MeetingState, Payloads } from './state.ts';
import { initialState, top } from './state.ts';

function ev<K extends EventType>(type: K, payload: Payloads[K], actor: MeetingEvent['actor'] = 'clerk'): MeetingEvent {
  return { seq: 0, at: '20:00', actor, type, payload } as MeetingEvent;
}
const at = (n: number): MeetingState => replay(SEED.slice(0, n));
const registered = (s: MeetingState): number => READ_ROWS.length + legalTools(s).length;
const fold = (s: MeetingState, ...events: MeetingEvent[]): MeetingState => events.reduce(reduce, s);

describe('the seeded meeting', () => {
  it('was in order at every entry', () => {
    let s = initialState;
    for (const event of SEED) {
      if (event.type === 'put_the_question') {
        // The chair's control has its own condition: a seconded question, under debate or gone to
        // a vote without debate and not yet put — and only the chair logs it.
        expect(event.actor, `#${event.seq}`).toBe('chair');
        expect(['OPEN', 'VOTE_PENDING'], `#${event.seq}`).toContain(s.phase);
        expect(s.questionPut, `#${event.seq}`).toBe(false);
        expect(top(s)?.seconder, `#${event.seq}`).not.toBeNull();
        expect(canPutTheQuestion(s), `#${event.seq}`).toBe(true);
      } else {
        expect(rule(s, event.type), `#${event.seq} ${event.type}`).toMatchObject({ legal: true });
      }
      s = reduce(s, event);
    }
  });

  it('has 9 members, 7 present, and sequential entries', () => {
    expect(at(1).present).toBe(7);
    expect(SEED.map((e) => e.seq)).toEqual(SEED.map((_, i) => i + 1));
  });

  it('registers 5 / 17 / 15 tools at load, widest and tangle, and 9 at widest with 4 present', () => {
    expect(registered(at(CHECKPOINTS.load))).toBe(5);
    expect(registered(at(CHECKPOINTS.widest))).toBe(17);
    expect(registered(at(CHECKPOINTS.tangle))).toBe(15);
    expect(registered(fold(at(CHECKPOINTS.widest), ev('set_members_present', { present: 4 }, 'chair')))).toBe(9);
  });

  it('puts the widest frontier at the widest checkpoint', () => {
    const sizes = SEED.map((_, n) => legalTools(at(n)).length);
    expect(Math.max(...sizes)).toBe(sizes[CHECKPOINTS.widest]);
  });

  it('is three deep at the tangle, where neither amendment can be moved and no vote exists', () => {
    const s = at(CHECKPOINTS.tangle);
    expect(s.stack.map((m) => m.motion)).toEqual(['main', 'amend', 'amend_amendment']);
    expect(rule(s, 'move_to_amend_the_amendment')).toMatchObject({ legal: false, cite: 'RONR §12' });
    expect(rule(s, 'record_vote_tally').legal).toBe(false);
  });

  it('tables the main motion with both amendments merged into it', () => {
    const s = at(CHECKPOINTS.tabled);
    expect(s.phase).toBe('FLOOR_CLEAR');
    expect(s.table).toHaveLength(1);
    const [tabledMain] = s.table[0]!.series;
    const amendment = SEED[4]!.payload as Payloads['move_to_amend'];
    const secondDegree = SEED[6]!.payload as Payloads['move_to_amend_the_amendment'];
    const text = wordingOf(tabledMain!);
    expect(text).toContain(amendment.text);
    expect(text).toContain(secondDegree.text);
    expect(tabledMain!.adopted[0]!.adopted[0]!.text).toBe(secondDegree.text);
  });

  it('names the same moments at its checkpoints: the tabling vote just taken, the injected motion just seconded', () => {
    expect(SEED[CHECKPOINTS.widest - 1]).toMatchObject({ type: 'second_pending_motion' });
    expect(at(CHECKPOINTS.widest).stack.map((m) => m.motion)).toEqual(['main']);
    expect(SEED[CHECKPOINTS.tangle - 1]).toMatchObject({ type: 'second_pending_motion' });
    expect(SEED[CHECKPOINTS.tabled - 1]).toMatchObject({ type: 'record_vote_tally' });
    expect(at(CHECKPOINTS.tabled - 1).stack.at(-1)?.motion).toBe('lay_on_table');
    expect(CHECKPOINTS.injection).toBe(SEED.length);
    expect(SEED[CHECKPOINTS.injection - 1]).toMatchObject({ type: 'second_pending_motion' });
    expect(SEED[CHECKPOINTS.injection - 2]).toMatchObject({ type: 'move_main_motion' });
  });

  it('tallies only votes the chair put, each by a put_the_question of its own', () => {
    const tallies = SEED.flatMap((e, i) => (e.type === 'record_vote_tally' ? [i] : []));
    expect(tallies).toHaveLength(3);
    for (const i of tallies) {
      const since = SEED.slice(0, i).findLastIndex((e) => e.type === 'record_vote_tally');
      expect(
        SEED.slice(since + 1, i).filter((e) => e.type === 'put_the_question' && e.actor === 'chair'),
        `#${i + 1}`,
      ).toHaveLength(1);
    }
  });

  it('replays deterministically: the same log gives a deep-equal state', () => {
    expect(replay(SEED)).toEqual(replay(structuredClone(SEED) as MeetingEvent[]));
    // Ids come from the fold, not a module counter: the fifth motion made is m5 on every replay.
    expect(replay(SEED).stack[0]!.id).toBe('m5');
  });
});

describe('the quorum cliff at the widest frontier', () => {
  const widest = at(CHECKPOINTS.widest);
  const cliff = fold(widest, ev('set_members_present', { present: 4 }, 'chair'));
  const before = legalTools(widest);
  const after = legalTools(cliff);
  const removed = before.filter((t) => !after.includes(t));
  const kind = (t: ToolName) => GATED_ROWS.find((r) => r.name === t)?.kind;

  it('removes exactly 8 tools without moving the phase', () => {
    expect(cliff.phase).toBe(widest.phase);
    expect(cliff.stack).toEqual(widest.stack);
    expect(removed).toHaveLength(8);
    expect(after.filter((t) => !before.includes(t))).toEqual([]);
  });

  it('removes 7 imperative tools and exactly one declarative form, enter_motion_text', () => {
    expect(removed.filter((t) => kind(t) === 'declarative')).toEqual(['enter_motion_text']);
    expect(removed.filter((t) => kind(t) === 'imperative')).toHaveLength(7);
  });

  it('leaves exactly adjournment, points of order, rulings, corrections and attendance', () => {
    expect([...after].sort()).toEqual([
      'correct_last_entry',
      'move_to_adjourn',
      'raise_point_of_order',
      'record_chair_ruling',
      'set_members_present',
    ]);
  });

  it('can still adjourn: the motion is seconded, the chair puts it without a quorum, and it carries', () => {
    const moved = fold(cliff, ev('move_to_adjourn', { mover: 'A' }));
    expect(rule(moved, 'second_pending_motion').legal).toBe(true);
    const seconded = fold(moved, ev('second_pending_motion', { seconder: 'B' }));
    expect(seconded).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
    expect(rule(seconded, 'record_vote_tally')).toMatchObject({ legal: false, cite: 'RONR §4' });
    // §40 allows adjourning without a quorum, so the chair may put this question without one.
    expect(canPutTheQuestion(seconded)).toBe(true);
    const put = fold(seconded, ev('put_the_question', {}, 'chair'));
    expect(rule(put, 'record_vote_tally').legal).toBe(true);
    expect(fold(put, ev('record_vote_tally', { aye: 3, nay: 1 })).phase).toBe('ADJOURNED');
  });

  it('lets the chair put no other question without a quorum', () => {
    expect(canPutTheQuestion(cliff)).toBe(false);
    const ordered = fold(
      widest,
      ev('move_previous_question', { mover: 'A' }),
      ev('second_pending_motion', { seconder: 'B' }),
      ev('set_members_present', { present: 4 }, 'chair'),
    );
    expect(ordered).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
    expect(canPutTheQuestion(ordered)).toBe(false);
  });
});

describe('points of order (§23)', () => {
  const widest = at(CHECKPOINTS.widest);
  const raised = fold(widest, ev('raise_point_of_order', { concern: 'C', raisedBy: 'R' }));

  it('pauses business in RULING_PENDING, remembering what it interrupted', () => {
    expect(raised.phase).toBe('RULING_PENDING');
    expect(raised.ruling?.interrupted).toBe('OPEN');
  });

  it('returns to OPEN with the stack untouched on a ruling that strikes nothing', () => {
    const ruled = fold(
      raised,
      ev('record_chair_ruling', { ruledBy: 'X', ruling: 'not_well_taken', disposition: 'none', rationale: 'R' }),
    );
    expect(ruled.phase).toBe('OPEN');
    expect(ruled.stack).toEqual(widest.stack);
    expect(ruled.ruling).toBeNull();
  });

  it('strikes the second-degree amendment at the tangle, leaving 2 and handing amend-the-amendment back', () => {
    const tangle = at(CHECKPOINTS.tangle);
    const struck = fold(
      tangle,
      ev('raise_point_of_order', { concern: 'C', raisedBy: 'R' }),
      ev('record_chair_ruling', {
        ruledBy: 'X',
        ruling: 'well_taken',
        disposition: 'strike_pending_motion',
        rationale: 'R',
      }),
    );
    expect(struck.stack.map((m) => m.motion)).toEqual(['main', 'amend']);
    expect(struck.phase).toBe('OPEN');
    expect(rule(struck, 'move_to_amend_the_amendment').legal).toBe(true);
  });
});

describe('votes', () => {
  const votingOn = (motion: MotionId): MeetingState => {
    const widest = at(CHECKPOINTS.widest);
    if (motion === 'main') return fold(widest, ev('put_the_question', {}, 'chair'));
    return fold(
      widest,
      ev('move_previous_question', { mover: 'A' }),
      ev('second_pending_motion', { seconder: 'B' }),
      ev('put_the_question', {}, 'chair'),
    );
  };

  it('sends an undebatable motion to a vote without debate once seconded, where it waits for the chair; a debatable one opens debate', () => {
    const seconded = fold(
      at(CHECKPOINTS.widest),
      ev('move_previous_question', { mover: 'A' }),
      ev('second_pending_motion', { seconder: 'B' }),
    );
    expect(seconded).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
    expect(legalTools(seconded)).not.toContain('record_vote_tally');
    expect(votingOn('previous_question')).toMatchObject({ phase: 'VOTE_PENDING', questionPut: true });
    expect(rule(votingOn('previous_question'), 'record_vote_tally').legal).toBe(true);
    const amendment = fold(
      at(CHECKPOINTS.widest),
      ev('move_to_amend', { text: 'T', mover: 'A', form: 'insert' }),
      ev('second_pending_motion', { seconder: 'B' }),
    );
    expect(amendment.phase).toBe('OPEN');
  });

  it('fails on a tie, whatever the threshold', () => {
    for (const motion of ['main', 'previous_question'] as const) {
      for (const tie of [
        { aye: 3, nay: 3, abstain: 1 },
        { aye: 0, nay: 0, abstain: 7 },
      ]) {
        const s = fold(votingOn(motion), ev('record_vote_tally', tie));
        expect(s.disposed.at(-1), `${motion} ${tie.aye}–${tie.nay}`).toMatchObject({
          outcome: 'lost',
          tally: { carried: false },
        });
      }
    }
  });

  it('carries two-thirds at exactly twice as many ayes as noes, and not below', () => {
    expect(
      fold(votingOn('previous_question'), ev('record_vote_tally', { aye: 4, nay: 2 })).disposed.at(-1)?.tally.carried,
    ).toBe(true);
    expect(
      fold(votingOn('previous_question'), ev('record_vote_tally', { aye: 3, nay: 2 })).disposed.at(-1)?.tally.carried,
    ).toBe(false);
  });

  it('never lets abstentions change an outcome', () => {
    const counts = fc.nat({ max: 12 });
    fc.assert(
      fc.property(
        fc.constantFrom<MotionId>('main', 'previous_question'),
        counts,
        counts,
        counts,
        (motion, aye, nay, abstain) => {
          const s = votingOn(motion);
          const without = fold(s, ev('record_vote_tally', { aye, nay }));
          const withAbstentions = fold(s, ev('record_vote_tally', { aye, nay, abstain }));
          expect(withAbstentions.disposed.at(-1)?.outcome).toBe(without.disposed.at(-1)?.outcome);
          expect({ ...withAbstentions, disposed: [] }).toEqual({ ...without, disposed: [] });
        },
      ),
    );
  });
});

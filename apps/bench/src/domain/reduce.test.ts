// The transition table and the effects of adopted motions, including the branches the seeded
// meeting never reaches.

import { describe, expect, it } from 'vitest';
import { reduce, replay } from './reduce.ts';
import { draftMinutes } from './minutes.ts';
import { DECLARATIONS } from './declarations.ts';
import { inputSchemaFor } from './schema.ts';
import { CHECKPOINTS, SEED } from './seed.ts';
import type { EventType, MeetingEvent, MeetingState, Payloads } from './state.ts';
import { canonical, initialState } from './state.ts';

function ev<K extends EventType>(type: K, payload: Payloads[K], at = '20:00'): MeetingEvent {
  return { seq: 0, at, actor: 'clerk', type, payload } as MeetingEvent;
}
const fold = (s: MeetingState, ...events: MeetingEvent[]): MeetingState => events.reduce(reduce, s);
const at = (n: number): MeetingState => replay(SEED.slice(0, n));
const widest = at(CHECKPOINTS.widest);
const aye = ev('record_vote_tally', { aye: 5, nay: 1 });
const nay = ev('record_vote_tally', { aye: 1, nay: 5 });
/** The chair's bench control: the only event that puts a question. */
const put: MeetingEvent = { ...ev('put_the_question', {}), actor: 'chair' } as MeetingEvent;
const second = ev('second_pending_motion', { seconder: 'S' });

describe('subsidiary motions that dispose of the whole question', () => {
  it('refers the main motion and its amendment to a committee', () => {
    const s = fold(
      widest,
      ev('move_to_amend', { text: 'A', mover: 'M', form: 'insert' }),
      second,
      ev('move_to_commit', { committee: 'the Finance Committee', mover: 'M' }),
      second,
      put,
      aye,
    );
    expect(s.phase).toBe('FLOOR_CLEAR');
    expect(s.stack).toEqual([]);
    expect(s.disposed.at(-1)).toMatchObject({ outcome: 'referred', note: 'Referred to the Finance Committee.' });
    expect(s.disposed.at(-1)!.series.map((m) => m.motion)).toEqual(['main', 'amend', 'commit']);
  });

  it('postpones to a time and kills by postponing indefinitely', () => {
    const postponed = fold(
      widest,
      ev('move_to_postpone_to_time', { until: 'the June meeting', mover: 'M' }),
      second,
      put,
      aye,
    );
    expect(postponed.disposed.at(-1)).toMatchObject({ outcome: 'postponed', note: 'Postponed to the June meeting.' });
    const killed = fold(widest, ev('move_to_postpone_indefinitely', { mover: 'M' }), second, put, aye);
    expect(killed.disposed.at(-1)?.outcome).toBe('killed');
    expect(killed.phase).toBe('FLOOR_CLEAR');
  });

  it('adopts a main motion and clears the floor', () => {
    const s = fold(widest, put, aye);
    expect(s.disposed.at(-1)).toMatchObject({
      outcome: 'adopted',
      question: { motion: 'main' },
      tally: { aye: 5, nay: 1, carried: true },
    });
    expect(s.phase).toBe('FLOOR_CLEAR');
  });
});

describe('motions that change how the question is handled', () => {
  it('limits debate and returns to debate on the question', () => {
    const s = fold(widest, ev('move_to_limit_debate', { limit: 'two minutes each', mover: 'M' }), second);
    // Undebatable: no debate on it, but the vote still waits for the chair.
    expect(s).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
    const adopted = fold(s, put, aye);
    expect(adopted).toMatchObject({ phase: 'OPEN', debateLimit: 'two minutes each' });
    expect(adopted.stack.map((m) => m.motion)).toEqual(['main']);
  });

  it('closes debate on the immediately pending question when the previous question is ordered, and only that one, leaving it for the chair to put', () => {
    const tangle = at(CHECKPOINTS.tangle);
    const seconded = fold(tangle, ev('move_previous_question', { mover: 'M' }), second);
    expect(seconded).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
    const ordered = fold(seconded, put, aye);
    expect(ordered).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
    expect(ordered.stack.map((m) => m.motion)).toEqual(['main', 'amend', 'amend_amendment']);
    expect(fold(ordered, put)).toMatchObject({ phase: 'VOTE_PENDING', questionPut: true });
    expect(fold(ordered, put, aye)).toMatchObject({ phase: 'OPEN', questionPut: false });
    expect(fold(seconded, put, nay)).toMatchObject({ phase: 'OPEN', questionPut: false });
  });

  it('sets questionPut only by the chair’s putting, and clears it with every vote, carried or lost', () => {
    expect(initialState.questionPut).toBe(false);
    const put1 = fold(widest, put);
    expect(put1).toMatchObject({ phase: 'VOTE_PENDING', questionPut: true });
    expect(fold(put1, aye).questionPut).toBe(false);
    expect(fold(put1, nay).questionPut).toBe(false);
    const tabling = fold(widest, ev('move_to_lay_on_table', { mover: 'M' }), second);
    expect(tabling).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
    expect(fold(tabling, put, aye)).toMatchObject({ phase: 'FLOOR_CLEAR', questionPut: false });
  });

  it('keeps the putting through a point of order that strikes nothing, and drops it with a struck question', () => {
    const put1 = fold(at(CHECKPOINTS.tangle), put);
    const raised = fold(put1, ev('raise_point_of_order', { concern: 'C', raisedBy: 'R' }));
    const none = ev('record_chair_ruling', {
      ruledBy: 'X',
      ruling: 'not_well_taken',
      disposition: 'none',
      rationale: 'R',
    });
    const strike = ev('record_chair_ruling', {
      ruledBy: 'X',
      ruling: 'well_taken',
      disposition: 'strike_pending_motion',
      rationale: 'R',
    });
    expect(fold(raised, none)).toMatchObject({ phase: 'VOTE_PENDING', questionPut: true });
    expect(fold(raised, strike)).toMatchObject({ phase: 'OPEN', questionPut: false });
    const unput = fold(
      widest,
      ev('move_previous_question', { mover: 'M' }),
      second,
      ev('raise_point_of_order', { concern: 'C', raisedBy: 'R' }),
      none,
    );
    expect(unput).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
  });

  it('merges a substitute and records each amendment as adopted, in order', () => {
    const s = fold(
      widest,
      ev('move_to_amend', { text: 'That the board do X.', mover: 'M', form: 'substitute' }),
      second,
      put,
      aye,
    );
    expect(s.stack[0]!.adopted).toEqual([{ form: 'substitute', text: 'That the board do X.', adopted: [] }]);
    expect(s.disposed.at(-1)).toMatchObject({ outcome: 'adopted', question: { motion: 'amend' } });
  });

  it('removes only the question voted on when it is lost', () => {
    const s = fold(at(CHECKPOINTS.tangle), put, nay);
    expect(s.stack.map((m) => m.motion)).toEqual(['main', 'amend']);
    expect(s.stack[1]!.adopted).toEqual([]);
    expect(s.phase).toBe('OPEN');
  });
});

describe('the table', () => {
  const tableIt = (s: MeetingState): MeetingState =>
    fold(s, ev('move_to_lay_on_table', { mover: 'M' }), second, put, aye);
  const moveMain = (text: string): MeetingEvent[] => [ev('move_main_motion', { text, mover: 'M' }), second];

  it('names tablings t1, t2 from the fold and takes back the one asked for', () => {
    const two = tableIt(fold(tableIt(widest), ...moveMain('second motion')));
    expect(two.table.map((t) => t.id)).toEqual(['t1', 't2']);
    const back = fold(two, ev('move_to_take_from_table', { motionId: 't1', mover: 'M' }), second, put, aye);
    expect(back.phase).toBe('OPEN');
    expect(back.stack[0]!.id).toBe(widest.stack[0]!.id);
    expect(back.table.map((t) => t.id)).toEqual(['t2']);
    expect(tableIt(fold(back, put, aye, ...moveMain('third motion'))).table.map((t) => t.id)).toEqual(['t2', 't3']);
  });

  it('lists exactly the tabled ids in the take-from-the-table schema, without member words', () => {
    const schema = inputSchemaFor(DECLARATIONS.move_to_take_from_table, at(CHECKPOINTS.tabled)) as {
      properties: { motionId: { enum: string[]; description: string } };
    };
    expect(schema.properties.motionId.enum).toEqual(['t1']);
    expect(schema.properties.motionId.description).toContain('t1: the main motion, tabled 19:12');
    expect(schema.properties.motionId.description).not.toContain('cold store');
    expect(inputSchemaFor(DECLARATIONS.call_meeting_to_order, widest)).toBe(
      DECLARATIONS.call_meeting_to_order.inputSchema,
    );
  });
});

describe('the floor and the record', () => {
  it('adjourns, keeping what was pending as unfinished business', () => {
    const s = fold(widest, ev('move_to_adjourn', { mover: 'M' }), second, put, aye);
    expect(s.phase).toBe('ADJOURNED');
    expect(s.stack.map((m) => m.motion)).toEqual(['main']);
    expect(draftMinutes([...SEED.slice(0, CHECKPOINTS.widest)], s)).toContain('STILL PENDING AT ADJOURNMENT');
  });

  it('appends a correction without changing the floor, and the minutes keep both entries', () => {
    const correction = ev(
      'correct_last_entry',
      { correction: 'Seconded by Inés Carvajal, not Bettina Lund.', actor: 'Tomasz Wierzbicki' },
      '18:38',
    );
    const s = fold(widest, correction);
    expect({ ...s, now: null }).toEqual({ ...widest, now: null });
    const minutes = draftMinutes([...SEED.slice(0, CHECKPOINTS.widest), { ...correction, seq: 5 }], s);
    expect(minutes.indexOf('Seconded by «Bettina Lund».')).toBeGreaterThan(0);
    expect(minutes.indexOf('CORRECTION')).toBeGreaterThan(minutes.indexOf('Seconded by «Bettina Lund».'));
  });

  it('clears the floor when a motion lapses for want of a second', () => {
    const moved = fold(at(CHECKPOINTS.tabled), ev('move_main_motion', { text: 'T', mover: 'M' }));
    const lapsed = fold(
      moved,
      ev('record_chair_ruling', {
        ruledBy: 'C',
        ruling: 'lapsed_for_want_of_second',
        disposition: 'strike_pending_motion',
        rationale: 'No second.',
      }),
    );
    expect(lapsed.phase).toBe('FLOOR_CLEAR');
    expect(lapsed.stack).toEqual([]);
  });

  it('ignores a tally when nothing is before the assembly', () => {
    const clear = at(CHECKPOINTS.tabled);
    expect(fold(clear, aye)).toEqual({ ...clear, now: '20:00' });
  });

  it('never mutates the state it folds', () => {
    const frozen = structuredClone(at(CHECKPOINTS.tangle));
    const deepFreeze = (o: object): void => {
      Object.freeze(o);
      Object.values(o).forEach((v) => typeof v === 'object' && v !== null && deepFreeze(v));
    };
    deepFreeze(frozen);
    expect(() =>
      fold(frozen, put, aye, put, nay, ev('move_to_lay_on_table', { mover: 'M' }), second, put, aye),
    ).not.toThrow();
  });

  it('keys positions by phase, the chair’s putting, quorum, stack and table size only', () => {
    expect(canonical(at(CHECKPOINTS.tangle))).toBe('OPEN|p|Q|main+>amend+>amend_amendment+|0');
    expect(
      canonical(
        fold(at(CHECKPOINTS.tabled), ev('set_members_present', { present: 4 }), ev('move_to_adjourn', { mover: 'M' })),
      ),
    ).toBe('AWAITING_SECOND|p|q|adjourn-|1');
    // A question gone to a vote without the chair's putting has other futures than a put one.
    const pq = fold(widest, ev('move_previous_question', { mover: 'M' }), second);
    expect(canonical(pq)).toBe('VOTE_PENDING|p|Q|main+>previous_question+|0');
    expect(canonical(fold(pq, put))).toBe('VOTE_PENDING|P|Q|main+>previous_question+|0');
  });
});

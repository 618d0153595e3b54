// The transition table and the effects of adopted motions, including the branches the seeded
// meeting never reaches.

import { describe, expect, it } from 'vitest';
import { GATED_ROWS } from './rulebook.ts';
import { reduce, replay } from './reduce.ts';
import { draftMinutes } from './minutes.ts';
import { inputSchemaFor } from './schema.ts';
import { CHECKPOINTS, SEED } from './seed.ts';
import type { EventType, MeetingEvent, MeetingState, Payloads } from './state.ts';
import { canonical } from './state.ts';

function ev<K extends EventType>(type: K, payload: Payloads[K], at = '20:00'): MeetingEvent {
  return { seq: 0, at, actor: 'clerk', type, payload } as MeetingEvent;
}
const fold = (s: MeetingState, ...events: MeetingEvent[]): MeetingState => events.reduce(reduce, s);
const at = (n: number): MeetingState => replay(SEED.slice(0, n));
const widest = at(CHECKPOINTS.widest);
const aye = ev('record_vote_tally', { aye: 5, nay: 1 });
const nay = ev('record_vote_tally', { aye: 1, nay: 5 });
const put = ev('put_the_question', {});
const second = ev('second_pending_motion', { seconder: 'S' });

describe('subsidiary motions that dispose of the whole question', () => {
  it('refers the main motion and its amendment to a committee', () => {
    const s = fold(
      widest,
      ev('move_to_amend', { text: 'A', mover: 'M', form: 'insert' }), second,
      ev('move_to_commit', { committee: 'the Finance Committee', mover: 'M' }), second, put, aye,
    );
    expect(s.phase).toBe('FLOOR_CLEAR');
    expect(s.stack).toEqual([]);
    expect(s.disposed.at(-1)).toMatchObject({ outcome: 'referred', note: 'Referred to the Finance Committee.' });
    expect(s.disposed.at(-1)!.series.map((m) => m.motion)).toEqual(['main', 'amend', 'commit']);
  });

  it('postpones to a time and kills by postponing indefinitely', () => {
    const postponed = fold(widest, ev('move_to_postpone_to_time', { until: 'the June meeting', mover: 'M' }), second, put, aye);
    expect(postponed.disposed.at(-1)).toMatchObject({ outcome: 'postponed', note: 'Postponed to the June meeting.' });
    const killed = fold(widest, ev('move_to_postpone_indefinitely', { mover: 'M' }), second, put, aye);
    expect(killed.disposed.at(-1)?.outcome).toBe('killed');
    expect(killed.phase).toBe('FLOOR_CLEAR');
  });

  it('adopts a main motion and clears the floor', () => {
    const s = fold(widest, put, aye);
    expect(s.disposed.at(-1)).toMatchObject({ outcome: 'adopted', question: { motion: 'main' }, tally: { aye: 5, nay: 1, carried: true } });
    expect(s.phase).toBe('FLOOR_CLEAR');
  });
});

describe('motions that change how the question is handled', () => {
  it('limits debate and returns to debate on the question', () => {
    const s = fold(widest, ev('move_to_limit_debate', { limit: 'two minutes each', mover: 'M' }), second);
    expect(s.phase).toBe('VOTE_PENDING');
    const adopted = fold(s, aye);
    expect(adopted).toMatchObject({ phase: 'OPEN', debateLimit: 'two minutes each' });
    expect(adopted.stack.map((m) => m.motion)).toEqual(['main']);
  });

  it('puts the immediately pending question at once when the previous question is ordered, and only that one', () => {
    const tangle = at(CHECKPOINTS.tangle);
    const ordered = fold(tangle, ev('move_previous_question', { mover: 'M' }), second, aye);
    expect(ordered.phase).toBe('VOTE_PENDING');
    expect(ordered.stack.map((m) => m.motion)).toEqual(['main', 'amend', 'amend_amendment']);
    expect(fold(ordered, aye).phase).toBe('OPEN');
    expect(fold(tangle, ev('move_previous_question', { mover: 'M' }), second, nay).phase).toBe('OPEN');
  });

  it('merges a substitute and records each amendment as adopted, in order', () => {
    const s = fold(widest, ev('move_to_amend', { text: 'That the board do X.', mover: 'M', form: 'substitute' }), second, put, aye);
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
  const tableIt = (s: MeetingState): MeetingState => fold(s, ev('move_to_lay_on_table', { mover: 'M' }), second, aye);
  const moveMain = (text: string): MeetingEvent[] => [ev('move_main_motion', { text, mover: 'M' }), second];

  it('names tablings t1, t2 from the fold and takes back the one asked for', () => {
    const two = tableIt(fold(tableIt(widest), ...moveMain('second motion')));
    expect(two.table.map((t) => t.id)).toEqual(['t1', 't2']);
    const back = fold(two, ev('move_to_take_from_table', { motionId: 't1', mover: 'M' }), second, aye);
    expect(back.phase).toBe('OPEN');
    expect(back.stack[0]!.id).toBe(widest.stack[0]!.id);
    expect(back.table.map((t) => t.id)).toEqual(['t2']);
    expect(tableIt(fold(back, put, aye, ...moveMain('third motion'))).table.map((t) => t.id)).toEqual(['t2', 't3']);
  });

  it('lists exactly the tabled ids in the take-from-the-table schema, without member words', () => {
    const row = GATED_ROWS.find((r) => r.name === 'move_to_take_from_table')!;
    const schema = inputSchemaFor(row, at(CHECKPOINTS.tabled)) as { properties: { motionId: { enum: string[]; description: string } } };
    expect(schema.properties.motionId.enum).toEqual(['t1']);
    expect(schema.properties.motionId.description).toContain('t1 = the main motion tabled at 19:12');
    expect(schema.properties.motionId.description).not.toContain('cold store');
    expect(inputSchemaFor(GATED_ROWS[0]!, widest)).toBe(GATED_ROWS[0]!.inputSchema);
  });
});

describe('the floor and the record', () => {
  it('adjourns, keeping what was pending as unfinished business', () => {
    const s = fold(widest, ev('move_to_adjourn', { mover: 'M' }), second, aye);
    expect(s.phase).toBe('ADJOURNED');
    expect(s.stack.map((m) => m.motion)).toEqual(['main']);
    expect(draftMinutes([...SEED.slice(0, CHECKPOINTS.widest)], s)).toContain('STILL PENDING AT ADJOURNMENT');
  });

  it('appends a correction without changing the floor, and the minutes keep both entries', () => {
    const correction = ev('correct_last_entry', { correction: 'Seconded by Inés Carvajal, not Bettina Lund.', actor: 'Tomasz Wierzbicki' }, '18:38');
    const s = fold(widest, correction);
    expect({ ...s, now: null }).toEqual({ ...widest, now: null });
    const minutes = draftMinutes([...SEED.slice(0, CHECKPOINTS.widest), { ...correction, seq: 5 }], s);
    expect(minutes.indexOf('Seconded by Bettina Lund.')).toBeGreaterThan(0);
    expect(minutes.indexOf('CORRECTION')).toBeGreaterThan(minutes.indexOf('Seconded by Bettina Lund.'));
  });

  it('clears the floor when a motion lapses for want of a second', () => {
    const moved = fold(at(CHECKPOINTS.tabled), ev('move_main_motion', { text: 'T', mover: 'M' }));
    const lapsed = fold(moved, ev('record_chair_ruling', { ruledBy: 'C', ruling: 'lapsed_for_want_of_second', disposition: 'strike_pending_motion', rationale: 'No second.' }));
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
    expect(() => fold(frozen, put, aye, put, nay, ev('move_to_lay_on_table', { mover: 'M' }), second, aye)).not.toThrow();
  });

  it('keys positions by phase, quorum, stack and table size only', () => {
    expect(canonical(at(CHECKPOINTS.tangle))).toBe('OPEN|Q|main+>amend+>amend_amendment+|0');
    expect(canonical(fold(at(CHECKPOINTS.tabled), ev('set_members_present', { present: 4 }), ev('move_to_adjourn', { mover: 'M' })))).toBe('AWAITING_SECOND|q|adjourn-|1');
  });
});

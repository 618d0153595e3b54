// Reconsider (RONR 12th ed. §37) against a statement of the rule written here from its text, not
// read from rulebook.ts. What §37 says, as the bench applies it to one single-session meeting:
//  - it may be made only by a member who voted with the prevailing side (§37:8): "aye" if the
//    motion was adopted, "no" if it was lost; an abstainer did not vote with either side;
//  - only on the same day as the vote (§37:10(a)): the bench keeps one meeting of one session, so
//    every vote it holds was taken today, and the condition always holds here;
//  - the bench takes it up as it is made, so it is in order while nothing else is pending (the floor
//    is clear) and a quorum is present, on the vote just taken;
//  - it cannot reach an adjournment, an affirmative vote to lay on or take from the table, a negative
//    vote to postpone indefinitely, or a vote taken on reconsideration (§37:9-10);
//  - it needs a second, is debatable if the question it reconsiders is, is not amendable, and needs a
//    majority; adopted, the question is again before the meeting as just before its vote.
// Who voted how is known only for a vote by the members' recorded votes; a clerk's tally says not.
import { describe, expect, it } from 'vitest';
import type { MotionId, Phase } from './rulebook.ts';
import { replay } from './reduce.ts';
import { legalTools, rule } from './rule.ts';
import type { Ballot, Disposition, MeetingEvent, MeetingState, StackItem } from './state.ts';
import { initialState } from './state.ts';

type Side = 'aye' | 'nay' | 'abstain' | 'did not vote';
//           question                 adopted? seat voted     by votes? phase          present reconsidered-before? in order?
type Case = [MotionId, boolean, Side, boolean, Phase, number, boolean, boolean];
const CASES: readonly Case[] = [
  ['main', true, 'aye', true, 'FLOOR_CLEAR', 7, false, true],
  ['main', true, 'nay', true, 'FLOOR_CLEAR', 7, false, false],
  ['main', true, 'abstain', true, 'FLOOR_CLEAR', 7, false, false],
  ['main', true, 'did not vote', true, 'FLOOR_CLEAR', 7, false, false],
  ['main', false, 'nay', true, 'FLOOR_CLEAR', 7, false, true],
  ['main', false, 'aye', true, 'FLOOR_CLEAR', 7, false, false],
  ['main', true, 'aye', false, 'FLOOR_CLEAR', 7, false, false],
  ['main', true, 'aye', true, 'OPEN', 7, false, false],
  ['main', true, 'aye', true, 'ADJOURNED', 7, false, false],
  ['main', true, 'aye', true, 'FLOOR_CLEAR', 4, false, false],
  ['main', true, 'aye', true, 'FLOOR_CLEAR', 7, true, false],
  ['adjourn', false, 'nay', true, 'FLOOR_CLEAR', 7, false, false],
  ['lay_on_table', true, 'aye', true, 'FLOOR_CLEAR', 7, false, false],
  ['take_from_table', true, 'aye', true, 'FLOOR_CLEAR', 7, false, false],
  ['take_from_table', false, 'nay', true, 'FLOOR_CLEAR', 7, false, true],
  ['postpone_indefinitely', true, 'aye', true, 'FLOOR_CLEAR', 7, false, true],
  ['postpone_indefinitely', false, 'nay', true, 'FLOOR_CLEAR', 7, false, false],
  ['commit', true, 'aye', true, 'FLOOR_CLEAR', 7, false, true],
  ['postpone_to_time', true, 'aye', true, 'FLOOR_CLEAR', 7, false, true],
];

const seat = { id: 'M1', name: 'Member 1' };
const other = { id: 'M2', name: 'Member 2' };

function item(motion: MotionId, reconsidered: boolean): StackItem {
  return {
    id: 'm1',
    motion,
    text: null,
    mover: 'M',
    seconder: 'S',
    form: null,
    committee: null,
    until: null,
    limit: null,
    motionId: null,
    adopted: [],
    resumes: 'FLOOR_CLEAR',
    ...(reconsidered ? { reconsidered: true as const } : {}),
  };
}

function caseState([motion, adopted, side, byVotes, phase, present, again]: Case): MeetingState {
  const ballots: Ballot[] = [{ person: other, choice: adopted ? 'aye' : 'nay' }];
  if (side !== 'did not vote') ballots.push({ person: seat, choice: side });
  const aye = ballots.filter((b) => b.choice === 'aye').length;
  const nay = ballots.filter((b) => b.choice === 'nay').length;
  const decided: Disposition = {
    at: '20:00',
    question: item(motion, again),
    outcome: adopted ? 'adopted' : 'lost',
    series: [item(motion, again)],
    note: null,
    tally: {
      aye: adopted ? Math.max(aye, nay + 1) : aye,
      nay: adopted ? nay : Math.max(nay, aye),
      abstain: 0,
      threshold: 'majority',
      carried: adopted,
      ...(byVotes ? { ballots } : {}),
    },
  };
  return { ...initialState, phase, present, attendance: 'roll_call', disposed: [decided], seat };
}

describe('Reconsider (RONR §37), against the statement above', () => {
  CASES.forEach((c, i) => {
    const [motion, adopted, side, byVotes, phase, present, again, expected] = c;
    it(`#${i + 1} ${motion} ${adopted ? 'adopted' : 'lost'}, seat ${side}${byVotes ? '' : ', clerk’s tally'}, ${phase}, ${present} present${again ? ', on reconsideration' : ''}: ${expected ? 'in order' : 'not'}`, () => {
      const verdict = rule(caseState(c), 'move_to_reconsider');
      expect(verdict.legal).toBe(expected);
      if (!expected) expect(verdict.cite).toMatch(/^RONR §(37|40)$/);
    });
  });

  it('is never in order with no one at the seat, nor on any clerk-tallied meeting (the mace differential)', () => {
    const first = CASES[0] as Case;
    expect(rule({ ...caseState(first), seat: null }, 'move_to_reconsider').legal).toBe(false);
    expect(
      legalTools({ ...caseState([...first.slice(0, 3), false, ...first.slice(4)] as unknown as Case) }),
    ).not.toContain('move_to_reconsider');
  });

  it('needs a second, is debatable as the question was, and adopted brings the question back before its vote', () => {
    const person = (n: number) => ({ id: `M${n}`, name: `Member ${n}` });
    let seq = 0;
    const at = '19:00';
    const e = (event: Omit<MeetingEvent, 'seq' | 'at'>): MeetingEvent => ({ ...event, seq: ++seq, at }) as MeetingEvent;
    const voters = [1, 2, 3, 4, 5].map(person);
    const events: MeetingEvent[] = [
      ...voters.map((p) => e({ actor: 'member', person: p, type: 'mark_present', payload: {} })),
      e({ actor: 'clerk', type: 'call_meeting_to_order', payload: { chair: 'C', at } }),
      e({ actor: 'clerk', type: 'move_main_motion', payload: { text: 'That we buy a dryer.', mover: 'M' } }),
      e({ actor: 'clerk', type: 'second_pending_motion', payload: { seconder: 'S' } }),
      e({ actor: 'chair', type: 'put_the_question', payload: {} }),
      ...voters.map((p, i) =>
        e({
          actor: 'member',
          person: p,
          type: 'cast_vote',
          payload: { question: 'q'.repeat(64), choice: i < 3 ? 'aye' : 'nay' },
        }),
      ),
      e({ actor: 'chair', type: 'declare_result', payload: { aye: 3, nay: 2, abstain: 0 } }),
      e({ actor: 'member', person: person(1), type: 'move_to_reconsider', payload: { mover: 'Member 1' } }),
    ];
    const moved = replay(events);
    expect(moved).toMatchObject({ phase: 'AWAITING_SECOND' });
    expect(moved.stack.at(-1)?.motion).toBe('reconsider');
    const seconded = replay([
      ...events,
      e({ actor: 'clerk', type: 'second_pending_motion', payload: { seconder: 'S' } }),
    ]);
    expect(seconded.phase).toBe('OPEN'); // the main motion is debatable, so its reconsideration is
    const adopted = replay([
      ...events,
      e({ actor: 'clerk', type: 'second_pending_motion', payload: { seconder: 'S' } }),
      e({ actor: 'chair', type: 'put_the_question', payload: {} }),
      e({ actor: 'clerk', type: 'record_vote_tally', payload: { aye: 3, nay: 2 } }),
    ]);
    expect(adopted.phase).toBe('OPEN');
    expect(adopted.stack.map((m) => [m.motion, m.text, m.reconsidered])).toEqual([
      ['main', 'That we buy a dryer.', true],
    ]);
  });
});

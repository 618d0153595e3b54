// Adjournment and the quorum (RONR §21, §40): a meeting that loses its quorum can always end,
// and no vote is ever taken without a quorum except on adjourning. Checked on the moments the
// issue found, and then as properties over random reachable meetings.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeOutcome } from './minutes.ts';
import type { PlanNode } from './path.ts';
import { explainPathTo, planEvent, voteEvent } from './path.ts';
import { CHECKPOINTS, SEED } from './seed.ts';
import { canPutTheQuestion, legalTools, rule } from './rule.ts';
import { reduce, replay } from './reduce.ts';
import { AMEND_FORMS, DISPOSITIONS, RULINGS } from './rulebook.ts';
import { DEFAULT_BYLAWS } from './bylaws/registry.ts';
import type { ToolName } from './rulebook.ts';
import type { EventType, MeetingEvent, MeetingState, Payloads } from './state.ts';
import { initialState, quorumPresent, top } from './state.ts';

function ev<K extends EventType>(type: K, payload: Payloads[K], actor: MeetingEvent['actor'] = 'clerk'): MeetingEvent {
  return { seq: 0, at: '20:00', actor, type, payload } as MeetingEvent;
}
const fold = (s: MeetingState, ...events: MeetingEvent[]): MeetingState => events.reduce(reduce, s);
const widest = replay(SEED.slice(0, CHECKPOINTS.widest));
const leave = (present: number): MeetingEvent => ev('set_members_present', { present }, 'chair');
const noYield = (): Promise<void> => Promise.resolve();

describe('a question stated but not yet put, when the quorum goes', () => {
  it('can still be adjourned: widest, lay on the table, second, 4 present', async () => {
    const stuck = fold(
      widest,
      ev('move_to_lay_on_table', { mover: 'A' }),
      ev('second_pending_motion', { seconder: 'B' }),
      leave(4),
    );
    expect(stuck).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false, present: 4 });
    expect(rule(stuck, 'move_to_adjourn')).toMatchObject({ legal: true });
    const plan = await explainPathTo('adjourn_cleanly', stuck, { yieldFn: noYield });
    expect(plan).toMatchObject({ found: true });
    expect(plan.plan).toMatchObject({ kind: 'move', act: 'move_to_adjourn' });
  });

  it('can still be adjourned after a carried previous question, when members leave', async () => {
    const moved = fold(
      widest,
      ev('move_previous_question', { mover: 'A' }),
      ev('second_pending_motion', { seconder: 'B' }),
      ev('put_the_question', {}, 'chair'),
    );
    const ordered = fold(moved, ev('record_vote_tally', { aye: 6, nay: 1 }), leave(3));
    expect(ordered).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false, present: 3 });
    expect(top(ordered)?.motion).toBe('main');
    expect(rule(ordered, 'move_to_adjourn')).toMatchObject({ legal: true });
    expect((await explainPathTo('adjourn_cleanly', ordered, { yieldFn: noYield })).found).toBe(true);
  });

  it('returns to the vote it interrupted when the adjournment fails, still not put', () => {
    const stated = fold(
      widest,
      ev('move_to_lay_on_table', { mover: 'A' }),
      ev('second_pending_motion', { seconder: 'B' }),
    );
    const adjourning = fold(
      stated,
      ev('move_to_adjourn', { mover: 'C' }),
      ev('second_pending_motion', { seconder: 'D' }),
      ev('put_the_question', {}, 'chair'),
    );
    const failed = fold(adjourning, ev('record_vote_tally', { aye: 1, nay: 5 }));
    expect(failed).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
    expect(failed.stack.map((m) => m.motion)).toEqual(['main', 'lay_on_table']);
  });

  it('cannot be interrupted by adjourning once the chair has put it: the vote is being taken', () => {
    const put = fold(widest, ev('put_the_question', {}, 'chair'));
    expect(rule(put, 'move_to_adjourn')).toMatchObject({ legal: false, cite: 'RONR §21' });
  });
});

describe('a question put, when the quorum goes', () => {
  const put = fold(widest, ev('put_the_question', {}, 'chair'));
  const gone = fold(put, leave(4));

  it('can no longer be voted on: the putting lapses, the phase holds, and adjourning is in order', () => {
    expect(gone).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false, present: 4 });
    expect(rule(gone, 'record_vote_tally').legal).toBe(false);
    expect(canPutTheQuestion(gone)).toBe(false);
    expect(rule(gone, 'move_to_adjourn').legal).toBe(true);
    expect(describeOutcome({ ...leave(4), seq: 6 }, put, gone)).toContain("the chair's putting lapses");
  });

  it('is not proposed for a vote by the planner', async () => {
    const vote = await explainPathTo('vote_on_the_main_motion', gone, { yieldFn: noYield });
    expect(vote.found).toBe(false);
    expect(vote.text).toContain('RONR §40');
    expect((await explainPathTo('adjourn_cleanly', gone, { yieldFn: noYield })).found).toBe(true);
  });

  it('keeps a putting on adjournment itself, which §40 allows without a quorum', () => {
    const adjourning = fold(
      widest,
      ev('move_to_adjourn', { mover: 'A' }),
      ev('second_pending_motion', { seconder: 'B' }),
      ev('put_the_question', {}, 'chair'),
      leave(2),
    );
    expect(adjourning).toMatchObject({ questionPut: true, present: 2 });
    expect(rule(adjourning, 'record_vote_tally').legal).toBe(true);
  });
});

// ------------------------------------------------------------------- random reachable meetings

const MEMBER = 'A member';

/** Every act a meeting can take from a state, tools and the chair's putting alike, with inputs. */
function actsFrom(state: MeetingState, pick: number): MeetingEvent[] {
  const events: MeetingEvent[] = [];
  for (const tool of legalTools(state)) events.push(...eventsFor(tool, state, pick));
  if (canPutTheQuestion(state)) events.push(ev('put_the_question', {}, 'chair'));
  return events;
}

function eventsFor(tool: ToolName, state: MeetingState, pick: number): MeetingEvent[] {
  switch (tool) {
    case 'set_members_present':
      return [leave(pick % (DEFAULT_BYLAWS.boardSize + 1))];
    case 'record_vote_tally':
      return [ev('record_vote_tally', pick % 2 === 0 ? { aye: 2, nay: 1 } : { aye: 1, nay: 2 })];
    case 'raise_point_of_order':
      return [ev('raise_point_of_order', { concern: 'C', raisedBy: MEMBER })];
    case 'record_chair_ruling':
      return [
        ev('record_chair_ruling', {
          ruledBy: 'Chair',
          ruling: RULINGS[pick % RULINGS.length]!,
          disposition: DISPOSITIONS[pick % DISPOSITIONS.length]!,
          rationale: 'R',
        }),
      ];
    case 'correct_last_entry':
      return [ev('correct_last_entry', { correction: 'X', actor: MEMBER })];
    case 'enter_motion_text':
      return [ev('enter_motion_text', { text: 'T' })];
    case 'move_to_amend':
      return [ev('move_to_amend', { text: 'T', mover: MEMBER, form: AMEND_FORMS[pick % AMEND_FORMS.length]! })];
    default:
      return [planEvent(tool, state)];
  }
}

/** A meeting played on from the start or a checkpoint by random acts, every one in order when taken. */
const starts = [initialState, ...Object.values(CHECKPOINTS).map((n) => replay(SEED.slice(0, n)))];
const meetings = fc
  .tuple(fc.constantFrom(...starts), fc.array(fc.nat(), { minLength: 1, maxLength: 40 }))
  .map(([start, picks]) => {
    const states: MeetingState[] = [start];
    const taken: Array<{ before: MeetingState; event: MeetingEvent }> = [];
    let state = start;
    for (const pick of picks) {
      const acts = actsFrom(state, pick);
      const event = acts[pick % Math.max(acts.length, 1)];
      if (!event) break;
      taken.push({ before: state, event });
      state = reduce(state, event);
      states.push(state);
    }
    return { states, taken };
  });

/** Every vote a plan proposes, with the state it would be taken in. */
function votesIn(node: PlanNode, state: MeetingState): MeetingState[] {
  switch (node.kind) {
    case 'done':
    case 'decided':
      return [];
    case 'move':
      return votesIn(node.next, reduce(state, planEvent(node.act, state)));
    case 'vote':
      return [
        state,
        ...votesIn(node.ifCarried, reduce(state, voteEvent(state, true))),
        ...votesIn(node.ifLost, reduce(state, voteEvent(state, false))),
      ];
  }
}

const votedWithQuorumOrOnAdjourning = (state: MeetingState): boolean =>
  quorumPresent(state) || top(state)?.motion === 'adjourn';

describe('over random reachable meetings', () => {
  it('no vote is ever recorded without a quorum, except on adjourning', () => {
    fc.assert(
      fc.property(meetings, ({ taken }) => {
        for (const { before, event } of taken) {
          if (event.type === 'record_vote_tally' || event.type === 'put_the_question')
            expect(votedWithQuorumOrOnAdjourning(before), event.type).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('adjourn_cleanly has a plan from every state, or the reason it gives is true; no plan votes without a quorum', async () => {
    await fc.assert(
      fc.asyncProperty(meetings, async ({ states }) => {
        for (const state of states) {
          const result = await explainPathTo('adjourn_cleanly', state, { yieldFn: noYield });
          if (result.plan) {
            for (const voting of votesIn(result.plan, state)) expect(votedWithQuorumOrOnAdjourning(voting)).toBe(true);
            continue;
          }
          // The two true reasons a meeting has no route to adjournment the planner can take.
          if (state.phase === 'RULING_PENDING') {
            expect(result.text).toContain('awaits the chair’s ruling');
          } else {
            expect(state).toMatchObject({ phase: 'PRE_MEETING' });
            expect(quorumPresent(state)).toBe(false);
            expect(result.text).toContain('has not been called to order');
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});

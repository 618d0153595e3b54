// The transition table. State is a pure fold of the append-only log: replay(log) is the whole
// truth, and the bench, the checkpoints and the path search all go through the same reduce().
// reduce() does not re-check legality — what is not in order is never registered, so it never
// reaches the log.

import type { MotionId, Phase } from './rulebook.ts';
import { MOTIONS } from './rulebook.ts';
import { carries, loseQuestion, openRuling, VOTE_EFFECTS } from './effects.ts';
import type { EventOf, MeetingEvent, MeetingState, StackItem, TallyResult } from './state.ts';
import { initialState, top, voteMayBeTaken } from './state.ts';
import { BYLAWS_BY_ID } from './bylaws/registry.ts';
import { termsOf } from './bylaws/terms.ts';

type MotionFields = Partial<Pick<StackItem, 'text' | 'form' | 'committee' | 'until' | 'limit' | 'motionId'>>;

function push(state: MeetingState, motion: MotionId, mover: string, fields: MotionFields = {}): MeetingState {
  const item: StackItem = {
    id: `m${state.motionsMade + 1}`,
    motion,
    text: null,
    mover,
    seconder: null,
    form: null,
    committee: null,
    until: null,
    limit: null,
    motionId: null,
    adopted: [],
    resumes: state.phase,
    ...fields,
  };
  return {
    ...state,
    stack: [...state.stack, item],
    motionsMade: state.motionsMade + 1,
    phase: 'AWAITING_SECOND',
    questionPut: false,
  };
}

/** Whether `item` is debatable: by its motion, or (Reconsider) as the question it brings back was. */
function debatableNow(state: MeetingState, item: StackItem): boolean {
  const motion = MOTIONS[item.motion];
  if (!motion.debatableAsReconsidered) return motion.debatable;
  const back = state.disposed.at(-1)?.question;
  return back !== undefined && MOTIONS[back.motion].debatable;
}

function second(state: MeetingState, seconder: string): MeetingState {
  const t = top(state);
  if (!t) return state;
  // An undebatable motion has nothing to debate: once seconded it goes to a vote without debate.
  // It is not yet put: the vote waits for the chair, as every vote does.
  const phase: Phase = debatableNow(state, t) ? 'OPEN' : 'VOTE_PENDING';
  return { ...state, stack: [...state.stack.slice(0, -1), { ...t, seconder }], phase, questionPut: false };
}

/**
 * A vote decided: the clerk's tally (a voice vote, counts only), or the result the chair declared
 * from the members' recorded votes (with who voted how).
 */
function vote(previous: MeetingState, event: EventOf<'record_vote_tally'> | EventOf<'declare_result'>): MeetingState {
  const question = top(previous);
  if (!question) return previous;
  // A vote uses up the chair's putting: whatever comes to a vote next must be put again.
  const state: MeetingState = { ...previous, questionPut: false };
  const { threshold, onAdopt } = MOTIONS[question.motion];
  // A point of order is decided by the chair and never stands on the floor to be counted.
  if (onAdopt === 'OPEN_RULING') return state;
  const { aye, nay } = event.payload;
  const tally: TallyResult = {
    aye,
    nay,
    abstain: event.payload.abstain ?? 0,
    threshold,
    carried: carries(threshold, aye, nay),
    ...(event.type === 'declare_result' ? { ballots: previous.ballots } : {}),
  };
  if (!tally.carried) return settleFloor(loseQuestion(state, question, tally, event.at), question.resumes);
  const result = VOTE_EFFECTS[onAdopt](state, question, tally, event.at);
  return settleFloor(result.state, result.phase ?? question.resumes);
}

/** After a vote: the effect's own destination if it names one, else where the floor was when the question was made. */
function settleFloor(state: MeetingState, phase: Phase): MeetingState {
  if (phase === 'ADJOURNED') return { ...state, phase };
  if (state.stack.length === 0) return { ...state, phase: 'FLOOR_CLEAR' };
  return { ...state, phase };
}

function chairRules(state: MeetingState, event: EventOf<'record_chair_ruling'>): MeetingState {
  const back = state.ruling?.interrupted ?? state.phase;
  const cleared = { ...state, ruling: null };
  // Business resumes where it paused, a question the chair had put still put.
  if (event.payload.disposition !== 'strike_pending_motion' || cleared.stack.length === 0)
    return { ...cleared, phase: back };
  // The struck motion leaves the floor, and any putting of it with it; what remains beneath it is
  // as it was when the struck motion was made.
  const struck = cleared.stack.at(-1);
  const stack = cleared.stack.slice(0, -1);
  return {
    ...cleared,
    stack,
    phase: stack.length === 0 || !struck ? 'FLOOR_CLEAR' : struck.resumes,
    questionPut: false,
  };
}

export function reduce(previous: MeetingState, event: MeetingEvent): MeetingState {
  const next = transition({ ...previous, now: event.at }, event);
  // The members' votes belong to the question the chair has put, and go with its putting (a vote
  // decided, a putting lapsed or struck).
  return !next.questionPut && next.ballots.length > 0 ? { ...next, ballots: [] } : next;
}

function transition(state: MeetingState, event: MeetingEvent): MeetingState {
  switch (event.type) {
    // The meeting's bylaws, from its first entry. An id the bench does not know is refused where
    // the record is kept (meeting-log-format.ts), so it never reaches the fold.
    case 'name_bylaws': {
      const file = BYLAWS_BY_ID.get(event.payload.id);
      return file ? { ...state, bylaws: termsOf(file) } : state;
    }
    case 'set_members_present': {
      const counted: MeetingState = { ...state, present: event.payload.present, attendance: 'clerk_count' };
      // A vote taken without a quorum would be void (§40), so when the quorum goes, a putting on
      // any question but adjournment lapses: the chair puts it again once members return.
      return counted.questionPut && !voteMayBeTaken(counted) ? { ...counted, questionPut: false } : counted;
    }
    // One person is on the roll once: a second marking (refused where the record is kept) counts nothing.
    case 'mark_present': {
      const person = event.person;
      if (!person || state.roll.some((on) => on.id === person.id)) return state;
      const roll = [...state.roll, { id: person.id, name: person.name }];
      return { ...state, roll, present: roll.length, attendance: 'roll_call' };
    }
    case 'call_meeting_to_order':
      return { ...state, phase: 'FLOOR_CLEAR', chair: event.payload.chair, openedAt: event.payload.at };
    // Both leave the floor as it was: a correction is appended after the entry it corrects, and
    // entered text is only a draft until the question is stated.
    case 'correct_last_entry':
    case 'enter_motion_text':
      return state;
    case 'move_main_motion':
      return push(state, 'main', event.payload.mover, { text: event.payload.text });
    case 'move_to_amend':
      return push(state, 'amend', event.payload.mover, { text: event.payload.text, form: event.payload.form });
    case 'move_to_amend_the_amendment':
      return push(state, 'amend_amendment', event.payload.mover, {
        text: event.payload.text,
        form: event.payload.form,
      });
    case 'move_to_postpone_indefinitely':
      return push(state, 'postpone_indefinitely', event.payload.mover);
    case 'move_to_commit':
      return push(state, 'commit', event.payload.mover, { committee: event.payload.committee });
    case 'move_to_postpone_to_time':
      return push(state, 'postpone_to_time', event.payload.mover, { until: event.payload.until });
    case 'move_to_limit_debate':
      return push(state, 'limit_debate', event.payload.mover, { limit: event.payload.limit });
    case 'move_previous_question':
      return push(state, 'previous_question', event.payload.mover);
    case 'move_to_lay_on_table':
      return push(state, 'lay_on_table', event.payload.mover);
    case 'move_to_take_from_table':
      return push(state, 'take_from_table', event.payload.mover, { motionId: event.payload.motionId });
    case 'move_to_adjourn':
      return push(state, 'adjourn', event.payload.mover);
    case 'move_to_reconsider':
      return push(state, 'reconsider', event.person?.name ?? event.payload.mover);
    case 'second_pending_motion':
      return second(state, event.payload.seconder);
    // The chair's act alone, from the bench: the only way a question comes to be put.
    case 'put_the_question':
      return { ...state, phase: 'VOTE_PENDING', questionPut: true, ballots: [] };
    // One vote per member per question: a second (refused where the record is kept) counts nothing.
    case 'cast_vote': {
      const person = event.person;
      if (!person || !state.questionPut || state.ballots.some((cast) => cast.person.id === person.id)) return state;
      return {
        ...state,
        ballots: [...state.ballots, { person: { id: person.id, name: person.name }, choice: event.payload.choice }],
      };
    }
    case 'record_vote_tally':
    case 'declare_result':
      return vote(state, event);
    case 'raise_point_of_order':
      return openRuling(state, event.payload.raisedBy, event.payload.concern);
    case 'record_chair_ruling':
      return chairRules(state, event);
  }
}

export function replay(events: readonly MeetingEvent[]): MeetingState {
  return events.reduce(reduce, initialState);
}

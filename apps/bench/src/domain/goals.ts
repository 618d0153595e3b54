// The five procedural goals explain_path_to can plan for. Each is compiled against the state the
// search starts from (some goals are relative to it: "a tabled question comes back"), and each
// carries a lower bound on the moves still needed. The bound must never overestimate — it is what
// lets the search skip depths that cannot succeed — and path.test.ts checks it against an
// unbounded search on many reachable states.

import type { GoalId } from './rulebook.ts';
import { GOALS } from './rulebook.ts';
import type { MeetingState } from './state.ts';
import { quorumPresent, top } from './state.ts';

export interface CompiledGoal {
  readonly id: GoalId;
  readonly label: string;
  reached(state: MeetingState): boolean;
  /** Moves (acts, puts and votes) still needed at the least; 0 iff reached, Infinity if never. */
  atLeast(state: MeetingState): number;
  /** Why the goal cannot be reached from the start whatever happens, or null if it may be. */
  readonly impossible: string | null;
}

const isAmendment = (motion: string): boolean => motion === 'amend' || motion === 'amend_amendment';
/** The chair has put the question: its vote is the next act, with no putting left to do. */
const put = (s: MeetingState): boolean => s.phase === 'VOTE_PENDING' && s.questionPut;
/** Moves a putting already made saves: every vote needs one of its own, and only the chair's act sets it. */
const saved = (s: MeetingState): number => (put(s) ? 1 : 0);
const ADJOURNED_REASON =
  'the meeting has adjourned, and nothing but a correction to the minutes is in order after adjournment';

type Definition = (start: MeetingState) => Omit<CompiledGoal, 'id' | 'label'>;

const DEFINITIONS: Readonly<Record<GoalId, Definition>> = {
  // Reached once a vote has been taken on a main motion, whichever way it went.
  vote_on_the_main_motion: (start) => {
    const before = start.disposed.length;
    const reached = (s: MeetingState): boolean => s.disposed.slice(before).some((d) => d.question.motion === 'main');
    return {
      reached,
      impossible: start.phase === 'ADJOURNED' && !reached(start) ? ADJOURNED_REASON : null,
      atLeast: (s) => {
        if (reached(s)) return 0;
        if (s.phase === 'ADJOURNED') return Infinity;
        // The main motion, when pending, is always at the bottom of the stack.
        if (s.stack[0]?.motion !== 'main') return s.stack.length === 0 ? 4 : 2;
        // Keeping it: every question above it (k) and then it need a vote each, and every vote
        // needs the chair to put the question by a move of its own — except the one already put.
        // (Ordering the previous question closes debate but puts nothing: no move is saved.)
        const above = s.stack.length - 1;
        const keep = 2 * (above + 1) - saved(s);
        // Losing it: a put and a vote to clear the floor, then move, second, put and vote on a new one.
        const lose = 6 - saved(s);
        return Math.min(keep, lose);
      },
    };
  },

  // Reached when no amendment is pending on a question still before the assembly.
  dispose_of_pending_amendments: (start) => {
    const hadAmendments = start.stack.some((m) => isAmendment(m.motion));
    const reached = (s: MeetingState): boolean =>
      s.phase !== 'ADJOURNED' && !s.stack.some((m) => isAmendment(m.motion)) && (s.stack.length > 0 || !hadAmendments);
    return {
      reached,
      impossible: start.phase === 'ADJOURNED' ? ADJOURNED_REASON : null,
      atLeast: (s) => {
        if (reached(s)) return 0;
        if (s.phase === 'ADJOURNED') return Infinity;
        const amendments = s.stack.filter((m) => isAmendment(m.motion)).length;
        if (amendments === 0) return 1;
        // A put and a vote per amendment, or a put and a vote that clear the floor and then a new motion.
        return Math.min(2 * amendments, 3) - saved(s);
      },
    };
  },

  // Reached when a question taken from the table is back before the assembly.
  return_to_a_tabled_motion: (start) => {
    const tabled = start.table.length;
    const reached = (s: MeetingState): boolean =>
      s.phase !== 'ADJOURNED' && s.stack.length > 0 && s.table.length < tabled;
    return {
      reached,
      impossible:
        start.phase === 'ADJOURNED'
          ? ADJOURNED_REASON
          : tabled === 0
            ? 'nothing is on the table, and only a question laid on the table can be taken from it (RONR §34)'
            : null,
      atLeast: (s) => {
        if (reached(s)) return 0;
        if (s.phase === 'ADJOURNED') return Infinity;
        if (s.table.length < tabled) return 1;
        // Move to take it from the table, second, put, vote.
        const t = top(s);
        if (t?.motion === 'take_from_table') return t.seconder === null ? 3 : 2 - saved(s);
        return 4;
      },
    };
  },

  // Reached when the chair has put the question: debate is over and the vote is the next act.
  // Debate closed without the chair's putting (an undebatable motion seconded, the previous
  // question ordered) is not yet reached: the vote still waits for the chair.
  end_debate_now: (start) => ({
    reached: put,
    impossible: start.phase === 'ADJOURNED' ? ADJOURNED_REASON : null,
    atLeast: (s) => (put(s) ? 0 : s.phase === 'ADJOURNED' ? Infinity : 1),
  }),

  adjourn_cleanly: (start) => ({
    reached: (s) => s.phase === 'ADJOURNED',
    // Attendance is the chair's count, never a planned move: a meeting not called to order stays
    // so until members arrive.
    impossible:
      start.phase === 'PRE_MEETING' && !quorumPresent(start)
        ? 'the meeting has not been called to order, and it cannot be without a quorum (RONR §40); there is nothing to adjourn until enough members are present'
        : null,
    atLeast: (s) => {
      if (s.phase === 'ADJOURNED') return 0;
      // Call to order if need be, then move to adjourn, second, put, vote.
      const t = top(s);
      if (t?.motion === 'adjourn') return t.seconder === null ? 3 : 2 - saved(s);
      return s.phase === 'PRE_MEETING' ? 5 : 4;
    },
  }),
};

export function isGoalId(id: string): id is GoalId {
  return GOALS.some((g) => g.id === id);
}

export function compileGoal(id: GoalId, start: MeetingState): CompiledGoal {
  const label = GOALS.find((g) => g.id === id)?.label ?? id;
  return { id, label, ...DEFINITIONS[id](start) };
}

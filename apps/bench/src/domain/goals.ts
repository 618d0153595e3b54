// The five procedural goals explain_path_to can plan for. Each is compiled against the state the
// search starts from (some goals are relative to it: "a tabled question comes back"), and each
// carries a lower bound on the moves still needed. The bound must never overestimate — it is what
// lets the search skip depths that cannot succeed — and path.test.ts checks it against an
// unbounded search on many reachable states.

import type { GoalId } from './rulebook.ts';
import { GOALS } from './rulebook.ts';
import type { MeetingState } from './state.ts';
import { top } from './state.ts';

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
const voting = (s: MeetingState): boolean => s.phase === 'VOTE_PENDING';
const ADJOURNED_REASON = 'the meeting has adjourned, and nothing but a correction to the minutes is in order after adjournment';

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
        // needs the question put by a move of its own — except the one already put, and one per
        // previous question already pending (adopting it puts the next question at once).
        const above = s.stack.slice(1);
        const closers = above.filter((m) => m.motion === 'previous_question').length;
        const keep = 2 * (above.length + 1) - closers - (voting(s) ? 1 : 0);
        // Losing it: a vote to clear the floor, then move, second, put and vote on a new one.
        const lose = voting(s) ? 5 : 6;
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
        // One vote per amendment (plus putting the first), or one vote that clears the floor and a new motion.
        return Math.min(amendments + (voting(s) ? 0 : 1), voting(s) ? 2 : 3);
      },
    };
  },

  // Reached when a question taken from the table is back before the assembly.
  return_to_a_tabled_motion: (start) => {
    const tabled = start.table.length;
    const reached = (s: MeetingState): boolean => s.phase !== 'ADJOURNED' && s.stack.length > 0 && s.table.length < tabled;
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
        const t = top(s);
        if (t?.motion === 'take_from_table') return t.seconder === null ? 2 : 1;
        return 3;
      },
    };
  },

  // Reached when the question has been put: debate is over and the vote is pending.
  end_debate_now: (start) => ({
    reached: voting,
    impossible: start.phase === 'ADJOURNED' ? ADJOURNED_REASON : null,
    atLeast: (s) => (voting(s) ? 0 : s.phase === 'ADJOURNED' ? Infinity : 1),
  }),

  adjourn_cleanly: () => ({
    reached: (s) => s.phase === 'ADJOURNED',
    impossible: null,
    atLeast: (s) => {
      if (s.phase === 'ADJOURNED') return 0;
      const t = top(s);
      if (t?.motion === 'adjourn') return t.seconder === null ? 2 : 1;
      return 3;
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

// The guards named in the rulebook. Each answers null when it passes, or the reason the act is
// out of order, in words for both the human at the bench and the model. A guard only narrows
// what the phase allows. Reasons name motion classes, never member text.

import type { GuardId, MotionType } from './rulebook.ts';
import { MOTIONS } from './rulebook.ts';
import type { MeetingState } from './state.ts';
import { top } from './state.ts';

type Guard = (state: MeetingState, motion: MotionType | null) => string | null;

const pendingNoun = (state: MeetingState): string => {
  const t = top(state);
  return t ? MOTIONS[t.motion].noun : 'nothing';
};

export const GUARDS: Readonly<Record<GuardId, Guard>> = {
  stackEmpty: (s) =>
    s.stack.length === 0
      ? null
      : `A main motion can be made only when nothing is pending; ${s.stack.length} question(s) are pending.`,

  somethingOnTable: (s) => (s.table.length > 0 ? null : 'Nothing is on the table.'),

  amendableAndNoFirstDegreePending: (s) => {
    const t = top(s);
    if (!t) return 'No question is pending to amend.';
    if (t.motion === 'amend_amendment')
      return 'A second-degree amendment cannot itself be amended: there is no third degree.';
    if (!MOTIONS[t.motion].amendable) return `The immediately pending question, ${pendingNoun(s)}, cannot be amended.`;
    if (s.stack.some((m) => m.motion === 'amend'))
      return 'A first-degree amendment is already pending; amend it, or dispose of it first.';
    return null;
  },

  topIsFirstDegreeAmendment: (s) =>
    top(s)?.motion === 'amend'
      ? null
      : `Only an immediately pending first-degree amendment can be amended; the immediately pending question is ${pendingNoun(s)}.`,

  bareMainMotionPending: (s) =>
    s.stack.length === 1 && s.stack[0]?.motion === 'main'
      ? null
      : 'Postpone indefinitely applies only to a main motion with nothing else pending on it.',

  outranksTop: (s, motion) => {
    const t = top(s);
    const pending = t ? (MOTIONS[t.motion].rank ?? 0) : 0;
    const own = motion?.rank ?? 0;
    return own > pending
      ? null
      : `${motion?.title ?? 'This motion'} does not take precedence over ${pendingNoun(s)}, which is immediately pending.`;
  },

  debatableMotionPending: (s) =>
    s.stack.some((m) => MOTIONS[m.motion].debatable)
      ? null
      : 'No debatable question is pending, so there is no debate to close.',

  // Adjournment outranks everything (§21), but nothing interrupts a vote the chair has put: it is
  // in order again once that vote is recorded.
  outranksTopAndNoVoteUnderway: (s, motion) =>
    s.questionPut
      ? `The chair has put the question on ${pendingNoun(s)} and the vote is being taken; nothing interrupts it, and adjournment is in order again once the vote is recorded.`
      : GUARDS.outranksTop(s, motion),

  // Debate can close without a person (an undebatable motion seconded, the previous question
  // ordered), but the vote is taken only on a question the chair has put — a human act at the
  // bench that no tool performs.
  questionPutByChair: (s) =>
    s.questionPut ? null : `The chair has not put the question on ${pendingNoun(s)}; only the chair can, at the bench.`,
};

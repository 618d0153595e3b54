// The guards named in the rulebook. Each answers null when it passes, or why the act is out of
// order (the kernel's one failure shape), in words for both the human at the bench and the model.
// A guard only narrows what the phase allows. Reasons name motion classes, never member text.

import type { Guard, RuleFailure } from '@warrant/surface';
import type { GatedRow, GuardId, MotionType } from './rulebook.ts';
import { GUARD_CITES, MOTIONS, NOT_RECONSIDERED } from './rulebook.ts';
import type { MeetingState } from './state.ts';
import { top } from './state.ts';

const pendingNoun = (state: MeetingState): string => {
  const t = top(state);
  return t ? MOTIONS[t.motion].noun : 'nothing';
};

const motionOf = (row: GatedRow): MotionType | null => (row.motion ? MOTIONS[row.motion] : null);

/** A failure resting on the guard's own rule where it has one (GUARD_CITES), else on the act's. */
const outOfOrder = (guard: GuardId, reason: string): RuleFailure => {
  const cite = GUARD_CITES[guard];
  return cite === undefined ? { reason } : { reason, cite };
};

const outranksTop: Guard<MeetingState, GatedRow> = (s, row) => {
  const t = top(s);
  const pending = t ? (MOTIONS[t.motion].rank ?? 0) : 0;
  const motion = motionOf(row);
  const own = motion?.rank ?? 0;
  return own > pending
    ? null
    : outOfOrder(
        'outranksTop',
        `${motion?.title ?? 'This motion'} does not take precedence over ${pendingNoun(s)}, which is immediately pending.`,
      );
};

// Debate can close without a person (an undebatable motion seconded, the previous question
// ordered), but the vote is taken only on a question the chair has put — a human act at the
// bench that no tool performs.
const questionPutByChair: Guard<MeetingState, GatedRow> = (s) =>
  s.questionPut
    ? null
    : outOfOrder(
        'questionPutByChair',
        `The chair has not put the question on ${pendingNoun(s)}; only the chair can, at the bench.`,
      );

/**
 * Reconsider (§37): the vote reconsidered is the one just taken (the floor is clear after it), taken
 * by the members' recorded votes (a clerk's tally does not say who voted how), of a kind §37 lets
 * it reach, not itself a reconsidered vote; and the one asking voted on its prevailing side. The
 * bench keeps one single-session meeting, so "the same day" always holds.
 */
const moverOnPrevailingSide: Guard<MeetingState, GatedRow> = (s) => {
  const fails = (reason: string): RuleFailure => outOfOrder('moverOnPrevailingSide', reason);
  const last = s.disposed.at(-1);
  if (!last) return fails('No vote has been taken to reconsider.');
  const ballots = last.tally.ballots;
  if (!ballots)
    return fails(
      'The last vote was the clerk’s tally, which does not record who voted how, so the prevailing side is not known.',
    );
  const barred = NOT_RECONSIDERED[last.question.motion];
  if (barred && (last.tally.carried ? barred.adopted : barred.lost))
    return fails(
      `A vote ${last.tally.carried ? 'adopting' : 'rejecting'} ${MOTIONS[last.question.motion].noun} cannot be reconsidered.`,
    );
  if (last.question.reconsidered)
    return fails('That vote was itself taken on reconsideration: a vote is reconsidered once.');
  const prevailing = last.tally.carried ? 'aye' : 'nay';
  const seat = s.seat;
  if (!seat || !ballots.some((cast) => cast.person.id === seat.id && cast.choice === prevailing))
    return fails(
      `Only a member who voted ${prevailing === 'aye' ? 'aye' : 'no'} (the prevailing side) on ${MOTIONS[last.question.motion].noun} may move to reconsider it${seat ? '' : '; no member is asking here'}.`,
    );
  return null;
};

export const GUARDS: Readonly<Record<GuardId, Guard<MeetingState, GatedRow>>> = {
  stackEmpty: (s) =>
    s.stack.length === 0
      ? null
      : outOfOrder(
          'stackEmpty',
          `A main motion can be made only when nothing is pending; ${s.stack.length} question(s) are pending.`,
        ),

  somethingOnTable: (s) => (s.table.length > 0 ? null : outOfOrder('somethingOnTable', 'Nothing is on the table.')),

  amendableAndNoFirstDegreePending: (s) => {
    const t = top(s);
    const fails = (reason: string): RuleFailure => outOfOrder('amendableAndNoFirstDegreePending', reason);
    if (!t) return fails('No question is pending to amend.');
    if (t.motion === 'amend_amendment')
      return fails('A second-degree amendment cannot itself be amended: there is no third degree.');
    if (!MOTIONS[t.motion].amendable)
      return fails(`The immediately pending question, ${pendingNoun(s)}, cannot be amended.`);
    if (s.stack.some((m) => m.motion === 'amend'))
      return fails('A first-degree amendment is already pending; amend it, or dispose of it first.');
    return null;
  },

  topIsFirstDegreeAmendment: (s) =>
    top(s)?.motion === 'amend'
      ? null
      : outOfOrder(
          'topIsFirstDegreeAmendment',
          `Only an immediately pending first-degree amendment can be amended; the immediately pending question is ${pendingNoun(s)}.`,
        ),

  bareMainMotionPending: (s) =>
    s.stack.length === 1 && s.stack[0]?.motion === 'main'
      ? null
      : outOfOrder(
          'bareMainMotionPending',
          'Postpone indefinitely applies only to a main motion with nothing else pending on it.',
        ),

  outranksTop,

  debatableMotionPending: (s) =>
    s.stack.some((m) => MOTIONS[m.motion].debatable)
      ? null
      : outOfOrder('debatableMotionPending', 'No debatable question is pending, so there is no debate to close.'),

  // Adjournment outranks everything (§21), but nothing interrupts a vote the chair has put: it is
  // in order again once that vote is recorded.
  outranksTopAndNoVoteUnderway: (s, row) =>
    s.questionPut
      ? outOfOrder(
          'outranksTopAndNoVoteUnderway',
          `The chair has put the question on ${pendingNoun(s)} and the vote is being taken; nothing interrupts it, and adjournment is in order again once the vote is recorded.`,
        )
      : outranksTop(s, row),

  // A meeting's attendance is the clerk's count or the members' roll call, never both summed: once
  // members mark themselves present, the roll is the count.
  attendanceNotByRollCall: (s) =>
    s.attendance !== 'roll_call'
      ? null
      : outOfOrder(
          'attendanceNotByRollCall',
          `Members are marking themselves present from their own devices (${s.present} on the roll): this meeting's attendance is their roll call, and a clerk's count is not added to it.`,
        ),

  questionPutByChair,

  moverOnPrevailingSide,

  // The clerk's tally is a voice vote, for a meeting whose members are not online; where members
  // vote from their own devices, the count is theirs and the chair declares it.
  questionPutForVoiceVote: (s, row) =>
    questionPutByChair(s, row) ??
    (s.attendance !== 'roll_call'
      ? null
      : outOfOrder(
          'questionPutForVoiceVote',
          `Members present vote from their own devices on ${pendingNoun(s)}: the bench counts their votes and the chair declares the result, so the clerk records no tally.`,
        )),
};

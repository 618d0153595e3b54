// The members' votes on the question the chair has put (RONR §45: a vote each, counted), and the
// chair's declaration of its result. In a meeting whose attendance is the members' roll call, each
// member on the roll votes once from their own device; the count is the record's (the ballots the
// fold holds), and the result the chair declares is that count, never a number typed in. A meeting
// whose attendance is the clerk's count keeps the clerk's tally (a voice vote) instead.
import { refusal, type ToolRefusal } from '@warrant/surface';
import { MOTIONS } from './rulebook.ts';
import type { Ballot, MeetingState, Payloads, PersonOnRecord } from './state.ts';
import { top } from './state.ts';

export type Count = Payloads['declare_result'];

/** The count of `ballots`: abstentions are counted as present and not voting. */
export function countOf(ballots: readonly Ballot[]): Count {
  const of = (choice: Ballot['choice']) => ballots.filter((cast) => cast.choice === choice).length;
  return { aye: of('aye'), nay: of('nay'), abstain: of('abstain') };
}

const notPutToMembers = (state: MeetingState, act: 'cast_vote' | 'declare_result'): ToolRefusal | null => {
  if (state.attendance !== 'roll_call')
    return refusal(
      'NOT_IN_ORDER',
      "This meeting's attendance is the clerk's count, so its votes are the clerk's tally (a voice vote), not members' votes from their devices. Nothing was recorded.",
      { act, cite: 'RONR §45' },
    );
  const question = top(state);
  if (!state.questionPut || state.phase !== 'VOTE_PENDING' || !question)
    return refusal(
      'NOT_IN_ORDER',
      'The chair has not put a question to a vote: there is nothing to vote on now. Nothing was recorded.',
      { act, cite: 'RONR §4' },
    );
  return null;
};

/** Why `person` may not vote now, or null: a question is put, they are on the roll, and have not voted on it. */
export function votingRefused(state: MeetingState, person: PersonOnRecord | undefined): ToolRefusal | null {
  const notPut = notPutToMembers(state, 'cast_vote');
  if (notPut) return notPut;
  if (!person || !state.roll.some((on) => on.id === person.id))
    return refusal(
      'NOT_ON_THE_ROLL',
      'Only a member marked present votes: mark yourself present first. Nothing was recorded.',
      { act: 'cast_vote' },
    );
  if (state.ballots.some((cast) => cast.person.id === person.id))
    return refusal(
      'ALREADY_VOTED',
      `${person.name} has already voted on ${MOTIONS[top(state)?.motion ?? 'main'].noun}: one vote per member per question. Nothing was recorded.`,
      { act: 'cast_vote' },
    );
  return null;
}

/** Why the chair may not declare now: no question put to the members' vote. */
export const declaringRefused = (state: MeetingState): ToolRefusal | null => notPutToMembers(state, 'declare_result');

/** Null when `declared` is exactly the record's count of the members' votes, else the refusal. */
export function declaredCountProblem(state: MeetingState, declared: Count): ToolRefusal | null {
  const counted = countOf(state.ballots);
  if (counted.aye === declared.aye && counted.nay === declared.nay && counted.abstain === declared.abstain) return null;
  return refusal(
    'NOT_THE_COUNT',
    `The result declared (ayes ${declared.aye}, noes ${declared.nay}, abstaining ${declared.abstain}) is not the members' recorded votes (ayes ${counted.aye}, noes ${counted.nay}, abstaining ${counted.abstain}). Nothing was recorded: declare the count as recorded.`,
    { declared, counted },
  );
}

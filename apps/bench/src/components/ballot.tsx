// The members' vote on the question the chair has put, in a meeting whose members are present on
// their own devices: each member on the roll votes here with their passkey, once; every page shows
// the server's count as the votes arrive; and the chair declares that count, with the chair's
// passkey, as the result. Nobody types a number in.
import { countOf } from '../domain/ballot.ts';
import type { Choice } from '../domain/member-acts.ts';
import { MOTIONS } from '../domain/rulebook.ts';
import { top, type MeetingState } from '../domain/state.ts';
import type { SignedInPerson } from './roll-call.tsx';

interface Props {
  readonly state: MeetingState;
  readonly open: boolean;
  readonly me: SignedInPerson | null;
  onVote(choice: Choice): void;
  onDeclare(): void;
}

const CHOICE_LABELS: Readonly<Record<Choice, string>> = { aye: 'Aye', nay: 'No', abstain: 'Abstain' };

export function Ballot({ state, open, me, onVote, onDeclare }: Props) {
  const question = top(state);
  if (state.attendance !== 'roll_call' || !state.questionPut || !question) return null;
  const count = countOf(state.ballots);
  const mine = me ? state.ballots.find((cast) => cast.person.id === me.id) : undefined;
  const onRoll = me !== null && state.roll.some((on) => on.id === me.id);
  return (
    <section class="ballot" id="ballot" aria-labelledby="ballot-heading">
      <h3 id="ballot-heading">The members vote on {MOTIONS[question.motion].noun}</h3>
      <p id="ballot-count" aria-live="polite">
        {state.ballots.length} of {state.present} present have voted: ayes <span id="count-aye">{count.aye}</span>, noes{' '}
        <span id="count-nay">{count.nay}</span>, abstaining <span id="count-abstain">{count.abstain}</span>
        <span class="fine-print"> (the bench’s count of the votes recorded)</span>
      </p>
      {mine ? (
        <p id="my-vote">You voted {CHOICE_LABELS[mine.choice].toLowerCase()}.</p>
      ) : onRoll ? (
        <div class="ballot-choices" role="group" aria-label="Your vote, with your passkey">
          {(Object.keys(CHOICE_LABELS) as Choice[]).map((choice) => (
            <button type="button" id={`vote-${choice}`} key={choice} disabled={!open} onClick={() => onVote(choice)}>
              {CHOICE_LABELS[choice]}
            </button>
          ))}
        </div>
      ) : null}
      {me?.role === 'chair' ? (
        <button type="button" class="primary" id="declare-result" disabled={!open} onClick={onDeclare}>
          Declare the result: ayes {count.aye}, noes {count.nay}
        </button>
      ) : null}
    </section>
  );
}

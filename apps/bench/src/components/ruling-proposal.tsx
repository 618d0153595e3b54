import type { DecisionChannelSnapshot } from '@warrant/authority';
import { InertText } from '@warrant/ui';
import { MOTIONS } from '../domain/rulebook.ts';
import type { MeetingState } from '../domain/state.ts';
import { top } from '../domain/state.ts';
import type { RulingRequest } from '../ruling-channel.ts';

interface Props {
  readonly snapshot: DecisionChannelSnapshot<RulingRequest>;
  readonly state: MeetingState;
  onConfirm(id: string): void;
  onReject(id: string): void;
}

const RULING_WORDS: Readonly<Record<RulingRequest['ruling']['ruling'], string>> = {
  well_taken: 'the point of order is well taken',
  not_well_taken: 'the point of order is not well taken',
  lapsed_for_want_of_second: 'the motion lapses for want of a second',
};

/** A ruling an agent proposed, waiting for the chair: nothing is recorded unless the chair confirms it. */
export function RulingProposal({ snapshot, state, onConfirm, onReject }: Props) {
  const current = snapshot.current;
  if (!current || current.status !== 'pending') return null;
  const { ruling } = current.request;
  const pending = top(state);
  const strikes =
    ruling.disposition === 'strike_pending_motion' && pending
      ? `strike ${MOTIONS[pending.motion].noun} from the floor`
      : 'leave the floor as it is';
  return (
    <section class="panel proposal" id="ruling-proposal" aria-labelledby="ruling-proposal-heading">
      <h2 id="ruling-proposal-heading">The chair is asked to rule</h2>
      <p>
        An agent proposes this ruling. It is not recorded unless you, as chair, confirm it; the agent's call is waiting
        for your answer.
      </p>
      <dl class="proposal-terms">
        <dt>Ruled by</dt>
        <dd>
          <InertText text={ruling.ruledBy} />
        </dd>
        <dt>Ruling</dt>
        <dd>
          {RULING_WORDS[ruling.ruling]}, and {strikes}
        </dd>
        <dt>Reasons</dt>
        <dd class="member-words">
          <InertText text={ruling.rationale} />
        </dd>
      </dl>
      <div class="button-row">
        <button type="button" class="primary" id="confirm-ruling" onClick={() => onConfirm(current.id)}>
          Confirm the ruling
        </button>
        <button type="button" id="reject-ruling" onClick={() => onReject(current.id)}>
          Reject it
        </button>
      </div>
    </section>
  );
}

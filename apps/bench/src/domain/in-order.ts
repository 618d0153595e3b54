// Whether one act may be recorded now, decided on the record as it stands: by the page the moment
// the act is asked for, and again by the bench's server as it writes the entry (inside the
// transaction that appends it), so two acts decided on one state never both land, and an act a
// page holding a stale or rewritten copy decided is refused where the record is kept.

import { refusal, type ToolRefusal } from '@warrant/surface';
import { markingPresentRefused } from './attendance.ts';
import { declaringRefused, votingRefused } from './ballot.ts';
import { canPutTheQuestion, rule } from './rule.ts';
import type { EventType, MeetingState, Payloads, PersonOnRecord } from './state.ts';

/**
 * Null when `type` is in order in `state`, else the refusal that says why (NOT_IN_ORDER). A
 * member's own act is judged for `person`, the one the server says makes it.
 */
export function outOfOrder(state: MeetingState, type: EventType, person?: PersonOnRecord): ToolRefusal | null {
  if (type === 'mark_present') return markingPresentRefused(state, person);
  if (type === 'cast_vote') return votingRefused(state, person);
  if (type === 'declare_result') return declaringRefused(state);
  if (type === 'put_the_question') {
    if (canPutTheQuestion(state)) return null;
    const why = state.questionPut
      ? 'the question has already been put and awaits its vote'
      : 'no seconded question is open to be put, with the quorum it needs';
    return refusal('NOT_IN_ORDER', `The chair cannot put a question now: ${why}. Nothing was recorded.`, { act: type });
  }
  // The rules that turn on who asks (Reconsider) read the person the server says is asking.
  const ruling = rule(person ? { ...state, seat: person } : state, type);
  if (ruling.legal) return null;
  return refusal(
    'NOT_IN_ORDER',
    `That act is no longer in order: ${ruling.reason ?? 'the rules do not allow it now.'} Nothing was recorded.`,
    {
      act: type,
      ...(ruling.cite ? { cite: ruling.cite } : {}),
    },
  );
}

/** A count larger than the room is a miscount: null when the tally fits the members present. */
export function tallyProblem(state: MeetingState, counts: Payloads['record_vote_tally']): ToolRefusal | null {
  const counted = counts.aye + counts.nay + (counts.abstain ?? 0);
  if (counted <= state.present) return null;
  return refusal(
    'TALLY_EXCEEDS_PRESENT',
    `The tally counts ${counted} votes but only ${state.present} members are present. Recount before recording; nothing was recorded.`,
    { counted, present: state.present },
  );
}

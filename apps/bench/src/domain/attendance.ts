// Whether a person may mark themself present now (RONR §40: the quorum counts members present).
// Decided on the record as it stands, for the person the server says is asking: the meeting is
// not adjourned, its attendance is not already the clerk's count (a meeting's attendance is one or
// the other, never both summed), the person is a member of the board when the meeting's bylaws name
// its members (by the name they enrolled under, as the bylaws write it), the person is not on the
// roll yet, and the roll is not already the whole board.
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { MeetingState, PersonOnRecord } from './state.ts';

export function markingPresentRefused(state: MeetingState, person: PersonOnRecord | undefined): ToolRefusal | null {
  if (state.phase === 'ADJOURNED')
    return refusal('NOT_IN_ORDER', 'The meeting has adjourned: no one is marked present now. Nothing was recorded.', {
      act: 'mark_present',
    });
  if (state.attendance === 'clerk_count')
    return refusal(
      'ATTENDANCE_COUNTED_BY_CLERK',
      `The clerk is counting this meeting's attendance (${state.present} present): a meeting's attendance is the clerk's count or the members' roll call, never both added together. Nothing was recorded; the clerk's count stands.`,
      { act: 'mark_present', present: state.present },
    );
  if (!person)
    return refusal('MEMBERS_ONLY', 'Only a member marks themself present. Nothing was recorded.', {
      act: 'mark_present',
    });
  const named = state.bylaws.members;
  if (named !== null && !named.includes(person.name.trim()))
    return refusal(
      'NOT_ON_THE_BOARD',
      `${person.name} is not a member of the board the ${state.bylaws.name}'s bylaws name, so the quorum does not count them. Nothing was recorded.`,
      { act: 'mark_present' },
    );
  if (state.roll.some((on) => on.id === person.id))
    return refusal('ALREADY_PRESENT', `${person.name} is already on the roll: each member is counted once.`, {
      act: 'mark_present',
      present: state.present,
    });
  if (state.roll.length >= state.bylaws.boardSize)
    return refusal(
      'ROLL_FULL',
      `All ${state.bylaws.boardSize} members of the board are already on the roll. Nothing was recorded.`,
      { act: 'mark_present', present: state.present },
    );
  return null;
}

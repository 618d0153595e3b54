// The roll call: who is present, as the bench's server recorded each member marking themself
// present from their own device; the quorum counts it. A member (or the chair) signed in here marks
// themself present with one button. The clerk's page has no such button: the clerk is not a member,
// and no page can mark anyone but its own person.
import { MEMBER_ROLES } from '../domain/member-acts.ts';
import type { MeetingState } from '../domain/state.ts';

/** The person signed in at this page, as the people bar reports them. */
export interface SignedInPerson {
  readonly id: string;
  readonly name: string;
  readonly role?: string;
}

interface Props {
  readonly state: MeetingState;
  readonly open: boolean;
  readonly me: SignedInPerson | null;
  onMarkPresent(): void;
}

export function RollCall({ state, open, me, onMarkPresent }: Props) {
  const member = me !== null && me.role !== undefined && MEMBER_ROLES.has(me.role);
  const onRoll = me !== null && state.roll.some((on) => on.id === me.id);
  const canMark = open && member && !onRoll && state.attendance !== 'clerk_count' && state.phase !== 'ADJOURNED';
  return (
    <div class="roll-call" id="roll-call" data-attendance={state.attendance}>
      <p id="attendance-kind" class="small">
        {state.attendance === 'roll_call'
          ? `Roll call: ${state.present} of ${state.bylaws.boardSize} members marked themselves present.`
          : state.attendance === 'clerk_count'
            ? `Attendance is the clerk's count (members are not marking themselves present).`
            : 'Members mark themselves present from their own devices, or the clerk counts the room.'}
      </p>
      {state.roll.length > 0 ? (
        <ul id="roll" class="roll" aria-label="Members present">
          {state.roll.map((on) => (
            <li key={on.id} data-person={on.id}>
              {on.name}
            </li>
          ))}
        </ul>
      ) : null}
      {member ? (
        onRoll ? (
          <p id="marked-present" class="small">
            You are on the roll.
          </p>
        ) : (
          <button type="button" id="mark-present" disabled={!canMark} onClick={onMarkPresent}>
            I am present
          </button>
        )
      ) : null}
    </div>
  );
}

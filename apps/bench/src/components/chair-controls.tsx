import { useEffect, useState } from 'preact/hooks';
import { canPutTheQuestion } from '../domain/rule.ts';
import { PHASE_LABELS, PUT_THE_QUESTION } from '../domain/rulebook.ts';
import { quorumPresent, type MeetingState } from '../domain/state.ts';
import type { Choice } from '../domain/member-acts.ts';
import { Ballot } from './ballot.tsx';
import { RollCall, type SignedInPerson } from './roll-call.tsx';

interface Props {
  state: MeetingState;
  /** False until the record is open: nothing can be recorded before. */
  open: boolean;
  /** Whether a person of the meeting is signed in here (null: not yet known). */
  signedIn: boolean | null;
  /** Who is signed in here, once known. */
  me: SignedInPerson | null;
  onAttendance(present: number): void;
  onMarkPresent(): void;
  onVote(choice: Choice): void;
  onDeclare(): void;
  onPutTheQuestion(): void;
}

/**
 * The bench's human controls. Attendance is the members' roll call (each marks themself present
 * from their own device) or, for a meeting whose members are not online, the clerk's count, which
 * a stepper and a slider move: the quorum it crosses is what takes the agenda away. Putting the question is the chair's alone: it
 * is never a tool, so no agent can bring a question to a vote.
 */
export function ChairControls({
  state,
  open,
  signedIn,
  me,
  onAttendance,
  onMarkPresent,
  onVote,
  onDeclare,
  onPutTheQuestion,
}: Props) {
  // The slider follows the record (a checkpoint, an agent's count) until the chair moves it.
  const [present, setPresent] = useState(state.present);
  useEffect(() => setPresent(state.present), [state.present]);
  const quorum = quorumPresent(state);
  // The clerk's count is out of order once members mark themselves present (never both summed).
  const counting = open && state.phase !== 'ADJOURNED' && state.attendance !== 'roll_call';
  const record = (count: number): void => {
    const bounded = Math.min(state.bylaws.boardSize, Math.max(0, count));
    setPresent(bounded);
    if (bounded !== state.present) onAttendance(bounded);
  };
  return (
    <section class="panel chair" aria-labelledby="chair-heading">
      <h2 id="chair-heading">The chair and the clerk</h2>
      <p class="standing">
        <span id="phase" class="phase" data-phase={state.phase}>
          {PHASE_LABELS[state.phase]}
        </span>
        <span id="quorum-state" class={quorum ? 'ok' : 'bad'} data-quorum={quorum ? 'present' : 'absent'}>
          {quorum
            ? `Quorum present (${state.bylaws.quorum} needed)`
            : `No quorum: ${state.bylaws.quorum} needed (RONR §40)`}
        </span>
      </p>
      {signedIn === false ? (
        <p class="notice" id="sign-in-needed">
          Nobody is signed in here, so nothing can be recorded from this page: you can follow the meeting, and an agent
          can read it, but an act needs a person of the meeting signed in (see People of this meeting).
        </p>
      ) : null}
      <RollCall state={state} open={open} me={me} onMarkPresent={onMarkPresent} />
      <div class="attendance" id="attendance" role="group" aria-labelledby="attendance-label">
        <span id="attendance-label">
          Members present{state.attendance === 'clerk_count' ? " (the clerk's count)" : ''}
        </span>
        <button
          type="button"
          id="present-less"
          aria-label="One member left"
          disabled={!counting || state.present === 0}
          onClick={() => record(state.present - 1)}
        >
          −
        </button>
        <output id="present-count" aria-live="polite">
          {state.present}
        </output>
        <button
          type="button"
          id="present-more"
          aria-label="One member arrived"
          disabled={!counting || state.present === state.bylaws.boardSize}
          onClick={() => record(state.present + 1)}
        >
          +
        </button>
        <span class="muted">of {state.bylaws.boardSize}</span>
        <input
          type="range"
          id="present-slider"
          aria-label="Members present"
          min={0}
          max={state.bylaws.boardSize}
          step={1}
          value={present}
          disabled={!counting}
          onInput={(e) => setPresent(Number(e.currentTarget.value))}
          onChange={(e) => record(Number(e.currentTarget.value))}
        />
      </div>
      <button
        type="button"
        class="primary"
        id="put-the-question"
        disabled={!open || !canPutTheQuestion(state)}
        onClick={onPutTheQuestion}
      >
        {PUT_THE_QUESTION.title} <span class="cite-inline">({PUT_THE_QUESTION.cite})</span>
      </button>
      <Ballot state={state} open={open} me={me} onVote={onVote} onDeclare={onDeclare} />
    </section>
  );
}

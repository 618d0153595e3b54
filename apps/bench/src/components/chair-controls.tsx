import { useEffect, useState } from 'preact/hooks';
import { canPutTheQuestion } from '../domain/rule.ts';
import { ASSEMBLY, PUT_THE_QUESTION } from '../domain/rulebook.ts';
import { quorumPresent, type MeetingState } from '../domain/state.ts';

interface Props {
  state: MeetingState;
  onAttendance(present: number, note: string): void;
  onPutTheQuestion(): void;
}

/**
 * The bench's human controls. Putting the question is the chair's alone: it is never a tool, so
 * no agent can bring a question to a vote.
 */
export function ChairControls({ state, onAttendance, onPutTheQuestion }: Props) {
  const [present, setPresent] = useState(String(state.present));
  // The field follows the record (a checkpoint, an agent's count) until the clerk types.
  useEffect(() => setPresent(String(state.present)), [state.present]);
  const [note, setNote] = useState('');
  const quorum = quorumPresent(state);
  return (
    <section class="panel" aria-labelledby="chair-heading">
      <h2 id="chair-heading">The chair and the clerk</h2>
      <p>
        <span id="phase" class="phase">{state.phase}</span> ·{' '}
        <span id="present-count">{state.present}</span> of {ASSEMBLY.boardSize} present ·{' '}
        <span id="quorum-state" class={quorum ? 'ok' : 'bad'}>
          {quorum ? `quorum present (${ASSEMBLY.quorum})` : `QUORUM ABSENT (§40, quorum ${ASSEMBLY.quorum})`}
        </span>
      </p>
      <button type="button" class="primary" id="put-the-question" disabled={!canPutTheQuestion(state)} onClick={onPutTheQuestion} title={PUT_THE_QUESTION.cite}>
        {PUT_THE_QUESTION.title}
      </button>
      <form
        id="attendance"
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          onAttendance(Number(present), note.trim());
          setNote('');
        }}
      >
        <label>
          Members present{' '}
          <input type="number" name="present" min={0} max={ASSEMBLY.boardSize} required value={present} onInput={(e) => setPresent(e.currentTarget.value)} />
        </label>
        <label>
          Note <input name="note" value={note} placeholder="who arrived or left" onInput={(e) => setNote(e.currentTarget.value)} />
        </label>
        <button type="submit" disabled={state.phase === 'ADJOURNED'}>
          Record attendance
        </button>
      </form>
    </section>
  );
}

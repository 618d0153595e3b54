import type { ToolResult } from '@warrant/surface';
import { ROWS_BY_NAME } from '../domain/rule.ts';
import { TEXT_LIMITS } from '../domain/input-fields.ts';

// The two declarative tools. The kernel sets or removes each form's `toolname` and disables its
// controls from rule(); these components never render those attributes, so a re-render cannot
// undo the kernel's decision.

function describe(name: string): string {
  const row = ROWS_BY_NAME.get(name);
  return row?.kind === 'declarative' ? row.description : name;
}

export function MotionEntryForm({
  lastResult,
  filledByAgent,
}: {
  lastResult: ToolResult | null;
  filledByAgent: boolean;
}) {
  return (
    <form id="motion-entry" class="panel declarative" tooldescription={describe('enter_motion_text')}>
      <h2>Motion entry</h2>
      <p class="muted small">An agent may fill this in; only a person states the question.</p>
      <label>
        Text of the motion
        <textarea
          name="text"
          required
          rows={3}
          maxLength={TEXT_LIMITS.words}
          toolparamdescription="The motion exactly as moved, transcribed verbatim."
        />
      </label>
      <label>
        Mover{' '}
        <input
          name="mover"
          maxLength={TEXT_LIMITS.name}
          toolparamdescription="Name of the member who made the motion, if known."
        />
      </label>
      {filledByAgent ? (
        <p class="badge warn" id="motion-entry-source">
          Filled in by an agent: if you state it, the record names the agent as the source of these words.
        </p>
      ) : null}
      <button type="submit">State the question</button>
      {lastResult ? (
        <p class={lastResult.ok ? 'result ok' : 'result bad'}>
          {lastResult.ok ? String(lastResult['message'] ?? 'Recorded.') : lastResult.message}
        </p>
      ) : null}
    </form>
  );
}

/** The tally form; no count can exceed the meeting's board (`boardSize`, from its bylaws). */
export function TallyForm({ lastResult, boardSize }: { lastResult: ToolResult | null; boardSize: number }) {
  return (
    <form id="vote-tally" class="panel declarative" tooldescription={describe('record_vote_tally')}>
      <h2>Vote tally</h2>
      <div class="tally-inputs">
        <label>
          Aye{' '}
          <input
            type="number"
            name="aye"
            min={0}
            max={boardSize}
            step={1}
            required
            toolparamdescription="Votes in favour."
          />
        </label>
        <label>
          Nay{' '}
          <input
            type="number"
            name="nay"
            min={0}
            max={boardSize}
            step={1}
            required
            toolparamdescription="Votes against."
          />
        </label>
        <label>
          Abstain{' '}
          <input
            type="number"
            name="abstain"
            min={0}
            max={boardSize}
            step={1}
            toolparamdescription="Members present who did not vote; recorded but never counted."
          />
        </label>
      </div>
      <button type="submit">Record the vote</button>
      {lastResult ? (
        <p id="tally-result" class={lastResult.ok ? 'result ok' : 'result bad'}>
          {lastResult.ok ? String(lastResult['message'] ?? 'Recorded.') : lastResult.message}
        </p>
      ) : null}
    </form>
  );
}

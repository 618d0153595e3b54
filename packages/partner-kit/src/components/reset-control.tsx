import { useState } from 'preact/hooks';
import type { ToolResult } from '@warrant/surface';
import { ActOutcome } from './act-outcome.tsx';

export interface ResetControlProps {
  /** Asks this site's server to reset, with the signed-in staff member's passkey: its answer. */
  readonly onReset: () => Promise<ToolResult>;
  /** Earlier books kept in the archive. */
  readonly closedBooks: number;
}

/**
 * "Reset this site's data": a second press confirms, and the signed-in staff member's passkey
 * confirms again on the server (a click alone resets nothing). Nothing is deleted: the current
 * record is moved to the archive, and a new week is seeded from today. Only the site's own staff
 * can do this; the desk cannot, since this site's data never leaves its own origin.
 */
export function ResetControl({ onReset, closedBooks }: ResetControlProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ToolResult | null>(null);
  const confirm = async (): Promise<void> => {
    setBusy(true);
    setAnswer(null);
    try {
      const answered = await onReset();
      // A reset done shows itself (a fresh week); a refused one says why, here.
      setAnswer(answered.ok ? null : answered);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <section class="panel reset" id="reset" aria-labelledby="reset-heading">
      <h2 id="reset-heading">Reset this site's data</h2>
      <p class="caption">
        Starts a fresh seeded week from today. The current record is kept in this browser's archive, not deleted
        {closedBooks > 0 ? (
          <span id="closed-books">
            {' '}
            ({closedBooks} earlier {closedBooks === 1 ? 'record' : 'records'} kept)
          </span>
        ) : null}
        .
      </p>
      {asking ? (
        <div class="reset-confirm" role="group" aria-label="Confirm the reset">
          <p>
            Reset? Reservations, holds and receipts of this week are closed and the seeded data comes back. Your staff
            passkey confirms it.
          </p>
          <button type="button" class="danger" id="reset-confirm" disabled={busy} onClick={() => void confirm()}>
            Yes, reset this site's data
          </button>{' '}
          <button type="button" id="reset-cancel" disabled={busy} onClick={() => setAsking(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" class="danger" id="reset-start" onClick={() => setAsking(true)}>
          Reset this site's data
        </button>
      )}
      <ActOutcome result={answer} id="reset-outcome" />
    </section>
  );
}

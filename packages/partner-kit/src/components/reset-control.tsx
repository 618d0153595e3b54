import { useState } from 'preact/hooks';

export interface ResetControlProps {
  readonly onReset: () => Promise<void>;
  /** Earlier books kept in the archive. */
  readonly closedBooks: number;
}

/**
 * "Reset this site's data": a second press confirms. Nothing is deleted: the current record is
 * moved to the archive, and a new week is seeded from today. Only the site's own people can
 * do this; the desk cannot, since this site's data never leaves its own origin.
 */
export function ResetControl({ onReset, closedBooks }: ResetControlProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      await onReset();
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
          <p>Reset? Reservations, holds and receipts of this week are closed and the seeded data comes back.</p>
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
    </section>
  );
}

// Who holds a request, shown to everyone with their name, and what a person may do about it: its
// holder releases it; anyone takes one no one holds; another dispatcher takes it over only with a
// reason, which the desk's server records (server/request-holders.ts). Each is a person's act, a
// button a script's synthetic click does not press; the server decides and writes the record.
import { useState } from 'preact/hooks';
import type { DeskRequest } from '../../domain/request.ts';
import type { DeskView } from '../desk-view.ts';
import type { HoldingAnswer } from '../human-acts.ts';

/** The longest reason a take-over gives (the server's bound, server/request-holders.ts). */
const REASON_MAX = 300;

export function RequestHolding({ view, request }: { view: DeskView; request: DeskRequest }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const holder = request.heldBy ?? null;
  const me = view.desk.dispatcher?.id ?? null;
  const mine = holder !== null && holder.id === me;
  const canAct = view.desk.state.value.signedIn && view.readOnly === null;

  const act = async (doing: () => Promise<HoldingAnswer>): Promise<void> => {
    setBusy(true);
    setAnswer(null);
    try {
      const done = await doing();
      setAnswer(done.ok ? null : done.message);
      if (done.ok) setReason('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="request-holding" data-holder={holder?.id ?? ''}>
      <span class="holder">
        {holder === null
          ? request.heldBy === undefined
            ? 'Held by no one (taken in before requests had holders)'
            : 'Held by no one'
          : mine
            ? `Held by you (${holder.name})`
            : `Held by ${holder.name}`}
      </span>
      {canAct && mine ? (
        <button
          type="button"
          class="release"
          disabled={busy}
          onClick={(event) => {
            if (event.isTrusted) void act(() => view.acts.release(request.id));
          }}
        >
          Release
        </button>
      ) : null}
      {canAct && holder === null ? (
        <button
          type="button"
          class="take"
          disabled={busy}
          onClick={(event) => {
            if (event.isTrusted) void act(() => view.acts.take(request.id));
          }}
        >
          Take
        </button>
      ) : null}
      {canAct && holder !== null && !mine ? (
        <form
          class="take-over"
          onSubmit={(event) => {
            event.preventDefault();
            if (event.isTrusted) void act(() => view.acts.take(request.id, reason.trim()));
          }}
        >
          <label>
            Reason to take it over from {holder.name}
            <input
              name="reason"
              required
              maxLength={REASON_MAX}
              value={reason}
              onInput={(event) => setReason((event.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" class="take-over" disabled={busy || reason.trim() === ''}>
            Take over
          </button>
        </form>
      ) : null}
      {answer ? (
        <p class="act-answer" role="alert">
          {answer}
        </p>
      ) : null}
    </div>
  );
}

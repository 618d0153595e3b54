// The desk's current signed tree head beside the ledger, in words a person reads ("Signed record
// head: 42 rows, root 3fa2…, signed 17:02"), the hash, key and signature in small print. It is
// read again when the ledger grows (this page's rows or another page's heard over SSE), once a
// burst of rows has settled: a call stores its rows one after another, and reading the head for
// each made the server sign and the page check a head nobody had time to see. Rows that keep
// coming without a pause still have the head read at least once a second, and a batch landing
// while a read is out is covered by one read after it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { readDeskHead, type DeskHead } from './desk-head.ts';
import { clockTime } from './wording.ts';

/** How long the ledger must stay still before its head is read again. */
const SETTLE_MS = 150;
/** The longest rows that keep landing may put off a read. */
const MOST_WAIT_MS = 1000;

interface Reading {
  busy: boolean;
  again: boolean;
  /** When the first row not yet covered by a read landed; null when none waits. */
  waitingSince: number | null;
  /** The read put off until the rows settle; undefined until the first is set. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

export function LedgerHead({ rows }: { rows: number }) {
  const [shown, setShown] = useState<DeskHead | null>(null);
  const reading = useRef<Reading>({ busy: false, again: false, waitingSince: null, timer: undefined });

  useEffect(() => {
    const state = reading.current;
    const read = async (): Promise<void> => {
      if (state.busy) {
        state.again = true;
        return;
      }
      state.busy = true;
      do {
        state.again = false;
        setShown(await readDeskHead());
      } while (state.again);
      state.busy = false;
    };
    const now = Date.now();
    const first = state.timer === undefined;
    state.waitingSince ??= now;
    clearTimeout(state.timer);
    // The first head is read at once; after that, when the rows pause (or have waited long enough).
    const wait = first ? 0 : Math.max(0, Math.min(SETTLE_MS, state.waitingSince + MOST_WAIT_MS - now));
    state.timer = setTimeout(() => {
      state.waitingSince = null;
      void read();
    }, wait);
  }, [rows]);

  useEffect(() => () => clearTimeout(reading.current.timer), []);

  if (shown === null)
    return (
      <p class="ledger-head muted" id="ledger-head">
        Reading the desk's signed record head…
      </p>
    );
  if (!shown.ok) {
    return (
      <p class="ledger-head broken" id="ledger-head" data-ok="false" data-code={shown.code} role="status">
        {shown.message} <small class="fine-print code">{shown.code}</small>
      </p>
    );
  }
  const { head } = shown;
  return (
    <p
      class="ledger-head ok"
      id="ledger-head"
      data-ok="true"
      data-size={head.size}
      data-root={head.root_hash}
      title={`root_hash ${head.root_hash}`}
    >
      Signed record head: <strong id="ledger-head-size">{head.size}</strong> {head.size === 1 ? 'row' : 'rows'}, root{' '}
      <code>{head.root_hash.slice(0, 4)}…</code>, signed{' '}
      <time dateTime={head.timestamp}>{clockTime(head.timestamp)}</time>. Its signature checks against the desk's key.{' '}
      <small class="fine-print code">
        Root {head.root_hash}, signed at {head.timestamp} with key {head.key}; anyone can read it at /api/ledger/head.
      </small>
    </p>
  );
}

// The desk's current signed tree head beside the ledger, in words a person reads ("Signed record
// head: 42 rows, root 3fa2…, signed 17:02"), the hash, key and signature in small print. It is
// read again when the ledger grows (this page's rows or another page's heard over SSE), at most
// once per batch of new rows: a batch landing while a read is out is covered by one read after it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { readDeskHead, type DeskHead } from './desk-head.ts';
import { clockTime } from './wording.ts';

export function LedgerHead({ rows }: { rows: number }) {
  const [shown, setShown] = useState<DeskHead | null>(null);
  const reading = useRef<{ busy: boolean; again: boolean }>({ busy: false, again: false });

  useEffect(() => {
    const state = reading.current;
    if (state.busy) {
      state.again = true;
      return;
    }
    const read = async (): Promise<void> => {
      state.busy = true;
      do {
        state.again = false;
        setShown(await readDeskHead());
      } while (state.again);
      state.busy = false;
    };
    void read();
  }, [rows]);

  if (shown === null) return <p class="ledger-head muted" id="ledger-head">Reading the desk's signed record head…</p>;
  if (!shown.ok) {
    return (
      <p class="ledger-head broken" id="ledger-head" data-ok="false" data-code={shown.code} role="status">
        {shown.message} <small class="fine-print code">{shown.code}</small>
      </p>
    );
  }
  const { head } = shown;
  return (
    <p class="ledger-head ok" id="ledger-head" data-ok="true" data-size={head.size} data-root={head.root_hash} title={`root_hash ${head.root_hash}`}>
      Signed record head: <strong id="ledger-head-size">{head.size}</strong> {head.size === 1 ? 'row' : 'rows'}, root <code>{head.root_hash.slice(0, 4)}…</code>, signed{' '}
      <time dateTime={head.timestamp}>{clockTime(head.timestamp)}</time>. Its signature checks against the desk's key.{' '}
      <small class="fine-print code">
        size={head.size} root_hash={head.root_hash} timestamp={head.timestamp} key={head.key} · GET /api/ledger/head
      </small>
    </p>
  );
}

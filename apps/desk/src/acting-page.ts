// One page acts at the desk at a time, across tabs and dispatchers' browsers: the one holding the
// desk server's claim (src/server/acting-page.ts). It renews the claim while it is open and gives
// it up as it goes; every other page shows the same record read-only and reloads to take over
// once the claim is free. A page that finds it has lost the claim (it slept past it) reloads too,
// so it never acts beside another.

import { askDeskServer } from './consent/desk-server.ts';
import { PAGE_ID } from './page-id.ts';

const claim = () =>
  askDeskServer<{ readonly acting: boolean; readonly claim_seconds: number }>('/api/acting', { page: PAGE_ID });

// keepalive: sent as the page goes, it must outlive the page.
const release = (): void =>
  void fetch('/api/acting/release', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: PAGE_ID }),
    keepalive: true,
  }).catch(() => undefined);

/** True when this page acts. `onChange` is called once when that stops being so (taken over, or lost). */
export async function claimActingPage(onChange: () => void): Promise<boolean> {
  const first = await claim();
  const acting = first.ok && first.acting;
  const seconds = first.ok ? first.claim_seconds : 20;
  let changed = false;
  const change = (): void => {
    if (changed) return;
    changed = true;
    clearInterval(timer);
    onChange();
  };
  // The holder renews well within the claim; a waiting page asks again as often.
  const timer = setInterval(
    () =>
      void claim().then((answer) => {
        // Unreachable: keep what this page was; the server decides when it is back.
        if (!answer.ok || answer.acting === acting) return;
        // A waiting page that now holds the claim gives it back: the page it reloads into claims afresh.
        if (!acting) release();
        change();
      }),
    Math.max(1000, (seconds * 1000) / 5),
  );
  addEventListener('pagehide', () => {
    clearInterval(timer);
    if (acting) release();
  });
  return acting;
}

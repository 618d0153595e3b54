// One page acts at the desk at a time, across tabs and dispatchers' browsers: the one holding the
// desk server's claim (src/server/acting-page.ts). It renews the claim while it is open and gives
// it up as it goes; every other page shows the same record read-only and reloads to take over
// once the claim is free. A page that finds it has lost the claim (it slept past it) reloads too,
// so it never acts beside another.

interface ClaimAnswer {
  readonly ok: boolean;
  readonly acting?: boolean;
  readonly claim_seconds?: number;
}

function randomPage(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function claim(page: string): Promise<ClaimAnswer | null> {
  try {
    const response = await fetch('/api/acting', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page }) });
    return (await response.json()) as ClaimAnswer;
  } catch {
    return null;
  }
}

/** True when this page acts. `onChange` is called once when that stops being so (taken over, or lost). */
export async function claimActingPage(onChange: () => void): Promise<boolean> {
  const page = randomPage();
  const first = await claim(page);
  const acting = first?.acting === true;
  const seconds = first?.claim_seconds ?? 20;
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
      void claim(page).then((answer) => {
        // Unreachable: keep what this page was; the server decides when it is back.
        if (answer === null || !answer.ok) return;
        if (answer.acting !== acting) {
          if (!acting) void fetch('/api/acting/release', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page }), keepalive: true });
          change();
        }
      }),
    Math.max(1000, (seconds * 1000) / 5),
  );
  addEventListener('pagehide', () => {
    clearInterval(timer);
    if (acting) void fetch('/api/acting/release', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page }), keepalive: true });
  });
  return acting;
}

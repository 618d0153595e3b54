import { useState } from 'preact/hooks';
import type { OutOfScope as Motion } from '../domain/out-of-scope.ts';

/** What the bench deliberately does not model, and why; the list loads when a person opens it. */
export function OutOfScope() {
  const [motions, setMotions] = useState<readonly Motion[] | null>(null);
  const load = (): void => {
    if (!motions) void import('../domain/out-of-scope.ts').then((module) => setMotions(module.OUT_OF_SCOPE));
  };
  return (
    <details class="panel" id="out-of-scope" onToggle={load}>
      <summary>What the bench does not model, and why</summary>
      {motions ? (
        <ul>
          {motions.map((row) => (
            <li key={row.motion}>
              <strong>{row.motion}</strong> <span class="cite">{row.cite}</span> — {row.reason}
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">Loading…</p>
      )}
    </details>
  );
}

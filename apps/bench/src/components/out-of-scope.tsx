import { OUT_OF_SCOPE } from '../domain/rulebook.ts';

/** What the bench deliberately does not model, and why: a limit stated is not a bug hidden. */
export function OutOfScope() {
  return (
    <details class="panel">
      <summary>Not modelled here ({OUT_OF_SCOPE.length})</summary>
      <ul>
        {OUT_OF_SCOPE.map((row) => (
          <li key={row.motion}>
            <strong>{row.motion}</strong> <span class="cite">{row.cite}</span> — {row.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

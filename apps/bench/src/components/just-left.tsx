import type { ChangeRecord, ExplainedRow } from '@warrant/surface';

/**
 * The tools the last change took away, kept in view where the agent's list was, with the rule that
 * removed them: what an agent lost, and why, without looking elsewhere. Tools removed for the same
 * reason share one line.
 */
export function JustLeft({ change, explained }: { change: ChangeRecord | null; explained: readonly ExplainedRow[] }) {
  const gone = (change?.removed ?? [])
    .map((name) => explained.find((row) => row.name === name))
    .filter((row): row is ExplainedRow => row !== undefined && !row.verdict.legal);
  if (gone.length === 0) return null;
  const byReason = new Map<string, ExplainedRow[]>();
  for (const row of gone) {
    const reason = row.verdict.reason ?? '';
    byReason.set(reason, [...(byReason.get(reason) ?? []), row]);
  }
  return (
    <div class="just-left" id="just-left" role="group" aria-labelledby="just-left-heading">
      <h3 id="just-left-heading">Just left the list ({gone.length})</h3>
      <ul>
        {[...byReason].map(([reason, rows]) => (
          <li key={reason}>
            {rows.map((row, index) => (
              <span key={row.name} data-tool={row.name}>
                {index > 0 ? ', ' : null}
                <s class="tool-title">{row.title}</s>
              </span>
            ))}
            <span class="reason"> — {reason}</span>{' '}
            {rows[0]?.verdict.cite ? <span class="cite">{rows[0].verdict.cite}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

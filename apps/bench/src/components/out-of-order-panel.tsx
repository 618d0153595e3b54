import type { ExplainedRow } from '@warrant/surface';

/** "Out of order — and why": in the space where a tool was, the rule that removed it. */
export function OutOfOrderPanel({ rows }: { rows: readonly ExplainedRow[] }) {
  const blocked = rows.filter((row) => !row.verdict.legal);
  return (
    <section class="panel" aria-labelledby="out-of-order-heading">
      <h2 id="out-of-order-heading">Out of order — and why · {blocked.length}</h2>
      <ul class="blocked-list" id="out-of-order">
        {blocked.map((row) => (
          <li key={row.name} data-tool={row.name}>
            <code>{row.name}</code> <span class="cite">{row.verdict.cite ?? ''}</span>
            <div class="reason">{row.verdict.reason}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}

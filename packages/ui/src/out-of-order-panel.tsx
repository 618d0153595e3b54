import type { ExplainedRow } from '@warrant/surface';

export interface OutOfOrderPanelProps {
  /** Every row with its verdict (explain()); the legal ones are left out here. */
  readonly rows: readonly ExplainedRow[];
  readonly heading?: string;
  /** Prefix of the ids inside (`<id>-heading`, `<id>-count`). */
  readonly id?: string;
}

/**
 * "Out of order, and why": each tool that is not registered, with the reason in words and the
 * rule that decides it; the name an agent would call it by is the fine print.
 */
export function OutOfOrderPanel({
  rows,
  heading = 'Out of order, and why',
  id = 'out-of-order',
}: OutOfOrderPanelProps) {
  const blocked = rows.filter((row) => !row.verdict.legal);
  return (
    <section class="panel out-of-order" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {heading} · <span id={`${id}-count`}>{blocked.length}</span>
      </h2>
      <p class="caption">Not registered, so no agent can see or call them. Each says why, and which rule decides it.</p>
      <div class="scroll-region" role="region" tabIndex={0} aria-label="Tools out of order, and why">
        {blocked.length > 0 ? (
          <ul class="blocked-list">
            {blocked.map((row) => (
              <li key={row.name} data-tool={row.name}>
                <span class="tool-title">{row.title || row.name}</span>
                <span class="reason">{row.verdict.reason ?? 'Its rule does not allow it now.'}</span>
                <small class="fine-print">
                  {row.verdict.cite ? (
                    <>
                      <span class="cite">{row.verdict.cite}</span> ·{' '}
                    </>
                  ) : null}
                  <code>{row.name}</code>
                </small>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">Every tool is in order.</p>
        )}
      </div>
    </section>
  );
}

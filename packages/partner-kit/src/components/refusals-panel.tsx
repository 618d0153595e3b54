import type { DoorRefusal } from '../door-refusal.ts';

const time = (at: string): string =>
  new Date(at).toLocaleString('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * Writes this site's server refused before anything changed: a call with no approval from the
 * desk, or with one that was forged, spent or for something else. Shown only once there is one,
 * so staff notice someone tried.
 */
export function RefusalsPanel({ refusals }: { readonly refusals: readonly DoorRefusal[] }) {
  if (refusals.length === 0) return null;
  return (
    <section class="panel refusals" id="refusals" aria-labelledby="refusals-heading">
      <h2 id="refusals-heading">
        Refused writes · <span id="refusals-count">{refusals.length}</span>
      </h2>
      <p class="caption">
        Calls that tried to change this site without a person's approval from the dispatch desk. Nothing was changed.
      </p>
      <ol class="receipt-list">
        {refusals.map((refused, index) => (
          <li key={`${refused.at}-${index}`} data-code={refused.code} data-tool={refused.tool}>
            <p class="receipt-line">
              <strong>{refused.tool}</strong>
              {refused.request ? (
                <>
                  {' '}
                  for request <code>{refused.request}</code>
                </>
              ) : null}
              <span class="fine-print"> · {time(refused.at)}</span>
            </p>
            <p class="receipt-message">{refused.reason}</p>
            <p class="fine-print">
              <code>{refused.code}</code> · arrived by {refused.channel}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

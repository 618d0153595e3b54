import type { ServedWrite } from '../partner-state.ts';
import { ApprovedBy } from './approved-by.tsx';
import { callerWords } from './caller-words.ts';
import { staffMessage } from './staff-words.ts';

export interface ReceiptsPanelProps {
  readonly served: readonly ServedWrite[];
  /** Tool titles by name, so a person reads "Reserve parcels", not reserve_parcels. */
  readonly titles: ReadonlyMap<string, string>;
}

const time = (at: string): string =>
  new Date(at).toLocaleString('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * Every write this site served, newest first, with the receipt it handed back: the desk records
 * the same id and digest on its ledger, so the two records can be checked against each other.
 */
export function ReceiptsPanel({ served, titles }: ReceiptsPanelProps) {
  const newest = [...served].reverse();
  return (
    <section class="panel receipts" id="receipts" aria-labelledby="receipts-heading">
      <h2 id="receipts-heading">
        Receipts · <span id="receipts-count">{served.length}</span>
      </h2>
      <p class="caption">
        One for every write this site served. The digest is the SHA-256 of exactly what was asked and answered; the
        dispatch desk keeps the same receipt on its ledger.
      </p>
      {newest.length === 0 ? (
        <p class="muted">No writes served yet.</p>
      ) : (
        <div class="scroll-region" role="region" tabIndex={0} aria-label="Receipts, newest first">
          <ol class="receipt-list">
            {newest.map((write, index) => (
              <li
                key={write.receipt.id}
                class={index === 0 ? 'fresh' : undefined}
                data-receipt={write.receipt.id}
                data-tool={write.tool}
                data-request={write.receipt.request}
              >
                <p class="receipt-line">
                  <strong>{titles.get(write.tool) ?? write.tool}</strong> for request{' '}
                  <code>{write.receipt.request}</code>
                  <span class="fine-print">
                    {' '}
                    · {time(write.at)} · {write.approvedBy ? 'through the desk' : callerWords(write)}
                  </span>
                </p>
                <ApprovedBy write={write} />
                <p class="receipt-message">{staffMessage(write.message)}</p>
                <p class="fine-print">
                  Receipt <code class="receipt-id">{write.receipt.id}</code> · <code>{write.tool}</code>
                </p>
                <p class="fine-print digest">
                  SHA-256 <code class="receipt-digest">{write.receipt.digest}</code>
                </p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

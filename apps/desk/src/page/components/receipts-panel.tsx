// Two-sided evidence, as a dispatcher reads it: for each partner, how many of the receipts either
// side holds the other holds too. The desk's server asks each partner's server for its record and
// sets it against the desk's ledger rows (server/partner-records.ts); the page only shows the
// answer. A mismatch is named at its row: the desk row that claims a receipt the partner does not
// hold, or the partner's receipt that no desk row claims.
import { useEffect, useState } from 'preact/hooks';
import type { PartnerReconciliation } from '../../api/answers.ts';
import { askDesk } from '../../api/ask-desk.ts';
import { DESK_API } from '../../api/desk-api.ts';
import type { DeskView } from '../desk-view.ts';
import { clockTime, siteWord } from './wording.ts';

type Checked =
  | { readonly kind: 'done'; readonly partners: readonly PartnerReconciliation[]; readonly at: string }
  | { readonly kind: 'problem'; readonly text: string }
  | null;

/**
 * Asks again when a run ends: receipts appear only in an approved run (its steps, undos and
 * by-key answers), and each run ends with plan_finished. Asking at every partner answer would
 * fetch every partner's record several times a run, reads included.
 */
function runsEnded(view: DeskView): number {
  return view.rows.value.filter((row) => row.event === 'plan_finished').length;
}

function PartnerLine({ found }: { found: PartnerReconciliation }) {
  const who = siteWord(found.partner);
  if (!found.reachable) {
    return (
      <li class="receipts-partner unreachable" data-partner={found.partner} data-matched="unknown">
        <strong>{who}</strong>: cannot be asked now ({found.problem}). Its receipts are not checked.
      </li>
    );
  }
  const whole = found.desk_only.length === 0 && found.partner_only.length === 0;
  return (
    <li
      class={`receipts-partner ${whole ? 'whole' : 'mismatch'}`}
      data-partner={found.partner}
      data-matched={`${found.matched}/${found.total}`}
    >
      <strong>{who}</strong>:{' '}
      {found.total === 0 ? 'no receipts yet in this book.' : `receipts matched ${found.matched} / ${found.total}.`}
      {found.desk_only.length > 0 || found.partner_only.length > 0 ? (
        <ul>
          {found.desk_only.map((claim) => (
            <li key={`desk-${claim.receipt}`} class="desk-only">
              Ledger row {claim.seq} says {who} answered {claim.tool} with receipt <code>{claim.receipt}</code>, but{' '}
              {who} holds no such receipt.
            </li>
          ))}
          {found.partner_only.map((held) => (
            <li key={`partner-${held.receipt}`} class="partner-only">
              {who} holds receipt <code>{held.receipt}</code> for {held.tool}
              {held.at ? ` (${clockTime(held.at)})` : ''}, written under this desk's approval, but no ledger row records
              it.
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ReceiptsPanel({ view }: { view: DeskView }) {
  const [checked, setChecked] = useState<Checked>(null);
  const [asking, setAsking] = useState(false);
  const ended = runsEnded(view);

  const ask = async (): Promise<void> => {
    setAsking(true);
    const answer = await askDesk(DESK_API.reconciliation, {
      unreachable: "The desk's server cannot be reached, so the partners' receipts cannot be checked now.",
    });
    setAsking(false);
    setChecked(
      answer.ok
        ? { kind: 'done', partners: answer.partners, at: new Date().toISOString() }
        : { kind: 'problem', text: answer.message },
    );
  };

  useEffect(() => {
    void ask();
  }, [ended]);

  const mismatched =
    checked?.kind === 'done'
      ? checked.partners.filter(
          (found) => !found.reachable || found.desk_only.length > 0 || found.partner_only.length > 0,
        ).length
      : 0;
  return (
    <section class="panel receipts" id="receipts" aria-labelledby="receipts-heading">
      <div class="section-head">
        <h2 id="receipts-heading">Receipts, both sides</h2>
        <div class="actions">
          <button type="button" id="check-receipts" onClick={() => void ask()} disabled={asking}>
            {asking ? 'Asking the partners…' : 'Ask the partners again'}
          </button>
        </div>
      </div>
      <p class="hint">
        Each partner's own record, set against this ledger: every receipt a partner issued under this desk's approvals
        should have its ledger row, and every row that claims a receipt should have it at the partner.
      </p>
      {checked === null ? (
        <p class="muted">Asking the partners…</p>
      ) : checked.kind === 'problem' ? (
        <p class="check broken" role="status" id="receipts-result">
          {checked.text}
        </p>
      ) : (
        <>
          <p class={`check ${mismatched === 0 ? 'ok' : 'broken'}`} role="status" id="receipts-result">
            {mismatched === 0
              ? 'Every partner holds what the ledger says, and the ledger records every receipt they hold.'
              : `${mismatched} of ${checked.partners.length} partners do not match the ledger, named below.`}{' '}
            <small class="fine-print">asked {clockTime(checked.at)}</small>
          </p>
          <ul class="receipts-list" id="receipts-list">
            {checked.partners.map((found) => (
              <PartnerLine key={found.partner} found={found} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

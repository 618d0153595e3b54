import { useState } from 'preact/hooks';
import type { DeskAuditRecord } from '../desk-audit-record.ts';

const time = (at: string): string => new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

export interface DeskAuditPanelProps {
  /** This site's checks of the desk's record, newest first. */
  readonly audits: readonly DeskAuditRecord[];
  readonly onCheck: () => Promise<void>;
}

/**
 * What this site found when it checked the desk's record against the signed heads it kept: a quiet
 * line when all held, and every finding in plain words when something did not (kept, not replaced
 * by a later pass: the desk's history changed once, and that stays true).
 */
export function DeskAuditPanel({ audits, onCheck }: DeskAuditPanelProps) {
  const [busy, setBusy] = useState(false);
  const latest = audits[0];
  const failed = audits.filter((audit) => audit.outcome === 'failed');
  const check = async (): Promise<void> => {
    setBusy(true);
    try {
      await onCheck();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="panel desk-audit" id="desk-audit" aria-labelledby="desk-audit-heading">
      <h2 id="desk-audit-heading">The desk's record of our work</h2>
      <p class="caption">
        With every approved write we keep the desk's signed summary of its record, and check later that the desk still
        holds what it showed us.
      </p>
      {latest ? (
        <p class="receipt-line" id="desk-audit-latest" role="status" data-outcome={latest.outcome}>
          {latest.outcome === 'passed' ? `Desk record checked ${time(latest.at)}: ${latest.summary}` : null}
          {latest.outcome === 'unchecked'
            ? `Could not check the desk's record at ${time(latest.at)}: ${latest.summary}`
            : null}
          {latest.outcome === 'failed' ? `Desk record checked ${time(latest.at)}: ${latest.summary}` : null}
        </p>
      ) : (
        <p class="muted" id="desk-audit-latest">
          Not checked yet.
        </p>
      )}
      {failed.length > 0 ? (
        <ol class="receipt-list" id="desk-findings" aria-label="What we found wrong in the desk's record">
          {failed.flatMap((audit) =>
            audit.findings.map((finding, index) => (
              <li key={`${audit.at}-${index}`} data-code={finding.code}>
                <p class="receipt-message">{finding.message}</p>
                <p class="fine-print">
                  <code>{finding.code}</code> · found {time(audit.at)}
                </p>
              </li>
            )),
          )}
        </ol>
      ) : null}
      <button type="button" id="check-desk" disabled={busy} onClick={() => void check()}>
        Check the desk's record
      </button>
    </section>
  );
}

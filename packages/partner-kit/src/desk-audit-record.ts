/** One thing a site's check of the desk's record found wrong, in plain words, with its code. */
export interface DeskAuditFinding {
  readonly code: 'HEAD_SIGNATURE_INVALID' | 'HISTORY_CHANGED' | 'ROW_NOT_IN_HEAD' | 'RECEIPT_NOT_ON_DESK';
  readonly message: string;
}

/**
 * A check this site ran of the desk's record: passed (everything it could check held), failed
 * (with what it found), or unchecked (the desk could not be asked; nothing is known either way).
 */
export interface DeskAuditRecord {
  readonly at: string;
  readonly outcome: 'passed' | 'failed' | 'unchecked';
  readonly summary: string;
  readonly findings: readonly DeskAuditFinding[];
}

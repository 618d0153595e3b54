import type { ServedWrite } from '../partner-state.ts';
import { approvalWords } from './caller-words.ts';

/**
 * A receipt's "Approved by <dispatcher> at the desk", in words, with the codes (the desk's approval
 * and the dispatcher's id) in small print; nothing for a write the desk did not authorize.
 */
export function ApprovedBy({ write }: { readonly write: Pick<ServedWrite, 'approvedBy'> }) {
  const words = approvalWords(write);
  if (!write.approvedBy || !words) return null;
  return (
    <p class="approved-by" data-dispatcher={write.approvedBy.dispatcher} data-approval={write.approvedBy.approval}>
      {words.charAt(0).toUpperCase() + words.slice(1)}
      {write.approvedBy.kind === 'step' ? ', with their passkey' : ''}, for request{' '}
      <code>{write.approvedBy.request}</code>.
      <span class="fine-print">
        {' '}
        Approval <code>{write.approvedBy.approval}</code> · dispatcher <code>{write.approvedBy.dispatcher}</code>
      </span>
    </p>
  );
}

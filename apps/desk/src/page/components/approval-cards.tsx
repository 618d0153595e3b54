import { useEffect } from 'preact/hooks';
import { preloadConsent } from '../consent/preload-consent.ts';
import type { DeskView } from '../desk-view.ts';
import { ApprovalCard } from './approval-card.tsx';

export function ApprovalCards({ view }: { view: DeskView }) {
  const approvals = [...view.desk.state.value.approvals].reverse();
  const waitingOn = view.runner.view.value.approval;
  const pending = approvals.filter((approval) => approval.status === 'pending').length;
  useEffect(() => {
    if (pending > 0) preloadConsent();
  }, [pending > 0]);
  return (
    <section class="panel approvals" id="approvals" aria-labelledby="approvals-heading">
      <h2 id="approvals-heading">
        Approvals · <span id="pending-approvals">{pending}</span> waiting
      </h2>
      {approvals.length === 0 ? (
        <p class="muted">
          No plan has been committed. When one is, it waits here for a person; no tool can approve it.
        </p>
      ) : (
        approvals.map((approval) => (
          <ApprovalCard
            key={approval.id}
            view={view}
            approval={approval}
            highlighted={approval.id === waitingOn && approval.status === 'pending'}
          />
        ))
      )}
    </section>
  );
}

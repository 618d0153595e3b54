import type { Row } from '@warrant/surface';
import { AgentSlot } from '../agent/agent-slot.tsx';
import type { DeskView } from '../desk-view.ts';
import type { DeskState } from '../../domain/state.ts';
import { ApprovalCards } from './approval-cards.tsx';
import { ApprovalWaiting } from './approval-waiting.tsx';
import { CapacityPanel } from './capacity-panel.tsx';
import { DispatcherBar } from './dispatcher-bar.tsx';
import { HeaderBar } from './header-bar.tsx';
import { LeasesPanel } from './leases-panel.tsx';
import { LedgerPanel } from './ledger-panel.tsx';
import { PartnersDown } from './partners-down.tsx';
import { PartnersNow } from './partners-now.tsx';
import { QueuePanel } from './queue-panel.tsx';
import { ReceiptsPanel } from './receipts-panel.tsx';
import { RunnerPanel } from './runner-panel.tsx';
import { VerbsPanel } from './verbs-panel.tsx';

/** `rows` are the desk's verbs as the surface was given them: the in-page agent declares from them on a page without WebMCP. */
export function App({ view, rows }: { view: DeskView; rows: readonly Row<DeskState>[] }) {
  const problem = view.desk.storeProblem.value;
  return (
    <div class="shell">
      <HeaderBar view={view} />
      <DispatcherBar view={view} />
      {view.readOnly ? (
        <p class="banner" role="status" id="read-only-notice">
          {view.readOnly}
        </p>
      ) : null}
      {view.notice ? (
        <p class="banner" role="status" id="restore-notice">
          {view.notice}
        </p>
      ) : null}
      <ApprovalWaiting view={view} />
      <PartnersDown view={view} />
      {problem ? (
        <p class="banner bad" role="alert" id="store-problem">
          {problem}
        </p>
      ) : null}
      <main class="layout">
        <div class="work-col work-top">
          <RunnerPanel view={view} />
          <AgentSlot view={view} rows={rows} />
          <ApprovalCards view={view} />
        </div>
        {/* What the dispatcher watches: the partner sites open now, over the ledger; on a wide screen the two stay in view together. */}
        <div class="watch-col">
          <PartnersNow view={view} />
          <LedgerPanel view={view} />
        </div>
        <div class="work-col work-rest">
          <QueuePanel view={view} />
          <LeasesPanel view={view} />
          <ReceiptsPanel view={view} />
          {Object.keys(view.desk.capacity.value).length > 0 ? <CapacityPanel view={view} /> : null}
          <VerbsPanel view={view} />
        </div>
      </main>
    </div>
  );
}

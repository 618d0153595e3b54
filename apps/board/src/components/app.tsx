import type { BoardApp } from '../board-app.ts';
import { AccessRail } from './access-rail.tsx';
import { ActivityLog } from './activity-log.tsx';
import { AgentPanel } from './agent-panel.tsx';
import { BriefCard } from './brief-card.tsx';
import { DecisionCard } from './decision-card.tsx';
import { EditorBar } from './editor-bar.tsx';
import { FieldBoard } from './field-board.tsx';
import { HeaderBar } from './header-bar.tsx';
import { PublishedVersions } from './published-versions.tsx';
import { ReviewCard } from './review-card.tsx';

export function App({ app }: { app: BoardApp }) {
  const state = app.store.state.value;
  const problem = app.restoreProblem.value;
  return (
    <div class="shell">
      <HeaderBar app={app} />
      {problem ? (
        <p class="banner" role="status" id="restore-problem">
          {problem}
        </p>
      ) : null}
      <main class="layout">
        <div class="main-col">
          <BriefCard brief={state.brief} />
          <FieldBoard app={app} />
          <PublishedVersions app={app} />
          <ActivityLog activity={state.activity} head={app.ledgerHead.value} />
        </div>
        <aside class="side-col" aria-label="Decisions and agent access">
          <DecisionCard app={app} />
          <ReviewCard app={app} />
          <AgentPanel app={app} />
          <AccessRail state={state} />
          <EditorBar />
        </aside>
      </main>
    </div>
  );
}

import { ModeBadge } from '@warrant/ui';
import type { BoardApp } from '../board-app.ts';
import { ActNotice } from './act-notice.tsx';

const PHASE_LABEL = { DRAFT: 'Draft', REVIEW: 'In review', ACCEPTED: 'Accepted' } as const;

export function HeaderBar({ app }: { app: BoardApp }) {
  const state = app.store.state.value;
  const kept = app.kept.value;
  return (
    <header class="topbar">
      <div class="brand">
        <span class="brand-mark" aria-hidden="true" />
        <div>
          <p class="brand-kicker">Warrant · Launch board</p>
          <h1>{state.brief.title}</h1>
        </div>
      </div>
      <div class="topbar-status">
        <span class={`pill phase-${state.phase.toLowerCase()}`} id="phase" data-phase={state.phase}>
          {PHASE_LABEL[state.phase]}
        </span>
        <span
          class="pill pill-version"
          id="scope-version"
          data-version={state.scopeVersion}
          title="Scope version: +1 on every change to the frame"
        >
          Scope v{state.scopeVersion}
        </span>
        <span class={`save save-${kept ? 'kept' : 'off'}`} id="record-status" data-kept={String(kept)}>
          {kept ? "Kept on the board's server, shared by every editor" : 'Not connected: nothing can be decided'}
        </span>
        <ModeBadge mode={app.surface.mode.value} reason={app.surface.reason.value} />
        <button
          type="button"
          class="quiet"
          id="reset-demo"
          disabled={app.human.value === null}
          onClick={() => app.act('reset', (human) => human.reset())}
        >
          Reset demo
        </button>
      </div>
      <ActNotice app={app} area="reset" />
    </header>
  );
}

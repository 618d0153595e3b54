// Where the in-page agent sits on the desk before anyone opens it: a heading and a button. The
// panel's code (the model client, the turn, its words) comes in the chunk the desk loads after
// its first paint (after-paint.ts), so it costs the first visit nothing; opening the panel waits
// for that chunk if it has not arrived yet.
import './agent.css';
import { signal } from '@preact/signals';
import type { Row } from '@warrant/surface';
import type { ComponentType } from 'preact';
import type { DeskView } from '../desk-view.ts';
import type { DeskState } from '../../domain/state.ts';
import type { AgentPanelProps } from './agent-panel.tsx';

const loaded = signal<ComponentType<AgentPanelProps> | null>(null);
const failed = signal<string | null>(null);

function open(): void {
  failed.value = null;
  import('./after-paint.ts').then(
    (module) => (loaded.value = module.AgentPanel),
    () => (failed.value = 'The agent panel could not be loaded. Reload the page to try again.'),
  );
}

export function AgentSlot({ view, rows }: { view: DeskView; rows: readonly Row<DeskState>[] }) {
  const Panel = loaded.value;
  if (Panel) return <Panel view={view} rows={rows} />;
  return (
    <section class="panel agent" id="agent-panel" aria-labelledby="agent-heading" data-status="closed">
      <div class="section-head">
        <h2 id="agent-heading">In-page agent</h2>
        <button type="button" id="open-agent" onClick={open}>
          Open the agent
        </button>
      </div>
      <p class="hint">
        Give a model a task in plain words. It works the same verbs as any agent, and stops at the approval for you.
      </p>
      {failed.value ? (
        <p class="act-answer" role="alert">
          {failed.value}
        </p>
      ) : null}
    </section>
  );
}

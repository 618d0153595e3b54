import type { ReadonlySignal } from '@preact/signals';
import type { ChangeRecord, ExplainedRow } from '@warrant/surface';
import { ChangeLine, InOrderPanel, OutOfOrderPanel, type BootMode } from '@warrant/ui';
import type { ListedTool } from '@warrant/webmcp';

export interface AgentToolsView {
  readonly mode: ReadonlySignal<BootMode>;
  readonly reason: ReadonlySignal<string>;
  readonly tools: ReadonlySignal<ListedTool[]>;
  readonly explained: ReadonlySignal<ExplainedRow[]>;
  readonly lastChange: ReadonlySignal<ChangeRecord | null>;
  readonly changeCount: ReadonlySignal<number>;
}

/** What an agent can call on this site now (the browser's own list), and what it cannot, and why. */
export function AgentToolsPanel({ view }: { readonly view: AgentToolsView }) {
  const mode = view.mode.value;
  const hasWebMcp = mode === 'native' || mode === 'polyfill';
  return (
    <div class="agent-tools">
      <InOrderPanel
        tools={hasWebMcp ? view.tools.value : null}
        explained={view.explained.value}
        {...(hasWebMcp ? {} : { reason: view.reason.value })}
        heading="Tools an agent can call now"
      >
        <ChangeLine change={view.lastChange.value} count={view.changeCount.value} />
      </InOrderPanel>
      <OutOfOrderPanel rows={view.explained.value} heading="Tools not offered now, and why" />
    </div>
  );
}

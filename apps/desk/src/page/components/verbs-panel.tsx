import { ChangeLine, InOrderPanel, OutOfOrderPanel } from '@warrant/ui';
import type { DeskView } from '../desk-view.ts';

export function VerbsPanel({ view }: { view: DeskView }) {
  const { surface } = view;
  const connected = surface.connection.value?.webmcp ?? null;
  return (
    <div class="verbs" id="verbs">
      <InOrderPanel
        heading="Desk verbs an agent can call now"
        tools={connected ? surface.tools.value : null}
        explained={surface.explained.value}
        reason={surface.reason.value}
      >
        <ChangeLine change={surface.lastChange.value} count={surface.changeCount.value} />
      </InOrderPanel>
      <OutOfOrderPanel heading="Not in order now, and why" rows={surface.explained.value} />
    </div>
  );
}

import type { PartnerDefinition } from '../definition.ts';
import type { RemotePartnerSite } from '../remote-partner-site.ts';
import { AgentToolsPanel, type AgentToolsView } from './agent-tools-panel.tsx';
import { NotesPanel } from './notes-panel.tsx';
import { ReceiptsPanel } from './receipts-panel.tsx';
import { ResetControl } from './reset-control.tsx';

export interface PartnerSideProps<D, E> {
  readonly definition: PartnerDefinition<D, E>;
  readonly site: RemotePartnerSite<D>;
  readonly agent: AgentToolsView;
  readonly titles: ReadonlyMap<string, string>;
  readonly framed: boolean;
}

/** The receipts, the notes, the agent's tools and the reset; framed, the notes and tools fold away. */
export function PartnerSide<D, E>({ definition, site, agent, titles, framed }: PartnerSideProps<D, E>) {
  const state = site.state.value;
  const notes = <NotesPanel notes={definition.notes(state.domain)} />;
  const tools = <AgentToolsPanel view={agent} />;
  return (
    <>
      <ReceiptsPanel served={state.served} titles={titles} />
      {framed ? (
        <details class="folded">
          <summary>Notes</summary>
          {notes}
        </details>
      ) : (
        notes
      )}
      {framed ? (
        <details class="folded">
          <summary>Tools an agent can call</summary>
          {tools}
        </details>
      ) : (
        tools
      )}
      <ResetControl onReset={site.resetData} closedBooks={site.closedBooks.value} />
    </>
  );
}

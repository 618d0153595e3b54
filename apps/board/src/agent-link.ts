// The agent's side of the page, loaded after the board is on screen: find WebMCP, build the
// surface from the board's rows, and report what the browser says is registered. Nothing here is
// needed for a human to use the board, so none of it delays the first paint.
import { createSurface } from '@warrant/surface';
import { registeredTools } from '@warrant/ui';
import { connect } from '@warrant/webmcp';
import type { BoardApp } from './board-app.ts';
import type { BoardState } from './domain/state.ts';
import { boardRows, type AgentSide } from './rows.ts';

const RECENT_CALLS = 6;

export async function linkAgent(app: BoardApp, side: AgentSide): Promise<void> {
  const connection = await connect();
  app.agent.connection.value = connection;
  const { agent, store } = app;
  const surface = createSurface<BoardState>({
    rows: boardRows({ store, agentSide: () => Promise.resolve(side), ready: Promise.resolve() }),
    state: store.read,
    webmcp: connection.webmcp,
    document,
    onChange: (change) => {
      agent.held.value = surface.heldFor();
      if (change.added.length === 0 && change.removed.length === 0) return;
      agent.changeCount.value += 1;
      agent.lastChange.value = change;
    },
    onCall: (call) => {
      agent.calls.value = [call, ...agent.calls.value].slice(0, RECENT_CALLS);
    },
  });
  agent.explain.value = (state) => surface.explain(state);
  store.subscribe(() => surface.update());
  // The channel holds the surface while the agent's request waits; show it as it happens.
  side.channel.subscribe(() => queueMicrotask(() => (agent.held.value = surface.heldFor())));

  const { tools, refresh } = registeredTools(connection.webmcp);
  tools.subscribe((listed) => (agent.tools.value = listed));

  addEventListener('pagehide', () => {
    // Teardown answers a waiting request (EXPANSION_BRIDGE_DISPOSED) instead of leaving it hanging.
    side.channel.dispose();
    surface.dispose();
  });

  await surface.reconcile();
  await refresh();
}

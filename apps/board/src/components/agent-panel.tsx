import { ChangeLine, ToolList } from '@warrant/ui';
import type { BoardApp } from '../board-app.ts';

const outcomeOf = (result: { ok: boolean; code?: unknown }): string => (result.ok ? (typeof result.code === 'string' ? result.code : 'ok') : String(result.code));

/**
 * The agent's side of the board: the tools in order now, as the browser itself lists them
 * (getTools), the last change to that set, the tools out of order and why, and recent calls.
 */
export function AgentPanel({ app }: { app: BoardApp }) {
  const { agent } = app;
  const state = app.store.state.value;
  const connection = agent.connection.value;
  const tools = agent.tools.value;
  const explain = agent.explain.value;
  const outOfOrder = explain ? explain(state).filter((row) => !row.verdict.legal) : [];
  const held = agent.held.value;
  const calls = agent.calls.value;
  return (
    <section class="panel agent" aria-labelledby="agent-title">
      <div class="section-head">
        <h2 id="agent-title">Agent tools</h2>
        <span class="muted small" id="tool-count" data-count={tools.length}>
          {connection?.webmcp ? `${tools.length} in order` : ''}
        </span>
      </div>
      {connection === null ? (
        <p class="muted small">Looking for WebMCP…</p>
      ) : connection.webmcp === null ? (
        <p class="unavailable-note">
          No agent can reach this board here: {connection.reason} Everything on the board still works for you.
        </p>
      ) : (
        <>
          <p class="muted small">In order now, as the browser lists them:</p>
          <ToolList tools={tools} />
          <ChangeLine change={agent.lastChange.value} count={agent.changeCount.value} />
        </>
      )}
      {held.length > 0 ? (
        <p class="held-note" id="surface-held" role="status">
          Held while you decide: no tool is added or removed until the agent's request is answered.
        </p>
      ) : null}
      {outOfOrder.length > 0 ? (
        <details class="out-of-order">
          <summary>Out of order ({outOfOrder.length}), and why</summary>
          <ul>
            {outOfOrder.map((row) => (
              <li key={row.name}>
                <code>{row.name}</code> <span class="muted small">{row.verdict.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {calls.length > 0 ? (
        <div class="calls">
          <h3>Recent calls</h3>
          <ul class="call-list">
            {calls.map((call, index) => (
              <li key={`${calls.length - index}`} class={call.result.ok ? 'is-ok' : 'is-refused'}>
                <code>{call.name}</code> <span class="call-outcome">{outcomeOf(call.result)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

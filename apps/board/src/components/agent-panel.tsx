import { ChangeLine, InOrderPanel, OutOfOrderPanel, type ToolEntry } from '@warrant/ui';
import type { BoardApp } from '../board-app.ts';
import { wordsFor } from './outcome.tsx';
import { Runner } from './runner.tsx';

const CALLER = { agent: 'an agent', runner: 'a runner', human: 'a person' } as const;

/**
 * The agent's side of the board, on the shared panels: the tools in order now, as the browser
 * itself lists them (getTools), the last change to that set, whether it is held, and the tools out
 * of order with the reason and the rule for each.
 */
export function AgentPanel({ app }: { app: BoardApp }) {
  const { surface } = app;
  const unavailable = surface.mode.value === 'unavailable';
  const explained = surface.explained.value;
  const open = app.runner.value;
  const last = app.lastCall.value;
  const lastTitle = last ? (explained.find((row) => row.name === last.name)?.title ?? last.name) : null;
  // Each "do this" names its tool, so no two buttons share a name.
  const doThis = (tool: ToolEntry) => (
    <button
      type="button"
      class="link do-this"
      aria-label={`do this: ${tool.title || tool.name}`}
      aria-expanded={open === tool.name}
      {...(open === tool.name ? { 'aria-controls': 'runner' } : {})}
      onClick={() => (app.runner.value = tool.name)}
    >
      ▷ do this
    </button>
  );
  return (
    <>
      <InOrderPanel
        tools={unavailable ? null : surface.tools.value}
        explained={explained}
        reason={surface.reason.value}
        heading="What the agent can call now"
        doThis={doThis}
      >
        <ChangeLine change={surface.lastChange.value} count={surface.changeCount.value} />
        {last ? (
          <p class="last-call" id="last-call" data-tool={last.name} data-code={String(last.result['code'] ?? '')}>
            Last call: {lastTitle}, by {CALLER[last.caller]} — {wordsFor(last.result).words}.{' '}
            <small class="fine-print">via {last.channel}</small>
          </p>
        ) : null}
        {surface.held.value.length > 0 ? (
          <p class="held-note" id="surface-held" role="status">
            Held while you decide: no tool is added or removed until the agent's request is answered.
          </p>
        ) : null}
      </InOrderPanel>
      <Runner key={open ?? ''} app={app} />
      <OutOfOrderPanel rows={explained} />
    </>
  );
}

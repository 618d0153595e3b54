import '@warrant/ui/tokens.css';
import './styles.css';
import { render } from 'preact';
import { bootSurface } from '@warrant/ui';
import { createBoardApp } from './board-app.ts';
import { initialState } from './domain/state.ts';
import { browserEnv } from './env.ts';
import { boardRows, type AgentSide } from './rows.ts';

// Boot, in the order a client and a person need it. This module is the agent's surface and no
// more: the always-on reads are registered in its first task with native WebMCP (the moment the
// polyfill has loaded otherwise), so an agent client that lists tools at navigation finds them.
// They answer from the board's server once it has been read, never from the placeholder board
// the surface starts on. The board's state and its view load beside this module, at once; the
// board is drawn when both are in, and then the acts arrive: the human's controls go live.
// Nothing can write before a person frames a field, which needs the acts.

const resumed = import('./server-authority.ts')
  .then(({ openBoardServer }) => openBoardServer())
  .catch((error: unknown) => ({
    kind: 'unavailable' as const,
    reason: error instanceof Error ? error.message : String(error),
  }))
  .then((opened) => {
    if (opened.kind === 'kept') {
      app.store.resume(opened.state, opened.authority);
      app.kept.value = true;
      void import('./server-readers.ts').then(({ followPublished, followLedgerHead }) => {
        followPublished(app.store, app.published);
        followLedgerHead(app.store, app.ledgerHead);
      });
    } else {
      app.restoreProblem.value = `The board's server could not be read: ${opened.reason} Nothing can be decided until it can; reload to try again.`;
    }
  });
let acting: Promise<AgentSide> | null = null;
const agentSide = (): Promise<AgentSide> =>
  (acting ??= import('./acting.ts').then(({ attachActs }) => attachActs(app)));

// What the in-order panel lists: the browser's own answer, or without WebMCP the rows in order.
const inOrder = (): string[] => {
  const { mode, tools, explained } = app.surface;
  return mode.peek() === 'unavailable'
    ? explained.peek().flatMap((row) => (row.verdict.legal ? [row.name] : []))
    : tools.peek().map((tool) => tool.name);
};
const app = createBoardApp(initialState(browserEnv), (store, onCall) =>
  bootSurface({
    rows: boardRows({ store, agentSide, ready: resumed, inOrder }),
    state: store.state,
    document,
    onCall: (call) => {
      onCall(call);
      // A refused attempt to write is recorded: an attempt outside the frame is never silent.
      const { name, channel: via, result, caller } = call;
      if (!result.ok && caller !== 'human')
        void agentSide().then((side) => side.noteRefused({ name, channel: via, result }));
    },
  }),
);

// The board is drawn only once its always-on reads are registered, so a person never sees a board
// an agent cannot yet read (with the polyfill, registration waits for the polyfill to load).
const [{ App }] = await Promise.all([import('./components/app.tsx'), resumed, app.surface.ready]);
const root = document.getElementById('app') as HTMLElement;
root.replaceChildren();
render(<App app={app} />, root);

// A page restored from the back-forward cache has torn its surface down; start it again.
addEventListener('pageshow', (event) => {
  if (event.persisted) location.reload();
});
addEventListener('pagehide', () => app.surface.dispose());

await agentSide();
await app.surface.ready;
document.body.dataset['ready'] = 'true';

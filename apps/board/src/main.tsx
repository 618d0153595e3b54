import '@warrant/ui/tokens.css';
import './styles.css';
import { render } from 'preact';
import { openBoardRecord } from './board-record.ts';
import { createBoardApp } from './board-app.ts';
import { App } from './components/app.tsx';
import { initialState } from './domain/state.ts';
import { browserEnv } from './env.ts';

// Boot: resume the board from its record in IndexedDB (or start the record), put it on screen,
// then bring up the acts and the agent's side. The human's controls go live as soon as the acts
// arrive, a moment after first paint, and work the same with or without WebMCP.

const opened = await openBoardRecord({ fresh: () => initialState(browserEnv) });
const app = opened.kind === 'kept' ? createBoardApp(opened.state, opened.recorder) : createBoardApp(initialState(browserEnv));
if (opened.kind === 'kept') app.restoreProblem.value = opened.notice;
else app.restoreProblem.value = `The board's record could not be opened: ${opened.reason} This session runs unrecorded, so nothing already recorded is written over; reload to try again.`;

const root = document.getElementById('app') as HTMLElement;
root.replaceChildren();
render(<App app={app} />, root);

// A page restored from the back-forward cache has torn its surface down; start it again.
addEventListener('pageshow', (event) => {
  if (event.persisted) location.reload();
});

const [{ attachActs }, { linkAgent }] = await Promise.all([import('./acting.ts'), import('./agent-link.ts')]);
await linkAgent(app, attachActs(app));
document.body.dataset['ready'] = 'true';

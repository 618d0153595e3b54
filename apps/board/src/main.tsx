import '@warrant/ui/tokens.css';
import './styles.css';
import { render } from 'preact';
import { createBoardApp } from './board-app.ts';
import { App } from './components/app.tsx';
import { initialState } from './domain/state.ts';
import { browserEnv } from './env.ts';
import { openPersistence } from './persistence.ts';

// Boot: resume the board from IndexedDB (or start afresh), put it on screen, then bring up the
// acts and the agent's side. The human's controls go live as soon as the acts arrive, a moment
// after first paint, and work the same with or without WebMCP.

const persistence = await openPersistence();
const loaded = persistence ? await persistence.load() : null;
const app = createBoardApp(loaded?.kind === 'restored' ? loaded.state : initialState(browserEnv));

// A store that would not answer may still hold a board: never write over it.
if (persistence && loaded?.kind !== 'unavailable') {
  persistence.onStatus((status) => (app.saveStatus.value = status));
  app.saveStatus.value = 'saved';
  app.store.subscribe((state) => persistence.save(state));
  if (loaded?.kind !== 'restored') persistence.save(app.store.read());
} else {
  app.saveStatus.value = 'off';
}
if (loaded?.kind === 'unreadable') {
  app.restoreProblem.value = `The board could not resume: ${loaded.reason}. It was kept aside in this browser, untouched, and a fresh board was started.`;
}
if (loaded?.kind === 'unavailable') {
  app.restoreProblem.value = `The board could not resume: ${loaded.reason}. This session runs unsaved, so the saved board is not overwritten; reload to try again.`;
}

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

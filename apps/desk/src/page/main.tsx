import '@warrant/ui/tokens.css';
import './styles.css';
import { computed, signal } from '@preact/signals';
import { bootSurface } from '@warrant/ui';
import { connect } from '@warrant/webmcp';
import type { DeskRuntime } from './desk-runtime.ts';
import { EMPTY_DESK, type DeskState } from '../domain/state.ts';
import { askDeskSession } from './desk-session.ts';
import { sessionInPage } from '../api/session-in-page.ts';
import { runtimeToCome } from './runtime-to-come.ts';
import { recordRefusedCalls } from './verbs/verb-record.ts';
import { deskRows } from './verbs/desk-rows.ts';

// Boot: learn who is signed in here (every signed-in dispatcher's page acts, in as many tabs as
// they open, each on the requests its dispatcher holds; a page with no one signed in shows the
// record read-only), find WebMCP, open the ledger and the desk's own log, fold the log, and let the kernel register exactly
// the verbs in order: with no dispatcher signed in, none that acts.
// Agent clients list a page's tools at navigation, so the surface is mounted in the first task,
// before anything is awaited: on the state of an empty desk, signed in as the desk's server wrote
// into the page it served (session-in-page.ts), which puts exactly the always-on verbs in order
// (intake_request and read_ledger for a dispatcher's page, read_ledger alone for a page with no
// one signed in). Natively they are registered before the load event. A call that arrives before
// the record is read waits for it (the kernel's callsWaitFor), and is then judged on the desk's
// real state. Once the record is read, the state is the desk's own, signed in as the server then
// answers: the verbs already registered stay registered (same rows, same schemas: the kernel
// touches only what changed), those the record puts in order join them, and if the session ended
// meanwhile intake_request goes.
// No top-level await: with one, the bundler stops merging the lazy chunks' shared modules and the
// first visit downloads more.
async function boot(): Promise<void> {
  // A reload starts at the top, where the page says what waits for a person. The browser's own
  // restoration aims at a position in a record that is still arriving from the server: on a busy
  // machine it landed after the rows did, below the approval banner, on a quiet one it did not.
  history.scrollRestoration = 'manual';
  const root = document.getElementById('app') as HTMLElement;

  const connecting = connect();
  const toCome = runtimeToCome();
  const opened = signal<DeskRuntime | null>(null);
  const asServed: DeskState = { ...EMPTY_DESK, signedIn: sessionInPage(document) !== null };
  const rows = deskRows(toCome.desk);
  const surface = bootSurface({
    rows,
    state: computed(() => opened.value?.state.value ?? asServed),
    connection: connecting,
    document,
    callsWaitFor: toCome.settled,
    onCall: (call) => {
      const desk = opened.peek();
      return desk ? recordRefusedCalls(desk)(call) : undefined;
    },
  });

  // The record, the runtime and the page's panels come in a chunk of their own (open-desk.tsx),
  // asked for now: the record is opened as soon as it arrives, while the server says who is here.
  const opening = import('./open-desk.tsx').then(
    async ({ openDesk, openDeskStores }) => {
      const stored = await openDeskStores();
      return stored.ok ? { ok: true as const, openDesk, stores: stored.stores } : stored;
    },
    // A chunk that cannot be fetched (the server went away, or was rebuilt under the page) leaves
    // the desk without its record, as a record that cannot be read does: said so, and no verb acts.
    () => ({ ok: false as const, reason: 'its code could not be loaded' }),
  );
  const [session, connection, record] = await Promise.all([askDeskSession(), connecting, opening]);
  if (!record.ok) {
    root.textContent = `The dispatch desk cannot open its record (${record.reason}). Without its record it does not act. Reload to try again.`;
    toCome.fail(record.reason);
    surface.dispose();
    return;
  }
  await record.openDesk({ root, stores: record.stores, session, connection, surface, rows, toCome, opened });
}

void boot();

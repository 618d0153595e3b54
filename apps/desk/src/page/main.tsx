import '@warrant/ui/tokens.css';
import './styles.css';
import { computed, signal } from '@preact/signals';
import { render } from 'preact';
import { messageChannelConnector, nativeChannelConnector, PARTNER_ENVELOPE } from '@warrant/broker';
import { bootSurface } from '@warrant/ui';
import { connect } from '@warrant/webmcp';
import { App } from './components/app.tsx';
import { labelledFrameContainer } from './components/labelled-frames.ts';
import { framesOutsideTheCall } from './components/frames-outside-the-call.ts';
import { createDeskRuntime, type DeskRuntime } from './desk-runtime.ts';
import { EMPTY_DESK, type DeskState } from '../domain/state.ts';
import { askDeskSession } from './desk-session.ts';
import { sessionInPage } from '../api/session-in-page.ts';
import { runtimeToCome } from './runtime-to-come.ts';
import { askThroughDeskServer } from './partner-reach.ts';
import type { DeskView } from './desk-view.ts';
import { humanActs } from './human-acts.ts';
import { receiptKeyOf } from './run/receipt-keys.ts';
import { RELIEF_SCENARIO } from './scenario/relief-scenario.ts';
import { createScenarioRunner } from './scenario/scenario-runner.ts';
import { openDeskStores } from './stores.ts';
import { PAGE_ID, previousPageOfThisTab } from './page-id.ts';
import { reserveIdNumber } from './id-numbers.ts';
import { raiseApprovalAtTheServer } from './raise-approval.ts';
import { rejectApprovalAtTheServer } from './reject-approval.ts';
import { recordRefusedCalls } from './verbs/verb-record.ts';
import { deskRows } from './verbs/desk-rows.ts';
import { SCENARIO_RUNNER } from './who.ts';

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

  const [session, connection, stored] = await Promise.all([askDeskSession(), connecting, openDeskStores()]);
  const dispatcher = session.ok ? session.dispatcher : null;
  const signedIn = dispatcher !== null;

  if (!stored.ok) {
    root.textContent = `The dispatch desk cannot open its record (${stored.reason}). Without its record it does not act. Reload to try again.`;
    toCome.fail(stored.reason);
    surface.dispose();
    return;
  }
  const { stores } = stored;
  const frames = document.createElement('div');
  frames.className = 'frame-stack';
  const desk = createDeskRuntime({
    ledger: stores.ledger,
    log: stores.log,
    events: stores.events,
    signedIn,
    dispatcher,
    page: PAGE_ID,
    previousPage: previousPageOfThisTab(),
    reserveNumber: reserveIdNumber,
    raiseApproval: raiseApprovalAtTheServer,
    rejectApproval: rejectApprovalAtTheServer,
    // Mounted apart from the agent's call that opened the lease, or a DevTools caller is told the call failed.
    container: framesOutsideTheCall(labelledFrameContainer(frames)),
    connect: connection.mode === 'native' ? nativeChannelConnector(connection.webmcp) : messageChannelConnector(window),
    receiptKeyOf,
    askPartnerReach: askThroughDeskServer,
  });

  opened.value = desk;
  toCome.arrive(desk);

  const runner = createScenarioRunner({
    scenario: RELIEF_SCENARIO,
    state: desk.state,
    call: async (verb, input, abort) => {
      const mounted = surface.mount.peek() ?? (await surface.ready);
      if (!mounted) throw new Error('The desk surface is gone.');
      return mounted.surface.call(verb, input, { ...SCENARIO_RUNNER, signal: abort });
    },
  });

  // Keep this page's view of the record current with what other pages of the desk (another tab,
  // another dispatcher's browser) add to it on the desk's server.
  stores.ledger.subscribe(() => (desk.rows.value = stores.ledger.rows()));
  stores.log.subscribe((change) =>
    desk.absorb(
      change.entries.map((entry) => entry.record),
      change.restarted,
    ),
  );

  const now = signal(Date.now());
  setInterval(() => (now.value = Date.now()), 1000);

  // An approved run is carried out by the desk's server, which takes up one cut off by a stop
  // itself (server/approved-runs.ts): a page has nothing to take up.
  const takeUpRuns = async (): Promise<void> => undefined;

  const view: DeskView = {
    desk,
    acts: humanActs(desk),
    surface,
    runner,
    rows: desk.rows,
    frames,
    now,
    readOnly: !signedIn
      ? 'Sign in to act on requests. Until a dispatcher signs in, this page shows the desk’s record, kept current, and acts on nothing: no one here, and no agent in this page, can take in a request, reach a partner or plan.'
      : null,
    session: session.ok ? session : null,
    notice: stores.notice,
    takeUpRuns,
  };

  root.replaceChildren();
  render(<App view={view} rows={rows} />, root);

  addEventListener('pagehide', () => {
    runner.stop();
    desk.dispose();
    surface.dispose();
  });
  // A page restored from the back-forward cache has lost its frames and tools; start it again.
  addEventListener('pageshow', (event) => {
    if (event.persisted) location.reload();
  });

  // Ready once the verbs the record puts in order are registered too, not only the always-on ones.
  await (await surface.ready)?.surface.reconcile();
  document.body.dataset['ready'] = 'true';

  // After the first paint: the cross-world bridge (for a caller in another JavaScript world), in
  // the chunk that also holds the in-page agent panel.
  const { openDeskBridge, mountedSurface } = await import('./agent/after-paint.ts');
  openDeskBridge({ window, surface: mountedSurface(surface), rows, desk, otherEnvelopes: [PARTNER_ENVELOPE] });
}

void boot();

// What the desk loads to open its record and draw the page: the ledger and the desk's log (and
// with them the SHA-256 and Ed25519 that check them), the broker and the runtime wired to it, the
// page's panels. main.tsx registers the always-on verbs in the page's first task with none of
// this, asks for this chunk at once and opens the record as soon as it arrives, while the desk's
// server answers who is signed in; a call that arrives before the record is read waits for it, as
// it always did (the kernel's callsWaitFor).
import { signal, type Signal } from '@preact/signals';
import { render } from 'preact';
import { messageChannelConnector, nativeChannelConnector, PARTNER_ENVELOPE } from '@warrant/broker';
import type { BootedSurface } from '@warrant/ui';
import type { Connection } from '@warrant/webmcp';
import type { Row } from '@warrant/surface';
import { App } from './components/app.tsx';
import { labelledFrameContainer } from './components/labelled-frames.ts';
import { framesOutsideTheCall } from './components/frames-outside-the-call.ts';
import { createDeskRuntime, type DeskRuntime } from './desk-runtime.ts';
import type { DeskState } from '../domain/state.ts';
import type { askDeskSession } from './desk-session.ts';
import type { RuntimeToCome } from './runtime-to-come.ts';
import { askThroughDeskServer } from './partner-reach.ts';
import type { DeskView } from './desk-view.ts';
import { humanActs } from './human-acts.ts';
import { receiptKeyOf } from './run/receipt-keys.ts';
import { RELIEF_SCENARIO } from './scenario/relief-scenario.ts';
import { createScenarioRunner } from './scenario/scenario-runner.ts';
import { openDeskStores, type DeskStores } from './stores.ts';
import { PAGE_ID, previousPageOfThisTab } from './page-id.ts';
import { reserveIdNumber } from './id-numbers.ts';
import { raiseApprovalAtTheServer } from './raise-approval.ts';
import { rejectApprovalAtTheServer } from './reject-approval.ts';
import { SCENARIO_RUNNER } from './who.ts';

export { openDeskStores };

export interface DeskOpening {
  readonly root: HTMLElement;
  readonly stores: DeskStores;
  /** Who the desk's server says is signed in here. */
  readonly session: Awaited<ReturnType<typeof askDeskSession>>;
  readonly connection: Connection;
  readonly surface: BootedSurface<DeskState>;
  readonly rows: readonly Row<DeskState>[];
  readonly toCome: RuntimeToCome;
  readonly opened: Signal<DeskRuntime | null>;
}

/** Opens the desk on its record, once read, and draws it; resolves once the verbs the record puts in order are registered too. */
export async function openDesk({
  root,
  stores,
  session,
  connection,
  surface,
  rows,
  toCome,
  opened,
}: DeskOpening): Promise<void> {
  const dispatcher = session.ok ? session.dispatcher : null;
  const signedIn = dispatcher !== null;

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

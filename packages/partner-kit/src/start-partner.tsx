// The browser boot every partner page does, in order: find WebMCP and read the site's record from
// its own server at once, mount the tools, paint, and keep up with the record as the server
// announces changes (whichever page, frame or process made them). Framed by the desk, the tools are offered to the desk: natively by `exposedTo` (the
// desk discovers them with getTools({ fromOrigins })), and in every mode over the broker's
// MessageChannel, served from this page's own surface (desk-channel.ts), for a desk that has no
// native WebMCP (the polyfill refuses to run in a cross-origin frame; an insecure desk has none).
import '@warrant/ui/tokens.css';
import './partner.css';
import { effect } from '@preact/signals';
import { render, type ComponentType } from 'preact';
import { framePurposeOf } from '@warrant/broker';
import { SITES } from '@warrant/config';
import { preloadValidator } from '@warrant/surface';
import { bootSurface } from '@warrant/ui';
import { answerFrameReports, connect, documentHealth, type Connection } from '@warrant/webmcp';
import type { PanelsProps } from './components/partner-page.tsx';
import type { PartnerDefinition } from './definition.ts';
import { isFramed } from './framing.ts';
import { openRemotePartnerSite } from './remote-partner-site.ts';
import { partnerRows } from './rows.ts';

export interface PartnerPageParts<D> {
  /**
   * Loads the site's own panels (its stock, beds, rides or units, and its staff's controls): a
   * dynamic import, so that the code that draws the page comes in a chunk fetched beside the
   * record, not before the page's first script runs.
   */
  readonly loadPanels: () => Promise<ComponentType<PanelsProps<D>>>;
}

// A frame the desk mounted for anything but execute_plan (a read lease, the health page, a frame
// navigated to this page by someone else) registers no write: its tools are its reads. The page
// is not a boundary, so this is defence in depth; this site's server refuses an unauthorized write.
const WRITES_BARRED =
  "This frame was not mounted by the desk for an execute_plan lease, so this site's writes are not registered in it.";

const CHANNEL_ONLY: Connection = {
  mode: 'unavailable',
  reason:
    "Inside the desk's frame this browser's WebMCP (the polyfill) cannot register tools, so the desk reaches this site's tools over its own channel.",
  webmcp: null,
};
// How often an idle page checks the log and that "today" is still today (a page left open overnight).
const CATCH_UP_MS = 60_000;

export async function startPartner<D, E>(
  definition: PartnerDefinition<D, E>,
  parts: PartnerPageParts<D>,
): Promise<void> {
  const site = SITES[definition.site];
  if (site.role !== 'partner') throw new Error(`${site.name} is not a partner site.`);
  const framed = isFramed();
  document.documentElement.dataset['framed'] = String(framed);

  // A framed page is there to be called by the desk: what serving it takes (the desk channel's
  // code, the validator every call meets) loads now, beside the rest, not one after another.
  const deskChannel = framed ? import('./desk-channel.ts') : null;
  deskChannel?.catch(() => undefined);
  if (framed) preloadValidator();
  // What draws the page (its frame of panels and the site's own) is fetched beside the record:
  // nothing is drawn before the record is there, and the tools do not wait for it.
  const drawing = Promise.all([import('./components/partner-page.tsx'), parts.loadPanels()]);
  drawing.catch(() => undefined);
  // The record is on the site's own server: fetched in parallel with WebMCP detection.
  const [connection, partner] = await Promise.all([connect(), openRemotePartnerSite(definition)]);
  // The connection the page's tools stand on: its badge says so, and so does its health report.
  const standing = framed && connection.mode === 'polyfill' ? CHANNEL_ONLY : connection;
  const writesHere = !framed || framePurposeOf(location.hash) === 'execute_plan';
  document.documentElement.dataset['writes'] = String(writesHere);
  const rows = partnerRows(definition, partner, { writesBarred: writesHere ? null : WRITES_BARRED });
  // What an execute frame would register, declared to the desk (not registered) from any other frame.
  const heldBack = writesHere
    ? []
    : partnerRows(definition, partner).filter((row) => definition.writes.some((spec) => spec.name === row.name));
  const booted = bootSurface({
    rows,
    state: partner.state,
    connection: standing,
    document,
    ...(framed && connection.mode === 'native' ? { exposedTo: [SITES.desk.origin] } : {}),
  });

  const root = document.getElementById('app') as HTMLElement;
  const drawn = await drawing.catch(() => null);
  if (drawn) {
    const [{ PartnerPage }, Panels] = drawn;
    root.replaceChildren();
    render(<PartnerPage definition={definition} site={partner} agent={booted} framed={framed} Panels={Panels} />, root);
  } else {
    // The tools are registered and served all the same; only the page cannot be shown.
    root.textContent = 'This page could not load what draws it. Its tools work; reload the page to see it.';
  }
  const mounted = booted.mount.peek();
  const channel =
    deskChannel && mounted
      ? (await deskChannel).serveDesk({
          surface: mounted.surface,
          rows,
          heldBack,
          state: () => partner.state.peek(),
          origin: site.origin,
        })
      : null;

  // A page that lost its own server can decide nothing the desk asks of it: it says so, and the
  // desk ends the lease at once rather than when a call fails or the lease's time runs out.
  const stopFaultReports = channel
    ? effect(() => {
        if (partner.unreachable.value !== null) channel.reportFault('server_unreachable');
      })
    : () => {};

  // The desk's health page frames this page to ask its WebMCP mode and keying.
  const stopReports = answerFrameReports({
    window,
    parentOrigin: SITES.desk.origin,
    report: async () => ({ health: documentHealth(standing) }),
  });

  const catchUp = (): void => void partner.catchUp();
  setInterval(catchUp, CATCH_UP_MS);
  addEventListener('focus', catchUp);
  addEventListener('pagehide', () => {
    stopFaultReports();
    channel?.close();
    stopReports();
    booted.dispose();
    partner.dispose();
  });
  // A page restored from the back-forward cache has dropped its tools; start it again.
  addEventListener('pageshow', (event) => {
    if (event.persisted) location.reload();
  });

  await booted.ready;
  document.body.dataset['ready'] = 'true';
}

// The browser boot every partner page does, in order: find WebMCP and open the site's own log
// (@warrant/ledger's append-only log in IndexedDB, or memory with a notice when the browser
// refuses storage) at once, fold the log,
// mount the tools, paint, and keep up with the log when another tab or frame of this origin
// writes. Framed by the desk, the tools are offered to the desk: natively by `exposedTo` (the
// desk discovers them with getTools({ fromOrigins })), and in every mode over the broker's
// MessageChannel, served from this page's own surface (desk-channel.ts), for a desk that has no
// native WebMCP (the polyfill refuses to run in a cross-origin frame; an insecure desk has none).
import '@warrant/ui/tokens.css';
import './partner.css';
import { render, type ComponentType } from 'preact';
import { SITES } from '@warrant/config';
import { bootSurface } from '@warrant/ui';
import { answerFrameReports, connect, documentHealth, type Connection } from '@warrant/webmcp';
import { PartnerPage, type PanelsProps } from './components/partner-page.tsx';
import type { PartnerDefinition } from './definition.ts';
import { isFramed } from './framing.ts';
import { isLogEntry } from './log-entry.ts';
import { openPartnerSite } from './partner-site.ts';
import { partnerRows } from './rows.ts';

export interface PartnerPageParts<D> {
  /** The site's own panels: its stock, beds, rides or units, and its staff's controls. */
  readonly Panels: ComponentType<PanelsProps<D>>;
}

const CHANNEL_ONLY: Connection = {
  mode: 'unavailable',
  reason: "Inside the desk's frame this browser's WebMCP (the polyfill) cannot register tools, so the desk reaches this site's tools over its own channel.",
  webmcp: null,
};
const SET_ASIDE_ON_OPEN = "Some of this site's saved record could not be read back. It is kept, untouched, in this browser's archive.";
const NOT_SAVED = 'This browser would not open storage for this site: changes last only as long as this tab.';
// How often an idle page checks the log and that "today" is still today (a page left open overnight).
const CATCH_UP_MS = 60_000;

export async function startPartner<D, E>(definition: PartnerDefinition<D, E>, parts: PartnerPageParts<D>): Promise<void> {
  const site = SITES[definition.site];
  if (site.role !== 'partner') throw new Error(`${site.name} is not a partner site.`);
  const framed = isFramed();
  document.documentElement.dataset['framed'] = String(framed);

  // The log (with the ledger's hashing) is its own chunk, fetched here in parallel with WebMCP
  // detection rather than before the page's script runs at all.
  const [connection, stored] = await Promise.all([
    connect(),
    import('./ledger-site-log.ts').then(({ openLedgerSiteLog }) => openLedgerSiteLog(`warrant-${site.name}`, isLogEntry)),
  ]);
  const partner = await openPartnerSite(definition, {
    log: stored?.log ?? (await import('./memory-site-log.ts')).memorySiteLog(),
    notice: stored ? (stored.setAside ? SET_ASIDE_ON_OPEN : null) : NOT_SAVED,
  });
  // The connection the page's tools stand on: its badge says so, and so does its health report.
  const standing = framed && connection.mode === 'polyfill' ? CHANNEL_ONLY : connection;
  const rows = partnerRows(definition, partner);
  const booted = bootSurface({
    rows,
    state: partner.state,
    connection: standing,
    document,
    ...(framed && connection.mode === 'native' ? { exposedTo: [SITES.desk.origin] } : {}),
  });

  const root = document.getElementById('app') as HTMLElement;
  root.replaceChildren();
  render(<PartnerPage definition={definition} site={partner} agent={booted} framed={framed} Panels={parts.Panels} />, root);
  const mounted = booted.mount.peek();
  const channel =
    framed && mounted ? (await import('./desk-channel.ts')).serveDesk({ surface: mounted.surface, rows, state: () => partner.state.peek(), origin: site.origin }) : null;

  // The desk's health page frames this page to ask its WebMCP mode and keying.
  const stopReports = answerFrameReports({ window, parentOrigin: SITES.desk.origin, report: async () => ({ health: documentHealth(standing) }) });

  const catchUp = (): void => void partner.catchUp();
  setInterval(catchUp, CATCH_UP_MS);
  addEventListener('focus', catchUp);
  addEventListener('pagehide', () => {
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

// The partner's message transport to the desk, served whenever the page is framed: natively the
// desk reaches the tools through exposedTo instead, but a desk without native WebMCP (the polyfill,
// which refuses to run in a cross-origin frame, or no WebMCP at all) reaches them only this way.
// The calls are run by this page's own surface (every check a registered call would meet, and the
// desk's abort reaching the row's signal). Loaded only when framed, so a page opened on its own
// never downloads it.
import { servePartnerChannel, surfaceToolHost, type PartnerChannelServer } from '@warrant/broker';
import { insecureOriginOf, SITES } from '@warrant/config';
import type { Row, Surface } from '@warrant/surface';

// The origins the desk is served on, from the registry: its own, and the insecure test host name
// the no-WebMCP browser test serves it on (partners admit both in frame-ancestors; see headersFor).
const DESK_ORIGINS = [SITES.desk.origin, insecureOriginOf('desk')];

export interface DeskChannelOptions<S> {
  readonly surface: Pick<Surface<S>, 'call'>;
  readonly rows: readonly Row<S>[];
  readonly state: () => S;
  /** This partner's origin, from the registry. */
  readonly origin: string;
}

export function serveDesk<S>({ surface, rows, state, origin }: DeskChannelOptions<S>): PartnerChannelServer {
  return servePartnerChannel({ tools: surfaceToolHost({ surface, rows, state, origin }), deskOrigins: DESK_ORIGINS });
}

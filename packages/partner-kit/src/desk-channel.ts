// The polyfill lane's way to the desk. In a cross-origin frame the pinned polyfill refuses every
// WebMCP call, so a framed page without native WebMCP registers nothing; the desk reaches its
// tools over the broker's MessageChannel instead, run by this page's own surface (every check a
// registered call would meet, and the desk's abort reaching the row's signal). Loaded only in
// that case, so a page opened on its own never downloads it.
import { servePartnerChannel, surfaceToolHost, type PartnerChannelServer } from '@warrant/broker';
import type { Row, Surface } from '@warrant/surface';

export interface DeskChannelOptions<S> {
  readonly surface: Pick<Surface<S>, 'call'>;
  readonly rows: readonly Row<S>[];
  readonly state: () => S;
  /** This partner's origin, and the desk's: both from the registry. */
  readonly origin: string;
  readonly deskOrigin: string;
}

export function serveDesk<S>({ surface, rows, state, origin, deskOrigin }: DeskChannelOptions<S>): PartnerChannelServer {
  return servePartnerChannel({ tools: surfaceToolHost({ surface, rows, state, origin }), deskOrigin });
}

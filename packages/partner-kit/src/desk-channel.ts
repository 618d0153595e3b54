// The polyfill lane's way to the desk: the broker's partner side of the MessageChannel. Loaded
// only when the page is framed and runs on the polyfill, so a page opened on its own never
// downloads it.
import { servePartnerChannel, type PartnerChannelServer } from '@warrant/broker';
import type { WebMcp } from '@warrant/webmcp';

export function serveDesk(webmcp: WebMcp, deskOrigin: string): PartnerChannelServer {
  return servePartnerChannel({ webmcp, deskOrigin });
}

// The partner's message transport to the desk, served whenever the page is framed: natively the
// desk reaches the tools through exposedTo instead, but a desk without native WebMCP (the polyfill,
// which refuses to run in a cross-origin frame, or no WebMCP at all) reaches them only this way.
// The calls are run by this page's own surface (every check a registered call would meet, and the
// desk's abort reaching the row's signal). Loaded only when framed, so a page opened on its own
// never downloads it.
import { servePartnerChannel, surfaceToolHost, type PartnerChannelServer } from '@warrant/broker';
import { insecureOriginOf, SITES } from '@warrant/config';
import type { ImperativeRow, Row, Surface } from '@warrant/surface';
import type { ListedTool } from '@warrant/webmcp';

// The origins the desk is served on, from the registry: its own, and, in a bundle built for the
// browser tests only, the insecure test host name their no-WebMCP desk is served on (the same
// origins a partner's frame-ancestors admits; see headersFor). The build's switch is read here by
// its bare name, not through @warrant/config's BUILT_WITH_TEST_SITES: only a literal in this very
// module lets the bundler drop the test branch before it links, so a production bundle never
// names the host. @warrant/config (imported above) defines it as false outside a bundle.
declare const __WARRANT_TEST_SITES__: boolean;
const DESK_ORIGINS = __WARRANT_TEST_SITES__ ? [SITES.desk.origin, insecureOriginOf('desk')] : [SITES.desk.origin];

export interface DeskChannelOptions<S> {
  readonly surface: Pick<Surface<S>, 'call'>;
  readonly rows: readonly Row<S>[];
  readonly state: () => S;
  /** This partner's origin, from the registry. */
  readonly origin: string;
  /**
   * The rows this frame holds back (its writes, in a frame not mounted for execute_plan): those in
   * order are declared to the desk in the announcement, so it can check a drafted step against
   * them, and are not registered or served.
   */
  readonly heldBack?: readonly Row<S>[];
}

/** The rows in order right now, as declarations: what would be registered, with nothing to call. */
function declarations<S>(rows: readonly Row<S>[], state: S, origin: string): ListedTool[] {
  return rows
    .filter((row): row is ImperativeRow<S, never> => row.kind === 'imperative' && row.verdict(state).legal)
    .map((row) => ({
      name: row.name,
      title: row.title,
      description: row.description(state),
      origin,
      inputSchema: JSON.parse(JSON.stringify(row.inputSchema(state))) as object,
      ...(row.annotations ? { annotations: { ...row.annotations } } : {}),
    }));
}

export function serveDesk<S>({
  surface,
  rows,
  state,
  origin,
  heldBack = [],
}: DeskChannelOptions<S>): PartnerChannelServer {
  return servePartnerChannel({
    tools: surfaceToolHost({ surface, rows, state, origin }),
    deskOrigins: DESK_ORIGINS,
    declared: () => declarations(heldBack, state(), origin),
  });
}

// A partner page's tools as the message transport serves them, straight from its surface: the rows
// in order right now, and each call run by surface.call with the desk's signal. In a cross-origin
// frame the pinned polyfill refuses every WebMCP call ("WebMCP in cross-origin frames requires
// native Permissions Policy support"), so a framed partner without native WebMCP has no platform
// to run through; its own surface still makes every check (legality, bindings, the schema), and
// the desk's abort reaches the row's own signal.
import type { Channel, ImperativeRow, Row, Surface } from '@warrant/surface';
import type { ListedTool } from '@warrant/webmcp';
import type { PartnerToolHost } from './serve-partner-channel.ts';

export interface SurfaceToolHostOptions<S> {
  readonly surface: Pick<Surface<S>, 'call'>;
  /** The rows the surface was made with. */
  readonly rows: readonly Row<S>[];
  readonly state: () => S;
  /** The partner's own origin, from the registry. */
  readonly origin: string;
  /** The channel the partner's own record gives these calls. Default `desk`. */
  readonly channel?: Channel;
}

export function surfaceToolHost<S>(options: SurfaceToolHostOptions<S>): PartnerToolHost {
  const channel = options.channel ?? 'desk';
  return {
    async getTools() {
      const state = options.state();
      return options.rows
        .filter((row): row is ImperativeRow<S, never> => row.kind === 'imperative' && row.verdict(state).legal)
        .map((row): ListedTool => ({
          name: row.name,
          title: row.title,
          description: row.description(state),
          origin: options.origin,
          inputSchema: JSON.parse(JSON.stringify(row.inputSchema(state))) as object,
          ...(row.annotations ? { annotations: { ...row.annotations } } : {}),
        }));
    },
    async executeTool(name, input, { signal }) {
      const result = await options.surface.call(name, { ...input }, { caller: 'agent', channel, signal });
      return { ok: true, shape: 'none', raw: JSON.stringify(result), value: result };
    },
  };
}

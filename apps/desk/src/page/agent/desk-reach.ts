// The desk as its in-page agent reaches it. The verbs offered are the registered set, settled and
// read back from the browser's getTools() (the API's own answer), or, on a page with no WebMCP,
// the rows in order, declared exactly as the kernel would register them. A call is surface.call
// as `agent` on channel `agent`: the same legality, schema, lease, policy and approval checks as
// any caller, recorded the same way, with the turn's signal reaching the verb.
import type { Row, Surface, ToolResult } from '@warrant/surface';
import { refusal } from '@warrant/surface';
import type { WebMcp } from '@warrant/webmcp';
import type { DeskState } from '../../domain/state.ts';
import type { AgentDesk, OfferedTool } from './turn.ts';

export interface DeskReachOptions {
  /** The desk's surface once mounted; null when the page has dropped it. */
  surface(): Promise<Surface<DeskState> | null>;
  /** The page's WebMCP, or null without one. */
  webmcp(): WebMcp | null;
  readonly rows: readonly Row<DeskState>[];
  state(): DeskState;
}

export function deskReach(options: DeskReachOptions): AgentDesk {
  // getTools() answers by name; the model is offered the verbs in the rows' (the spec's) order.
  const order = new Map<string, number>(options.rows.map((row, index) => [row.name, index]));
  return {
    async tools() {
      const surface = await options.surface();
      if (!surface) return [];
      // Let a change the last call made land first, so the model sees the set it left behind.
      await surface.reconcile();
      const webmcp = options.webmcp();
      if (webmcp) {
        const listed = await webmcp.getTools();
        return listed
          .filter((tool) => order.has(tool.name))
          .sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0))
          .map((tool): OfferedTool => ({
            name: tool.name,
            title: tool.title,
            description: tool.description,
            inputSchema: tool.inputSchema ?? { type: 'object' },
          }));
      }
      const state = options.state();
      return options.rows
        .filter((row) => row.verdict(state).legal)
        .map((row): OfferedTool => ({
          name: row.name,
          title: row.title,
          description: row.description(state),
          inputSchema: row.inputSchema(state),
        }));
    },
    async call(verb, input, signal): Promise<ToolResult> {
      const surface = await options.surface();
      if (!surface)
        return refusal('DESK_GONE', 'The desk has closed its surface (the page is going away). Nothing was called.');
      return surface.call(verb, input, { caller: 'agent', channel: 'agent', signal });
    },
  };
}

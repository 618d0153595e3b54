// The native transport: the partner registers its tools with exposedTo: [desk origin], the desk
// finds them with getTools({ fromOrigins: [partner origin] }) and runs them with executeTool; the
// browser carries the call into the partner's document and its execution signal back out.
import type { ListedTool, WebMcp } from '@warrant/webmcp';
import { channelFailure, type ChannelConnector, type PartnerChannel } from './partner-channel.ts';

export function openNativePartnerChannel(options: { readonly webmcp: Pick<WebMcp, 'getTools' | 'executeTool'>; readonly origin: string }): PartnerChannel {
  const { webmcp, origin } = options;
  let known: ListedTool[] = [];
  let closed = false;

  const tools = async (): Promise<ListedTool[]> => {
    if (closed) throw new Error('The partner channel is closed.');
    const listed = await webmcp.getTools({ fromOrigins: [origin] });
    // Without a filter the list also holds the desk's own tools.
    known = listed.filter((tool) => tool.origin === origin);
    return known;
  };

  return {
    transport: 'native',
    tools,
    async call(name, input, { signal }) {
      if (closed) return channelFailure('CHANNEL_CLOSED', `The channel to ${origin} is closed, so ${name} was not called.`);
      const entry = known.find((tool) => tool.name === name) ?? (await tools()).find((tool) => tool.name === name);
      if (!entry) return { ok: false, code: 'NOT_REGISTERED', message: `${name} is not registered at ${origin} for this desk.`, shape: null };
      try {
        return await webmcp.executeTool(entry, input, { signal });
      } catch (error) {
        return { ok: false, code: 'TOOL_FAILED', message: error instanceof Error ? error.message : String(error), shape: null };
      }
    },
    close() {
      closed = true;
      known = [];
    },
  };
}

export function nativeChannelConnector(webmcp: Pick<WebMcp, 'getTools' | 'executeTool'>): ChannelConnector {
  return ({ origin }) => openNativePartnerChannel({ webmcp, origin });
}

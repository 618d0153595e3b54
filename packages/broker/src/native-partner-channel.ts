// The native transport: the partner registers its tools with exposedTo: [desk origin], the desk
// finds them with getTools({ fromOrigins: [partner origin] }) and runs them with executeTool; the
// browser carries the call into the partner's document and its execution signal back out.
//
// The browser lists the tools of every frame of an origin together, so with two leases on one
// partner (a read lease and an execute lease, each with its own frame) every name is listed twice.
// A channel belongs to one lease's frame: it lists and calls only the entries that frame
// registered (matched by the frame's window inside @warrant/webmcp), never its sibling's.
//
// The browser assembles the list from the partner's registrations one by one, so a look taken
// while the partner page is still registering lists only some of its tools (seen: one of four),
// and the desk would learn a partial catalogue. A list is taken once two looks a moment apart
// agree; a partner that has registered nothing yet is reported at once (the frame host asks again).
//
// A frame mounted for a read lease registers its reads only; the writes it would register in an
// execute frame it declares in its announcement on the desk's window (the message transport's
// `ready`), so a drafted step can be checked against them. Given the desk's window, the channel
// hears that announcement from the lease's frame and its origin, and lists once it has; and hears
// there too, checked the same way, the page saying it lost its own server (`fault`).
import type { ListedTool, WebMcp } from '@warrant/webmcp';
import type { MountedFrame } from './frame-container.ts';
import { claimsEnvelope, readPartnerMessage } from './partner-envelope.ts';
import { channelFailure, type ChannelConnector, type PartnerChannel } from './partner-channel.ts';
import type { PartnerFault } from './partner-fault.ts';

export interface NativePartnerChannelOptions {
  readonly webmcp: Pick<WebMcp, 'getTools' | 'executeTool'>;
  /** The partner's origin, from the registry. */
  readonly origin: string;
  /** The lease's frame: only the tools its document registered are this channel's. */
  readonly frame: Pick<MountedFrame, 'window'>;
  /** How long after one look the list is looked at again, to see it has settled. Default 50 ms. */
  readonly settleMs?: number;
  /** The desk's window, where the frame announces what it declares. Without it nothing is declared and nothing is awaited. */
  readonly host?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The frame's page said it cannot go on serving the lease. Heard only with `host`. */
  readonly onFault?: (fault: PartnerFault) => void;
}

const DEFAULT_SETTLE_MS = 50;

const names = (tools: readonly ListedTool[]): string => tools.map((tool) => tool.name).join(',');

export function openNativePartnerChannel(options: NativePartnerChannelOptions): PartnerChannel {
  const { webmcp, origin, frame } = options;
  const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  let known: ListedTool[] = [];
  let declared: ListedTool[] = [];
  let closed = false;
  let announced: () => void = () => {};
  const heard = options.host ? new Promise<void>((resolve) => (announced = resolve)) : Promise.resolve();
  const onMessage = (event: MessageEvent): void => {
    if (
      !claimsEnvelope(event.data) ||
      event.origin !== origin ||
      frame.window === null ||
      event.source !== (frame.window as unknown)
    )
      return;
    const message = readPartnerMessage(event.data);
    if (typeof message === 'string') return;
    if (message.kind === 'fault' && !closed) return options.onFault?.(message.fault);
    if (message.kind !== 'ready') return;
    declared = message.declared.map((tool) => ({ ...tool, origin }));
    announced();
  };
  options.host?.addEventListener('message', onMessage as EventListener);

  const look = async (): Promise<ListedTool[]> => {
    if (closed) throw new Error('The partner channel is closed.');
    const window = frame.window;
    // A frame with no window (removed, or never attached) has no tools of its own to list.
    const listed = window ? await webmcp.getTools({ fromOrigins: [origin], fromWindow: window }) : [];
    // Without a filter the list also holds the desk's own tools.
    return listed.filter((tool) => tool.origin === origin);
  };

  const tools = async (): Promise<ListedTool[]> => {
    await heard;
    let listed = await look();
    for (let previous = ''; listed.length > 0 && names(listed) !== previous;) {
      previous = names(listed);
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      listed = await look();
    }
    known = listed;
    return known;
  };

  return {
    transport: 'native',
    tools,
    declared: () => declared,
    async call(name, input, { signal }) {
      if (closed)
        return channelFailure('CHANNEL_CLOSED', `The channel to ${origin} is closed, so ${name} was not called.`);
      const entry = known.find((tool) => tool.name === name) ?? (await tools()).find((tool) => tool.name === name);
      const window = frame.window;
      if (!entry || !window)
        return {
          ok: false,
          code: 'NOT_REGISTERED',
          message: `${name} is not registered at ${origin} in this lease's frame.`,
          shape: null,
        };
      try {
        return await webmcp.executeTool(entry, input, { signal, window });
      } catch (error) {
        return {
          ok: false,
          code: 'TOOL_FAILED',
          message: error instanceof Error ? error.message : String(error),
          shape: null,
        };
      }
    },
    close() {
      closed = true;
      known = [];
      declared = [];
      options.host?.removeEventListener('message', onMessage as EventListener);
      announced();
    },
  };
}

/** Opens a native channel to each mounted frame; `host` is the desk's window (by default the global one, where there is one). */
export function nativeChannelConnector(
  webmcp: Pick<WebMcp, 'getTools' | 'executeTool'>,
  host: NativePartnerChannelOptions['host'] | null = globalThis.window ?? null,
): ChannelConnector {
  return ({ origin, frame, onFault }) =>
    openNativePartnerChannel({ webmcp, origin, frame, ...(host ? { host } : {}), ...(onFault ? { onFault } : {}) });
}

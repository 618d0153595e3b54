// One interface to a partner's tools, whatever carries it: native WebMCP across origins
// (exposedTo / fromOrigins), or a MessageChannel to the partner's frame where the runtime cannot
// share tools across documents (the polyfill). The frame host and the broker see only this.
import type { ArgumentShape, ExecuteFailureCode, ListedTool } from '@warrant/webmcp';
import type { MountedFrame } from './frame-container.ts';
import type { Lease } from './lease.ts';
import type { PartnerFault } from './partner-fault.ts';

export type ChannelFailureCode = 'CHANNEL_CLOSED' | 'NOT_DISCOVERED';

/**
 * How the input reached the tool: the executeTool argument shape the runtime accepted, or `none`
 * when the partner's page ran the row through its own surface with no executeTool at all (a framed
 * partner without native WebMCP; see surface-tool-host.ts).
 */
export type CallShape = ArgumentShape | 'none';

/** What a call came to: the partner page's own outcome (executeTool's, or its surface's), or why it never got there. */
export type PartnerCallOutcome =
  | { readonly ok: true; readonly shape: CallShape; readonly raw: string | null; readonly value: unknown }
  | {
      readonly ok: false;
      readonly code: ExecuteFailureCode | ChannelFailureCode;
      readonly message: string;
      readonly shape: CallShape | null;
    };

export interface PartnerChannel {
  readonly transport: 'native' | 'message';
  /** The tools the partner's page has registered right now, each with the partner's origin. */
  tools(): Promise<ListedTool[]>;
  /**
   * The writes the partner's page declared without registering them (a read lease's frame), each
   * with the partner's origin: for checking a drafted step, never for calling. Empty until it says.
   */
  declared?(): readonly ListedTool[];
  /** Runs a tool on the partner's page. Aborting `signal` ends the call `ABORTED` and tells the partner. */
  call(name: string, input: object, options: { readonly signal: AbortSignal }): Promise<PartnerCallOutcome>;
  /** Stops listening; calls still open end CHANNEL_CLOSED. */
  close(): void;
}

/** A message the channel ignored, for the desk to record. */
export interface RejectedMessage {
  readonly reason: string;
  /** The sender's origin as the browser reported it ('' on a port, which carries none). */
  readonly origin: string;
  /** The envelope kind the message claimed, if it claimed one. */
  readonly kind: string | null;
}

export interface ConnectRequest {
  readonly frame: MountedFrame;
  readonly lease: Lease;
  /** The partner's origin, from the registry. */
  readonly origin: string;
  readonly onRejected: (message: RejectedMessage) => void;
  /** The partner's page said it cannot go on serving the lease (it lost its own server): the lease fails at once. */
  readonly onFault?: (fault: PartnerFault) => void;
}

/** Opens a channel to a freshly mounted partner frame. */
export type ChannelConnector = (request: ConnectRequest) => PartnerChannel;

export function channelFailure(code: ChannelFailureCode, message: string): PartnerCallOutcome {
  return { ok: false, code, message, shape: null };
}

export function abortedOutcome(signal: AbortSignal): PartnerCallOutcome {
  const reason: unknown = signal.reason;
  const said = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'the call was aborted';
  return { ok: false, code: 'ABORTED', message: said, shape: null };
}

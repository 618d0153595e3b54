// The message transport, partner side, for the partner sites. Framed by the desk, the partner
// announces itself to its parent with each of the desk's origins as targetOrigin (the browser
// delivers it only to the one its parent is on), and accepts a hello only from its parent window
// on one of the desk's origins. It then lists its page's tools over the port and
// runs each invocation on its own page — through its own surface (surfaceToolHost) or its own
// executeTool — so the partner makes every check a direct call would; an abort from the desk
// fires that call's signal.
//
// The port is bound once, to the first hello: a document lives under one lease's frame, and the
// desk never sends a second. Another hello (a script on the desk's page offering its own port,
// say) is refused, never replaces the port: the refusal is answered on the port it offered and
// reported to the desk on the bound one, where the desk records it.
//
// A page that loses its own server cannot decide anything it is asked, so it says so to the desk
// (reportFault), on the window as it announced itself: the desk fails the lease at once instead
// of waiting for a call to fail or the lease's time to run out.
import type { ListedTool } from '@warrant/webmcp';
import { claimedKind, claimsEnvelope, envelope, readDeskMessage } from './partner-envelope.ts';
import type { PartnerCallOutcome, RejectedMessage } from './partner-channel.ts';

export interface PartnerWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Where the partner page's tools are listed and run: `surfaceToolHost(…)` over its surface, or its
 * WebMcp (whose getTools/executeTool have this shape) where the page has native WebMCP.
 */
export interface PartnerToolHost {
  getTools(): Promise<ListedTool[]>;
  executeTool(
    name: string,
    input: Readonly<Record<string, unknown>>,
    options: { readonly signal: AbortSignal },
  ): Promise<PartnerCallOutcome>;
}

export interface ServePartnerChannelOptions {
  readonly tools: PartnerToolHost;
  /**
   * The origins the desk is served on, from the registry: the only embedders answered. More than
   * one where the desk is also reached over another host name (the no-WebMCP browser test).
   */
  readonly deskOrigins: readonly string[];
  /** The writes this page declares but has not registered (a read lease's frame), said in its announcement. */
  readonly declared?: () => readonly ListedTool[];
  /** The partner page's window. Default: the global window. */
  readonly window?: PartnerWindow;
  readonly onRejected?: (message: RejectedMessage) => void;
}

export interface PartnerChannelServer {
  /** False when the page is not in a frame: there is no desk to serve. */
  readonly framed: boolean;
  /** Calls open on behalf of the desk right now. */
  inFlight(): number;
  /** Tells the desk this page lost its own server, so its lease should end now. */
  reportFault(fault: 'server_unreachable'): void;
  close(): void;
}

export function servePartnerChannel(options: ServePartnerChannelOptions): PartnerChannelServer {
  const win = options.window ?? (globalThis.window as unknown as PartnerWindow);
  const parent = win.parent;
  if (!parent || (parent as unknown) === win) return { framed: false, inFlight: () => 0, reportFault() {}, close() {} };

  const reject = (reason: string, from: string, data: unknown): void =>
    options.onRejected?.({ reason, origin: from, kind: claimedKind(data) });
  let port: MessagePort | null = null;
  const inFlight = new Map<string, AbortController>();
  let closed = false;
  let faults = 0;

  const dropPort = (): void => {
    for (const controller of inFlight.values()) controller.abort('the page is going away');
    inFlight.clear();
    port?.close();
    port = null;
  };

  const post = (to: MessagePort, message: unknown): void => {
    if (port === to) to.postMessage(message);
  };

  const listTools = async (to: MessagePort, id: string): Promise<void> => {
    // A page that cannot list its tools right now lists none; the desk asks again.
    const tools = await options.tools.getTools().catch(() => []);
    post(to, { ...envelope('tools', id), tools });
  };

  const run = async (
    to: MessagePort,
    id: string,
    name: string,
    input: Readonly<Record<string, unknown>>,
  ): Promise<void> => {
    if (inFlight.has(id)) return reject('an invocation id already running', '', { kind: 'invoke' });
    const controller = new AbortController();
    inFlight.set(id, controller);
    let outcome: PartnerCallOutcome;
    try {
      outcome = await options.tools.executeTool(name, input, { signal: controller.signal });
    } catch (error) {
      outcome = {
        ok: false,
        code: 'TOOL_FAILED',
        message: error instanceof Error ? error.message : String(error),
        shape: null,
      };
    } finally {
      inFlight.delete(id);
    }
    try {
      post(to, { ...envelope('result', id), outcome });
    } catch (error) {
      // A value the structured clone cannot carry is answered as a failure, not left unanswered.
      post(to, {
        ...envelope('result', id),
        outcome: {
          ok: false,
          code: 'TOOL_FAILED',
          message: `The result could not be sent: ${String(error)}`,
          shape: outcome.shape,
        },
      });
    }
  };

  const onPortMessage =
    (to: MessagePort) =>
    (event: MessageEvent): void => {
      const message = readDeskMessage(event.data);
      if (typeof message === 'string') return reject(message, '', event.data);
      switch (message.kind) {
        case 'tools':
          void listTools(to, message.id);
          return;
        case 'invoke':
          void run(to, message.id, message.name, message.input);
          return;
        case 'abort':
          inFlight.get(message.id)?.abort('the desk aborted the call');
          return;
        case 'hello':
          reject('hello belongs on the window, not the port', '', event.data);
      }
    };

  const onWindowMessage = (event: MessageEvent): void => {
    if (closed || !claimsEnvelope(event.data)) return;
    if (!options.deskOrigins.includes(event.origin))
      return reject(`the message came from ${event.origin}, not the desk`, event.origin, event.data);
    if (event.source !== (parent as unknown))
      return reject('the message did not come from the embedding window', event.origin, event.data);
    const message = readDeskMessage(event.data);
    if (typeof message === 'string') return reject(message, event.origin, event.data);
    if (message.kind !== 'hello')
      return reject(`${message.kind} belongs on the port, not the window`, event.origin, event.data);
    const [offered] = event.ports;
    if (event.ports.length !== 1 || !offered)
      return reject('a hello carries exactly one port', event.origin, event.data);
    if (port) {
      const reason = 'a second hello: this page is already bound to the desk on another port';
      reject(reason, event.origin, event.data);
      const refused = { ...envelope('refused', message.id), refusedKind: 'hello', from: event.origin, reason };
      offered.postMessage(refused);
      offered.close();
      port.postMessage(refused);
      return;
    }
    port = offered;
    port.onmessage = onPortMessage(offered);
    void listTools(offered, message.id);
  };

  win.addEventListener('message', onWindowMessage);
  const declared = options.declared?.() ?? [];
  const ready = declared.length > 0 ? { ...envelope('ready', 'ready-1'), declared } : envelope('ready', 'ready-1');
  for (const deskOrigin of options.deskOrigins) parent.postMessage(ready, deskOrigin);

  return {
    framed: true,
    inFlight: () => inFlight.size,
    reportFault(fault) {
      if (closed) return;
      faults += 1;
      const message = { ...envelope('fault', `fault-${faults}`), fault };
      for (const deskOrigin of options.deskOrigins) parent.postMessage(message, deskOrigin);
    },
    close() {
      closed = true;
      win.removeEventListener('message', onWindowMessage);
      dropPort();
    },
  };
}

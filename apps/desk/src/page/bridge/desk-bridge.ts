// The desk's cross-world bridge: its verbs in order as a DOM manifest (#desk-agent-tools), kept
// current as the desk changes, and invokes over window.postMessage, each run as surface.call by
// the agent on channel bridge, so it meets every check any call meets and lands on the ledger
// the same way. An invoke the bridge does not answer is recorded (forged-record.ts). Loaded after
// the first paint; it needs no WebMCP, so it works in every mode, including none. It imports
// nothing the page's first load already holds (the state is a signal it only subscribes to), so
// loading it later splits no shared code out of the page's first chunks.
import type { Row, Surface } from '@warrant/surface';
import type { BootedSurface } from '@warrant/ui';
import { openAgentBridge, type AgentBridge } from '@warrant/webmcp';
import type { DeskRuntime } from '../desk-runtime.ts';
import type { DeskState } from '../../domain/state.ts';
import { bridgeDeclarations } from './declarations.ts';
import { forgedRecorder } from './forged-record.ts';

export const DESK_MANIFEST_ID = 'desk-agent-tools';

export interface DeskBridgeOptions {
  readonly window: Window;
  /** The desk's surface once mounted; null when the page has dropped it. */
  surface(): Promise<Surface<DeskState> | null>;
  readonly rows: readonly Row<DeskState>[];
  /** Its state, followed to keep the manifest current, and its ledger. */
  readonly desk: Pick<DeskRuntime, 'state' | 'record'>;
  /**
   * The envelopes of the page's other window channels (the partner channel's): a message claiming
   * one is that channel's to read and refuse, not forged bridge traffic.
   */
  readonly otherEnvelopes: readonly string[];
}

export interface DeskBridge {
  close(): void;
}

/** The booted surface's kernel once mounted, as the bridge asks for it. */
export function mountedSurface(booted: BootedSurface<DeskState>): () => Promise<Surface<DeskState> | null> {
  return async () => (booted.mount.peek() ?? (await booted.ready))?.surface ?? null;
}

export function openDeskBridge(options: DeskBridgeOptions): DeskBridge {
  const win = options.window;
  // The partner sites' own channel posts to this window too (a frame's "ready"). This listener,
  // added before the bridge's, marks each such message as it passes, so the bridge's rejection of
  // it is not recorded as a forgery.
  const others = new Set(options.otherEnvelopes);
  let othersMessage = false;
  // And the window each message came from, so a forged one is recorded once per source.
  let sender: MessageEventSource | null = null;
  const markOthersMessages = (event: MessageEvent): void => {
    const data: unknown = event.data;
    othersMessage =
      typeof data === 'object' && data !== null && others.has((data as Record<string, unknown>)['envelope'] as string);
    sender = event.source;
  };
  win.addEventListener('message', markOthersMessages);
  const recordForged = forgedRecorder((row) => options.desk.record(row));
  const bridge: AgentBridge = openAgentBridge({
    window: win,
    manifestId: DESK_MANIFEST_ID,
    // Every verb the surface has, in order or not: one out of order is answered with its refusal.
    verbs: options.rows.map((row) => row.name),
    invoke: async (verb, input) => {
      const surface = await options.surface();
      // Answered as BRIDGE_CALL_FAILED, with this reason.
      if (!surface) throw new Error('the desk has closed its surface (the page is going away); nothing was called');
      return surface.call(verb, input, { caller: 'agent', channel: 'bridge' });
    },
    onRejected: (rejection) => {
      if (!othersMessage) recordForged(rejection, sender);
    },
  });
  let published = '';
  const stopPublishing = options.desk.state.subscribe((state) => {
    const tools = bridgeDeclarations(options.rows, state);
    const text = JSON.stringify(tools);
    // A new revision only when the set (or a declaration in it) changed.
    if (text === published) return;
    published = text;
    bridge.publish(tools);
  });
  const close = (): void => {
    stopPublishing();
    bridge.close();
    win.removeEventListener('message', markOthersMessages);
    win.removeEventListener('pagehide', close);
    recordForged.dispose();
  };
  win.addEventListener('pagehide', close);
  return { close };
}

// The desk's cross-world bridge: its verbs in order as a DOM manifest (#desk-agent-tools), kept
// current as the desk changes, and invokes over window.postMessage, each run as surface.call by
// the agent on channel bridge, so it meets every check any call meets and lands on the ledger
// the same way. An invoke the bridge does not answer is recorded (forged-record.ts). Loaded after
// the first paint; it needs no WebMCP, so it works in every mode, including none.
import { effect, type ReadonlySignal } from '@preact/signals';
import { PARTNER_ENVELOPE } from '@warrant/broker';
import { refusal, type Row, type Surface } from '@warrant/surface';
import { openAgentBridge, type AgentBridge } from '@warrant/webmcp';
import type { DeskRow } from '../desk-runtime.ts';
import type { DeskState } from '../domain/state.ts';
import { VERBS } from '../domain/verbs.ts';
import { bridgeDeclarations } from './declarations.ts';
import { forgedRecorder } from './forged-record.ts';

export const DESK_MANIFEST_ID = 'desk-agent-tools';

export interface DeskBridgeOptions {
  readonly window: Window;
  /** The desk's surface once mounted; null when the page has dropped it. */
  surface(): Promise<Surface<DeskState> | null>;
  readonly rows: readonly Row<DeskState>[];
  readonly state: ReadonlySignal<DeskState>;
  record(row: DeskRow): void;
}

export interface DeskBridge {
  close(): void;
}

function claimsPartnerEnvelope(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>)['envelope'] === PARTNER_ENVELOPE;
}

export function openDeskBridge(options: DeskBridgeOptions): DeskBridge {
  const win = options.window;
  // The partner sites' own channel posts to this window too (a frame's "ready"). Those messages
  // are the partner channel's to read and refuse, not forged bridge traffic: this listener, added
  // before the bridge's, marks each one as it passes, and the bridge's rejection of it is not
  // recorded as a forgery.
  let partnerMessage = false;
  const markPartnerMessages = (event: MessageEvent): void => {
    partnerMessage = claimsPartnerEnvelope(event.data);
  };
  win.addEventListener('message', markPartnerMessages);
  const recordForged = forgedRecorder(options.record);
  const bridge: AgentBridge = openAgentBridge({
    window: win,
    manifestId: DESK_MANIFEST_ID,
    verbs: VERBS,
    invoke: async (verb, input) => {
      const surface = await options.surface();
      if (!surface) return refusal('DESK_GONE', 'The desk has closed its surface (the page is going away). Nothing was called.');
      return surface.call(verb, input, { caller: 'agent', channel: 'bridge' });
    },
    onRejected: (rejection) => {
      if (!partnerMessage) recordForged(rejection);
    },
  });
  let published = '';
  const stopPublishing = effect(() => {
    const tools = bridgeDeclarations(options.rows, options.state.value);
    const text = JSON.stringify(tools);
    // A new revision only when the set (or a declaration in it) changed.
    if (text === published) return;
    published = text;
    bridge.publish(tools);
  });
  return {
    close() {
      stopPublishing();
      bridge.close();
      win.removeEventListener('message', markPartnerMessages);
      recordForged.dispose();
    },
  };
}

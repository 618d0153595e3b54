import type { Connection } from '../connect.ts';

/** What a document can say about its own WebMCP: the facts the desk's health page shows per origin. */
export interface DocumentHealth {
  readonly origin: string;
  readonly mode: Connection['mode'];
  /** connect()'s reason, in words. */
  readonly reason: string;
  /** `window.originAgentCluster`; null where the browser does not expose it. */
  readonly originAgentCluster: boolean | null;
  readonly secureContext: boolean;
  /** Whether this document is inside another page's frame. */
  readonly framed: boolean;
}

export function documentHealth(connection: Pick<Connection, 'mode' | 'reason'>, win: Window = window): DocumentHealth {
  const keyed = (win as Window & { originAgentCluster?: unknown }).originAgentCluster;
  let framed: boolean;
  try {
    framed = win.top !== win;
  } catch {
    framed = true;
  }
  return {
    origin: win.location.origin,
    mode: connection.mode,
    reason: connection.reason,
    originAgentCluster: typeof keyed === 'boolean' ? keyed : null,
    secureContext: win.isSecureContext === true,
    framed,
  };
}

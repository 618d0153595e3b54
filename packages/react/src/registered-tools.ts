import type { ListedTool, WebMcp } from '@warrant/webmcp';

export interface ToolReader {
  /** Read the registered set again now. */
  refresh(): Promise<void>;
  /** Stop following toolchange; a read still in flight is then ignored. */
  dispose(): void;
}

/**
 * The registered set as the browser reports it (getTools()), handed to `onTools` on every
 * toolchange: a burst of events in one task is read once, and a newer read always wins over an
 * older one that resolves late. The same reader as @warrant/ui's, without Preact signals.
 */
export function followTools(webmcp: WebMcp | null, onTools: (tools: ListedTool[]) => void): ToolReader {
  let latest = 0;
  let disposed = false;
  let queued = false;
  const refresh = async (): Promise<void> => {
    if (!webmcp || disposed) return;
    const ticket = ++latest;
    const listed = await webmcp.getTools();
    if (ticket === latest && !disposed) onTools(listed);
  };
  const unsubscribe =
    webmcp?.onToolChange(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        void refresh();
      });
    }) ?? null;
  return {
    refresh,
    dispose() {
      disposed = true;
      unsubscribe?.();
    },
  };
}

import { signal, type Signal } from '@preact/signals';
import type { ListedTool, WebMcp } from '@warrant/webmcp';

export interface RegisteredTools {
  /**
   * What the browser's getTools() last answered; empty until the first read lands. Written only
   * by this reader (a Signal rather than a ReadonlySignal so the apps' existing types still hold).
   */
  readonly tools: Signal<ListedTool[]>;
  /** Read the registered set again now. */
  refresh(): Promise<void>;
  /** Stop following toolchange; a read still in flight is then ignored. */
  dispose(): void;
}

/**
 * The registered set as the browser reports it, kept fresh on every toolchange. A newer read
 * always wins over an older one that resolves late. A burst of toolchange events in one task (a
 * reconcile registering many tools) is read once, after the burst.
 */
export function registeredTools(webmcp: WebMcp | null): RegisteredTools {
  const tools = signal<ListedTool[]>([]);
  let latest = 0;
  let disposed = false;
  let queued = false;
  const refresh = async (): Promise<void> => {
    if (!webmcp || disposed) return;
    const ticket = ++latest;
    const listed = await webmcp.getTools();
    if (ticket === latest && !disposed) tools.value = listed;
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
    tools,
    refresh,
    dispose() {
      disposed = true;
      unsubscribe?.();
    },
  };
}

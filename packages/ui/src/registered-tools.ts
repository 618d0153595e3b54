import { signal, type Signal } from '@preact/signals';
import type { ListedTool, WebMcp } from '@warrant/webmcp';

/**
 * The registered set as the browser reports it, kept fresh on every toolchange. A newer read
 * always wins over an older one that resolves late (toolchange fires once per change).
 */
export function registeredTools(webmcp: WebMcp | null): { tools: Signal<ListedTool[]>; refresh: () => Promise<void> } {
  const tools = signal<ListedTool[]>([]);
  let latest = 0;
  const refresh = async (): Promise<void> => {
    if (!webmcp) return;
    const ticket = ++latest;
    const listed = await webmcp.getTools();
    if (ticket === latest) tools.value = listed;
  };
  webmcp?.onToolChange(() => void refresh());
  return { tools, refresh };
}

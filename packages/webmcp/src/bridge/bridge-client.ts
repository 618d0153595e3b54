// The other side of the bridge: what an extension's content script does, from a world that shares
// the page's DOM and window but none of its globals. Browser tests evaluate these in a CDP
// isolated world, so each is self-contained: no imports, no closures. The client learns the
// envelope from the manifest's own invocation contract, as any reader would.

export interface BridgeClientTool {
  name: string;
  title: string;
  hints: Record<string, boolean>;
}

export interface BridgeClientAnswer {
  /** The tools the manifest listed when the call was made. */
  tools: BridgeClientTool[];
  /** The reply that carried this call's id, or null if none came within the wait. */
  reply: Record<string, unknown> | null;
  /** Replies that arrived for any other id while waiting (there should be none). */
  strays: number;
}

export interface BridgeClientRequest {
  manifestId: string;
  verb: string;
  input: unknown;
  id: string | number;
  waitMs: number;
  /** Fields to override in the invoke, to forge one (a wrong version, kind, envelope…). */
  forge?: Record<string, unknown>;
  /** Leave these fields out of the invoke. */
  omit?: string[];
}

/** Reads the manifest from the DOM, posts one invoke to the page's window and waits for its reply. */
export async function bridgeClientCall(request: BridgeClientRequest): Promise<BridgeClientAnswer> {
  const element = document.getElementById(request.manifestId);
  if (!element || element.textContent === null) throw new Error(`No manifest #${request.manifestId} in this document.`);
  const manifest = JSON.parse(element.textContent) as {
    invocation: { invoke: { envelope: string; version: number } };
    tools: Array<{ name: string; title: string; hints: Record<string, boolean> }>;
  };
  const tools = manifest.tools.map((tool) => ({ name: tool.name, title: tool.title, hints: tool.hints }));
  const invoke: Record<string, unknown> = {
    envelope: manifest.invocation.invoke.envelope,
    version: manifest.invocation.invoke.version,
    kind: 'invoke',
    id: request.id,
    verb: request.verb,
    input: request.input,
    ...(request.forge ?? {}),
  };
  for (const field of request.omit ?? []) delete invoke[field];
  let strays = 0;
  const reply = await new Promise<Record<string, unknown> | null>((resolve) => {
    const timer = setTimeout(() => {
      window.removeEventListener('message', onMessage);
      resolve(null);
    }, request.waitMs);
    function onMessage(event: MessageEvent): void {
      const data = event.data as Record<string, unknown> | null;
      if (typeof data !== 'object' || data === null || data['direction'] !== 'reply') return;
      if (data['id'] !== request.id) {
        strays += 1;
        return;
      }
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(data);
    }
    window.addEventListener('message', onMessage);
    window.postMessage(invoke, window.location.origin);
  });
  return { tools, reply, strays };
}

/**
 * What this world can see of WebMCP, the isolated world problem in one object: `api` is the type
 * of document.modelContext here, and the others the types of its three methods.
 */
export function worldView(): { api: string; registerTool: string; getTools: string; executeTool: string } {
  const context = (document as unknown as { modelContext?: Record<string, unknown> }).modelContext;
  return {
    api: typeof context,
    registerTool: typeof context?.['registerTool'],
    getTools: typeof context?.['getTools'],
    executeTool: typeof context?.['executeTool'],
  };
}

import type { PlatformContext } from '@warrant/webmcp';

// An in-memory WebMCP for benchmarks in Node: registration by signal, the same duplicate-name
// rule as the browser, and nothing else. It lets a benchmark time the kernel's own work rather
// than the polyfill's deliberate setTimeout before each toolchange event.

type Declaration = Parameters<PlatformContext['registerTool']>[0];

export function memoryContext(): PlatformContext & { size(): number } {
  const tools = new Map<string, Declaration>();
  const target = new EventTarget();
  const context = Object.assign(target, {
    async registerTool(tool: Declaration, options?: { signal?: AbortSignal }) {
      if (tools.has(tool.name)) throw new Error(`Duplicate tool name: ${tool.name}`);
      options?.signal?.throwIfAborted();
      tools.set(tool.name, tool);
      options?.signal?.addEventListener('abort', () => {
        if (tools.get(tool.name) === tool) tools.delete(tool.name);
      });
    },
    async getTools() {
      return [...tools.values()].map((t) => ({ name: t.name, title: t.title ?? '', description: t.description, origin: 'memory:', window: undefined as unknown as Window }));
    },
    async executeTool() {
      return null;
    },
    size: () => tools.size,
  });
  return context;
}

// An in-memory WebMCP for Node tests and benchmarks: registration by signal with the browser's
// duplicate-name rule, a registry an agent can list and call by name, and a count of every
// register and abort made. It stands in for the browser where there is none; it is not a model
// of the polyfill, and it adds no delays. Pages never use it.
import type { WebMcp } from './connect.ts';
import type { ListedTool, RegisterOptions, ToolDeclaration } from './tools.ts';

export interface MemoryWebMcp {
  readonly webmcp: WebMcp;
  names(): string[];
  size(): number;
  /** The registration currently listed under `name`. */
  tool(name: string): ToolDeclaration | undefined;
  /** Calls the tool now registered under `name`, as an agent holding it would. */
  call(name: string, input?: Record<string, unknown>, signal?: AbortSignal): Promise<unknown>;
  readonly ops: { register: number; abort: number };
}

export function memoryWebMcp(): MemoryWebMcp {
  const tools = new Map<string, ToolDeclaration>();
  const listeners = new Set<() => void>();
  const ops = { register: 0, abort: 0 };
  const changed = () => listeners.forEach((listener) => listener());
  const never = new AbortController().signal;
  const webmcp: WebMcp = {
    mode: 'native',
    async registerTool(tool: ToolDeclaration, options: RegisterOptions) {
      if (tools.has(tool.name)) throw new Error(`Duplicate tool name: ${tool.name}`);
      options.signal.throwIfAborted();
      ops.register += 1;
      tools.set(tool.name, tool);
      options.signal.addEventListener('abort', () => {
        ops.abort += 1;
        if (tools.get(tool.name) === tool) tools.delete(tool.name);
        changed();
      });
      changed();
    },
    async getTools() {
      return [...tools.values()]
        .map((tool): ListedTool => ({
          name: tool.name,
          title: tool.title ?? '',
          description: tool.description,
          origin: 'memory:',
          ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
          ...(tool.annotations ? { annotations: tool.annotations } : {}),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async executeTool() {
      throw new Error('Use call() to reach a tool of the in-memory WebMCP.');
    },
    onToolChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    acceptedShape: () => 'object',
  };
  return {
    webmcp,
    names: () => [...tools.keys()].sort(),
    size: () => tools.size,
    tool: (name) => tools.get(name),
    async call(name, input = {}, signal = never) {
      const tool = tools.get(name);
      if (!tool) throw new Error(`No tool named ${name} is registered.`);
      // The browser hands execute a JSON copy of the input.
      return tool.execute(JSON.parse(JSON.stringify(input)) as Record<string, unknown>, { signal });
    },
    ops,
  };
}

import type { PlatformContext, PlatformRegisteredTool, PlatformAnnotations } from './platform.ts';

/** A registered tool as the rest of Warrant sees it: plain data, safe to serialise. */
export interface ListedTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly origin: string;
  readonly inputSchema?: object;
  readonly annotations?: PlatformAnnotations;
}

export interface ToolDeclaration {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema?: object;
  readonly annotations?: PlatformAnnotations;
  readonly execute: (input: Record<string, unknown>, client: { signal: AbortSignal }) => unknown;
}

export interface RegisterOptions {
  /** Aborting it unregisters the tool: the platform has no unregisterTool. */
  readonly signal: AbortSignal;
  /** Origins (secure ones only) that may discover this tool from another frame. */
  readonly exposedTo?: readonly string[];
}

export function listed(tool: PlatformRegisteredTool): ListedTool {
  // `window` is a WindowProxy: it makes the entry circular, so it never leaves this package.
  const { window: _window, ...rest } = tool;
  return rest;
}

// Chromium hands execute a plain object { signal }; older builds and the polyfill hand nothing.
// Give the row a signal either way so cancellation code has one shape.
let neverAborted: AbortSignal | null = null;

export async function register(context: PlatformContext, tool: ToolDeclaration, options: RegisterOptions): Promise<void> {
  neverAborted ??= new AbortController().signal;
  const fallbackSignal = neverAborted;
  await context.registerTool(
    {
      name: tool.name,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      description: tool.description,
      ...(tool.inputSchema === undefined ? {} : { inputSchema: tool.inputSchema }),
      ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
      execute: (input, client) => tool.execute(input ?? {}, { signal: client?.signal ?? fallbackSignal }),
    },
    {
      signal: options.signal,
      ...(options.exposedTo && options.exposedTo.length > 0 ? { exposedTo: [...options.exposedTo] } : {}),
    },
  );
}

export async function list(context: PlatformContext, fromOrigins?: readonly string[]): Promise<ListedTool[]> {
  const tools = await context.getTools(fromOrigins && fromOrigins.length > 0 ? { fromOrigins: [...fromOrigins] } : undefined);
  return tools.map(listed);
}

export function onToolChange(context: PlatformContext, listener: () => void): () => void {
  context.addEventListener('toolchange', listener);
  return () => context.removeEventListener('toolchange', listener);
}

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

export async function register(
  context: PlatformContext,
  tool: ToolDeclaration,
  options: RegisterOptions,
): Promise<void> {
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

export interface ListOptions {
  /** Origins whose frames exposed tools to this page; the browser lists those only when asked. */
  readonly fromOrigins?: readonly string[];
  /**
   * Only the tools this frame registered. The browser lists every frame's tools of an origin
   * together, so two frames of one origin (two leases on one partner) register the same names; the
   * entry's `window` is all that tells them apart, and it is compared here, never handed out.
   */
  readonly fromWindow?: Window;
}

/** The platform's entries, before `window` is stripped: for this package only. */
export async function entries(context: PlatformContext, options: ListOptions = {}): Promise<PlatformRegisteredTool[]> {
  const { fromOrigins, fromWindow } = options;
  const tools = await context.getTools(
    fromOrigins && fromOrigins.length > 0 ? { fromOrigins: [...fromOrigins] } : undefined,
  );
  return fromWindow === undefined ? tools : tools.filter((tool) => tool.window === fromWindow);
}

export async function list(context: PlatformContext, options: ListOptions = {}): Promise<ListedTool[]> {
  return (await entries(context, options)).map(listed);
}

export function onToolChange(context: PlatformContext, listener: () => void): () => void {
  context.addEventListener('toolchange', listener);
  return () => context.removeEventListener('toolchange', listener);
}

// The platform's own shapes, as Chromium 156 implements them (measured; see
// shared/reference/webmcp-in-chromium-156.md). lib.dom has none of these yet, and the pinned
// polyfill implements the same surface except where noted in execute-tool.ts.

export interface PlatformAnnotations {
  readOnlyHint?: boolean;
  untrustedContentHint?: boolean;
  consequentialHint?: boolean;
  debugging?: boolean;
}

export interface PlatformToolDeclaration {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object;
  annotations?: PlatformAnnotations;
  execute: (input: Record<string, unknown>, client?: { signal?: AbortSignal }) => unknown;
}

export interface PlatformRegisteredTool {
  name: string;
  title: string;
  description: string;
  origin: string;
  window: Window;
  inputSchema?: object;
  annotations?: PlatformAnnotations;
}

export interface PlatformContext extends EventTarget {
  registerTool(tool: PlatformToolDeclaration, options?: { signal?: AbortSignal; exposedTo?: string[] }): Promise<void>;
  getTools(options?: { fromOrigins?: string[] }): Promise<PlatformRegisteredTool[]>;
  executeTool(
    tool: PlatformRegisteredTool,
    input?: unknown,
    options?: { signal?: AbortSignal },
  ): Promise<string | null>;
}

/** Reads the document's context without assuming the property exists (it does not without the flag). */
export function documentContext(doc: Document): PlatformContext | null {
  const value = (doc as Document & { modelContext?: unknown }).modelContext;
  return value && typeof value === 'object' && typeof (value as PlatformContext).registerTool === 'function'
    ? (value as PlatformContext)
    : null;
}

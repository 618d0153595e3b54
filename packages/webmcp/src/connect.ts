import { documentContext, type PlatformContext } from './platform.ts';
import { acceptedShape, type ArgumentShape } from './argument-shape.ts';
import { oneCallPerSubmittingForm } from './polyfill-form-calls.ts';
import type { ExecuteOptions, ExecuteOutcome } from './execute-tool.ts';
import {
  list,
  onToolChange,
  register,
  type ListedTool,
  type ListOptions,
  type RegisterOptions,
  type ToolDeclaration,
} from './tools.ts';

export type Mode = 'native' | 'polyfill' | 'unavailable';

/** The one handle the rest of Warrant holds on the platform. */
export interface WebMcp {
  readonly mode: 'native' | 'polyfill';
  registerTool(tool: ToolDeclaration, options: RegisterOptions): Promise<void>;
  getTools(options?: ListOptions): Promise<ListedTool[]>;
  executeTool(tool: string | ListedTool, input?: object, options?: ExecuteOptions): Promise<ExecuteOutcome>;
  onToolChange(listener: () => void): () => void;
  /** The argument shape this browser accepted, once a call has shown it. */
  acceptedShape(): ArgumentShape | null;
}

export type Connection =
  | { readonly mode: 'native' | 'polyfill'; readonly reason: string; readonly webmcp: WebMcp }
  | { readonly mode: 'unavailable'; readonly reason: string; readonly webmcp: null };

export function wrapContext(context: PlatformContext, mode: 'native' | 'polyfill'): WebMcp {
  return {
    mode,
    registerTool: (tool, options) => register(context, tool, options),
    getTools: (options) => list(context, options),
    // Calling a tool from the page is rare next to registering them; its code loads on first use.
    executeTool: async (tool, input, options) =>
      (await import('./execute-tool.ts')).executeTool(context, mode, tool, input, options),
    onToolChange: (listener) => onToolChange(context, listener),
    acceptedShape: () => acceptedShape(context),
  };
}

let current: Promise<Connection> | null = null;

/**
 * Finds WebMCP for this document: the browser's own when it has it; otherwise the pinned
 * polyfill, imported only here so a native browser never downloads it; otherwise the reason.
 */
export function connect(): Promise<Connection> {
  current ??= detect();
  return current;
}

async function detect(): Promise<Connection> {
  if (typeof document === 'undefined' || typeof window === 'undefined') {
    return { mode: 'unavailable', reason: 'There is no document here.', webmcp: null };
  }
  if (!window.isSecureContext) {
    return {
      mode: 'unavailable',
      reason: 'This page is not a secure context; WebMCP needs https or localhost.',
      webmcp: null,
    };
  }
  if ((window as Window & { originAgentCluster?: boolean }).originAgentCluster === false) {
    return {
      mode: 'unavailable',
      reason:
        'This origin is not origin-keyed (Origin-Agent-Cluster: ?0), and the browser refuses WebMCP where document.domain can be set.',
      webmcp: null,
    };
  }
  const native = documentContext(document);
  if (native) return { mode: 'native', reason: 'The browser provides WebMCP.', webmcp: wrapContext(native, 'native') };
  try {
    const polyfill = await import('@mcp-b/webmcp-polyfill');
    polyfill.initializeWebMCPPolyfill();
  } catch (error) {
    return { mode: 'unavailable', reason: `The WebMCP polyfill could not be loaded: ${String(error)}`, webmcp: null };
  }
  const installed = documentContext(document);
  if (!installed) return { mode: 'unavailable', reason: 'The WebMCP polyfill did not install.', webmcp: null };
  oneCallPerSubmittingForm(installed, document);
  return {
    mode: 'polyfill',
    reason: 'This browser has no WebMCP; the polyfill provides it.',
    webmcp: wrapContext(installed, 'polyfill'),
  };
}

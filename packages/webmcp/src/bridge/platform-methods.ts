import { documentContext, type PlatformRegisteredTool } from '../platform.ts';

// What each WebMCP method does in this document, called raw: no connect() in front of it, since
// connect() refuses an unkeyed document on its own account and so would hide the browser's answer.
// Chromium refuses every method with SecurityError in a document whose agent cluster is not
// origin-keyed (measured in 156); this is how a document asks that of the browser it runs in.

export type PlatformMethod = 'registerTool' | 'getTools' | 'executeTool';

export interface MethodOutcome {
  readonly method: PlatformMethod;
  /** `absent`: the document has no WebMCP to call. */
  readonly outcome: 'resolved' | 'refused' | 'absent';
  /** The error's name (e.g. SecurityError) when refused. */
  readonly error?: string;
  readonly message?: string;
}

/** The tool a measuring document registers, so its parent can look for it across origins. */
export const MARKER_TOOL = 'probe_marker';

function refused(method: PlatformMethod, error: unknown): MethodOutcome {
  const name =
    error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)
      ? (error as Error).name
      : 'Error';
  const message =
    error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)
      ? (error as Error).message
      : String(error);
  return { method, outcome: 'refused', error: name.slice(0, 80), message: message.slice(0, 300) };
}

async function attempt(method: PlatformMethod, run: () => Promise<unknown>): Promise<MethodOutcome> {
  try {
    await run();
    return { method, outcome: 'resolved' };
  } catch (error) {
    return refused(method, error);
  }
}

/**
 * Calls registerTool (a read-only marker tool, exposed to `exposedTo`), getTools and executeTool
 * once each. A marker that registers stays registered for the document's life, so the parent can
 * see whether it surfaced.
 */
export async function tryPlatformMethods(
  doc: Document,
  options: { readonly exposedTo?: readonly string[] } = {},
): Promise<MethodOutcome[]> {
  const context = documentContext(doc);
  const win = doc.defaultView;
  if (!context || !win)
    return (['registerTool', 'getTools', 'executeTool'] as const).map((method) => ({ method, outcome: 'absent' }));
  const register = await attempt('registerTool', () =>
    context.registerTool(
      {
        name: MARKER_TOOL,
        description:
          'Answers with the word "marker". Registered by a measuring document to show whether it could register at all.',
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        annotations: { readOnlyHint: true },
        execute: () => 'marker',
      },
      options.exposedTo && options.exposedTo.length > 0 ? { exposedTo: [...options.exposedTo] } : {},
    ),
  );
  let listed: PlatformRegisteredTool | undefined;
  const list = await attempt('getTools', async () => {
    listed = (await context.getTools()).find((tool) => tool.name === MARKER_TOOL);
  });
  // Without a listed entry, call with the entry the browser would have made for it.
  const entry: PlatformRegisteredTool = listed ?? {
    name: MARKER_TOOL,
    title: '',
    description: 'marker',
    origin: win.location.origin,
    window: win,
  };
  const execute = await attempt('executeTool', () => context.executeTool(entry, {}));
  return [register, list, execute];
}

// An agent that lives in the page's own world and talks to the platform directly, the way an
// extension's content script or the browser's built-in agent would. Browser tests hand these
// functions to page.evaluate, so each is self-contained: no imports, no closures.
// The polyfill's tools are invisible to CDP (and so to Playwright's page.webmcp); this is how
// a test reaches them as a real caller.

export interface PageAgentTool {
  name: string;
  description: string;
  inputSchema?: object;
  annotations?: { readOnlyHint?: boolean; untrustedContentHint?: boolean; consequentialHint?: boolean };
}

export async function pageAgentListTools(): Promise<PageAgentTool[]> {
  const context = (
    document as unknown as { modelContext?: { getTools(): Promise<Array<PageAgentTool & { window?: unknown }>> } }
  ).modelContext;
  if (!context) return [];
  const tools = await context.getTools();
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  }));
}

/**
 * Calls a tool by name with whichever argument shape the runtime takes (object, else string);
 * resolves with the parsed result, and the shape that worked.
 */
export async function pageAgentCall(args: {
  name: string;
  input: object;
}): Promise<{ shape: string; result: unknown }> {
  type Context = {
    getTools(): Promise<Array<{ name: string }>>;
    executeTool(tool: object, input: unknown): Promise<string | null>;
  };
  const context = (document as unknown as { modelContext?: Context }).modelContext;
  if (!context) throw new Error('no WebMCP in this page');
  const tool = (await context.getTools()).find((t) => t.name === args.name);
  if (!tool) throw new Error(`No tool named ${args.name} is registered.`);
  const parse = (raw: string | null): unknown => {
    if (raw === null) return null;
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  };
  try {
    return { shape: 'object', result: parse(await context.executeTool(tool, args.input)) };
  } catch (error) {
    if (!/value is not an object|failed to parse input arguments/i.test(String(error))) throw error;
    return { shape: 'string', result: parse(await context.executeTool(tool, JSON.stringify(args.input))) };
  }
}

/**
 * Calls one tool once per input, all in the same task: one listing, then every call issued before
 * any is answered (what two agents acting at once look like to the page). Each answer is the
 * parsed result or the error's `name: message`. The shape is the object one unless the runtime
 * refuses it, in which case every call is issued again, together, as JSON text.
 */
export async function pageAgentCallsAtOnce(args: {
  name: string;
  inputs: object[];
}): Promise<Array<{ result?: unknown; thrown?: string }>> {
  type Context = {
    getTools(): Promise<Array<{ name: string }>>;
    executeTool(tool: object, input: unknown): Promise<string | null>;
  };
  const context = (document as unknown as { modelContext?: Context }).modelContext;
  if (!context) throw new Error('no WebMCP in this page');
  const tool = (await context.getTools()).find((t) => t.name === args.name);
  if (!tool) throw new Error(`No tool named ${args.name} is registered.`);
  const answer = (pending: Promise<string | null>): Promise<{ result?: unknown; thrown?: string }> =>
    pending.then(
      (raw) => {
        if (raw === null) return { result: null };
        try {
          return { result: JSON.parse(raw) as unknown };
        } catch {
          return { result: raw };
        }
      },
      (error: unknown) => ({ thrown: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
    );
  const shapeRefused = (answers: Array<{ thrown?: string }>): boolean =>
    answers.every((a) => /value is not an object|failed to parse input arguments/i.test(a.thrown ?? ''));
  const asObjects = await Promise.all(args.inputs.map((input) => answer(context.executeTool(tool, input))));
  if (!shapeRefused(asObjects)) return asObjects;
  return Promise.all(args.inputs.map((input) => answer(context.executeTool(tool, JSON.stringify(input)))));
}

/**
 * A script in the page reaching another origin's tools, as a compromised page or an extension in
 * it would: getTools({ fromOrigins: [origin] }), then executeTool on the tool named, if it is seen.
 * Answers the names it saw and the parsed result (null when the tool was not seen).
 */
export async function pageAgentCallFromOrigin(args: {
  origin: string;
  name: string;
  input: object;
}): Promise<{ seen: string[]; result: unknown }> {
  type Context = {
    getTools(options?: { fromOrigins: string[] }): Promise<Array<{ name: string }>>;
    executeTool(tool: object, input: unknown): Promise<string | null>;
  };
  const context = (document as unknown as { modelContext?: Context }).modelContext;
  if (!context) return { seen: [], result: null };
  const tools = await context.getTools({ fromOrigins: [args.origin] });
  const seen = tools.map((t) => t.name);
  const tool = tools.find((t) => t.name === args.name);
  if (!tool) return { seen, result: null };
  const raw = await context.executeTool(tool, args.input);
  if (raw === null) return { seen, result: null };
  try {
    return { seen, result: JSON.parse(raw) as unknown };
  } catch {
    return { seen, result: raw };
  }
}

/**
 * Registers a tool that answers with its own name, as script running in a frame could (an agent
 * holding the browser can run script anywhere); with exposedTo, shared with those origins. Resolves
 * 'registered', or the name of the error the platform refused it with.
 */
export async function pageAgentRegisterTool(args: { name: string; exposedTo?: string[] }): Promise<string> {
  type Context = { registerTool(tool: object, options?: object): Promise<void> };
  const context = (document as unknown as { modelContext?: Context }).modelContext;
  if (!context) return 'no WebMCP in this page';
  const tool = {
    name: args.name,
    description: `answers ${args.name}`,
    inputSchema: { type: 'object', properties: {} },
    execute: () => ({ content: [{ type: 'text', text: args.name }] }),
  };
  return context.registerTool(tool, args.exposedTo ? { exposedTo: args.exposedTo } : undefined).then(
    () => 'registered',
    (error: unknown) => (error instanceof Error ? error.name : 'refused'),
  );
}

/** The names of the tools another origin's frames exposed to this page (none where the runtime shares no tools across documents). */
export async function pageAgentToolsFromOrigin(origin: string): Promise<string[]> {
  type Context = { getTools(options?: object): Promise<Array<{ name: string; origin?: string }>> };
  const context = (document as unknown as { modelContext?: Context }).modelContext;
  if (!context) return [];
  const tools = await context.getTools({ fromOrigins: [origin] }).catch(() => []);
  return tools.filter((tool) => tool.origin === origin).map((tool) => tool.name);
}

/**
 * Calls one tool again and again, each call awaited before the next, timing each in the page from
 * executeTool to its answer (for benchmarks: the time an agent in the page waits, with no
 * DevTools round trip in it). The tool is found once and the input's shape learned once, untimed;
 * the first `warmUp` calls are not kept. A call that does not answer { ok: true } stops it.
 * Answers each kept call's milliseconds, the last answer parsed, and the shape that worked (when it
 * is the object one, the call that learned it ran too: one call more than warmUp + calls).
 */
export async function pageAgentTimedCalls(args: {
  name: string;
  input: object;
  warmUp: number;
  calls: number;
}): Promise<{ times: number[]; last: unknown; shape: 'object' | 'string' }> {
  type Context = {
    getTools(): Promise<Array<{ name: string }>>;
    executeTool(tool: object, input: unknown): Promise<string | null>;
  };
  const context = (document as unknown as { modelContext?: Context }).modelContext;
  if (!context) throw new Error('no WebMCP in this page');
  const tool = (await context.getTools()).find((t) => t.name === args.name);
  if (!tool) throw new Error(`No tool named ${args.name} is registered.`);
  // Chromium takes the input as an object, the polyfill as JSON text: learn which once.
  let input: unknown = args.input;
  let shape: 'object' | 'string' = 'object';
  try {
    await context.executeTool(tool, input);
  } catch (error) {
    if (!/value is not an object|failed to parse input arguments/i.test(String(error))) throw error;
    input = JSON.stringify(args.input);
    shape = 'string';
  }
  const times: number[] = [];
  let last: unknown = null;
  for (let run = 0; run < args.warmUp + args.calls; run += 1) {
    const started = performance.now();
    const raw = await context.executeTool(tool, input);
    const took = performance.now() - started;
    last = JSON.parse(raw ?? 'null') as unknown;
    if ((last as { ok?: unknown } | null)?.ok !== true)
      throw new Error(`${args.name} did not answer ok: ${String(raw).slice(0, 300)}`);
    if (run >= args.warmUp) times.push(took);
  }
  return { times, last, shape };
}

import { createSurface, defineRow, type JsonSchema, type Row } from '@warrant/surface';
import type { WebMcp } from '@warrant/webmcp';
import { seededRandom } from './measure.ts';

// The two ways to keep a large surface equal to what is legal, as the reconcile benchmarks run
// them in Node (in-memory WebMCP) and in Chromium (native WebMCP, bundled into the page): ours,
// which touches only what changed, and a real full teardown, which on every change aborts every
// tool it registered and registers every legal one again. Both step through the same
// transitions, so the benchmarks can time them interleaved, step by step.

export interface Strategy {
  /** Registers the first step's tools (untimed). */
  start(): Promise<void>;
  /** Moves the registered set to step `index`'s. */
  step(index: number): Promise<unknown>;
  dispose(): void;
}

interface Switches {
  readonly on: ReadonlySet<number>;
}

const SCHEMA: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

const description = (i: number): string => `Row ${i} of the benchmark surface.`;

/** `total` transitions after a start where about half the rows are legal, `flips` rows changing each time. */
export function transitions(count: number, flips: number, total: number, seed = 11): Set<number>[] {
  const random = seededRandom(seed);
  let on = new Set(Array.from({ length: count }, (_, i) => i).filter(() => random() < 0.5));
  const list = [on];
  for (let t = 0; t < total; t += 1) {
    const next = new Set(on);
    const chosen = new Set<number>();
    while (chosen.size < flips) chosen.add(Math.floor(random() * count));
    for (const i of chosen) if (!next.delete(i)) next.add(i);
    list.push(next);
    on = next;
  }
  return list;
}

/** Tool names carry a prefix, so both strategies can stand in one page's registry at once. */
export function kernelStrategy(webmcp: WebMcp, count: number, steps: readonly Set<number>[], prefix: string): Strategy {
  let state: Switches = { on: steps[0] as Set<number> };
  const rows: Row<Switches>[] = Array.from({ length: count }, (_, i) => {
    const text = description(i);
    return defineRow<Switches>({
      name: `${prefix}${i}`,
      title: `Tool ${i}`,
      description: () => text,
      verdict: (s) => (s.on.has(i) ? { legal: true } : { legal: false, reason: 'switched off' }),
      inputSchema: () => SCHEMA,
      run: () => ({ ok: true }),
    });
  });
  const surface = createSurface<Switches>({ rows, state: () => state, webmcp, schedule: () => {} });
  return {
    start: async () => void (await surface.reconcile()),
    step: (index) => {
      state = { on: steps[index] as Set<number> };
      return surface.reconcile();
    },
    dispose: () => surface.dispose(),
  };
}

/** The strategy the kernel replaces: abort everything, register every legal tool, every time. */
export function teardownStrategy(webmcp: WebMcp, steps: readonly Set<number>[], prefix: string): Strategy {
  let controllers: AbortController[] = [];
  const registerAll = (on: ReadonlySet<number>): Promise<unknown> =>
    Promise.all(
      [...on].map((i) => {
        const controller = new AbortController();
        controllers.push(controller);
        return webmcp.registerTool(
          {
            name: `${prefix}${i}`,
            title: `Tool ${i}`,
            description: description(i),
            inputSchema: SCHEMA,
            execute: () => ({ ok: true }),
          },
          { signal: controller.signal },
        );
      }),
    );
  const abortAll = (): void => {
    for (const controller of controllers) controller.abort();
    controllers = [];
  };
  return {
    start: async () => void (await registerAll(steps[0] as Set<number>)),
    step: (index) => {
      abortAll();
      return registerAll(steps[index] as Set<number>);
    },
    dispose: abortAll,
  };
}

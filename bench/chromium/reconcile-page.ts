import { createSurface, defineRow, type JsonSchema, type Row } from '@warrant/surface';
import { connect, type WebMcp } from '@warrant/webmcp';
import { median, seededRandom } from '../measure.ts';

// Runs inside headless Chromium with native WebMCP: one reconcile of a large surface where a few
// rows change legality, against tearing the whole set down and registering it again, over the
// same transitions in the same page. Bundled and evaluated by reconcile-chromium.bench.ts.

interface Switches {
  readonly on: ReadonlySet<number>;
}

const SCHEMA: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

function rows(count: number): Row<Switches>[] {
  return Array.from({ length: count }, (_, i) => {
    const description = `Row ${i} of the benchmark surface.`;
    return defineRow<Switches>({
      name: `tool_${i}`,
      title: `Tool ${i}`,
      description: () => description,
      verdict: (s) => (s.on.has(i) ? { legal: true } : { legal: false, reason: 'switched off' }),
      inputSchema: () => SCHEMA,
      run: () => ({ ok: true }),
    });
  });
}

function transitions(count: number, flips: number, total: number): Set<number>[] {
  const random = seededRandom(11);
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

async function ours(webmcp: WebMcp, count: number, steps: Set<number>[], warmUp: number): Promise<number[]> {
  let state: Switches = { on: steps[0] as Set<number> };
  const surface = createSurface<Switches>({ rows: rows(count), state: () => state, webmcp, schedule: () => {} });
  await surface.reconcile();
  const times: number[] = [];
  for (let t = 1; t < steps.length; t += 1) {
    state = { on: steps[t] as Set<number> };
    const start = performance.now();
    await surface.reconcile();
    if (t > warmUp) times.push(performance.now() - start);
  }
  surface.dispose();
  return times;
}

// The strategy the kernel replaces: on every change, unregister everything and register every
// legal tool again.
async function teardown(webmcp: WebMcp, count: number, steps: Set<number>[], warmUp: number): Promise<number[]> {
  let controllers: AbortController[] = [];
  const registerAll = (on: ReadonlySet<number>) =>
    Promise.all(
      [...on].map((i) => {
        const controller = new AbortController();
        controllers.push(controller);
        return webmcp.registerTool(
          { name: `tool_${i}`, title: `Tool ${i}`, description: `Row ${i} of the benchmark surface.`, inputSchema: SCHEMA, execute: () => ({ ok: true }) },
          { signal: controller.signal },
        );
      }),
    );
  await registerAll(steps[0] as Set<number>);
  const times: number[] = [];
  for (let t = 1; t < steps.length; t += 1) {
    const start = performance.now();
    for (const controller of controllers) controller.abort();
    controllers = [];
    await registerAll(steps[t] as Set<number>);
    if (t > warmUp) times.push(performance.now() - start);
  }
  for (const controller of controllers) controller.abort();
  return times;
}

export async function measureReconcile(count: number, flips: number, warmUp: number, samples: number): Promise<{ mode: string; ours: number; teardown: number; samples: number }> {
  const connection = await connect();
  if (!connection.webmcp || connection.mode !== 'native') throw new Error(`native WebMCP is needed here; got ${connection.mode}: ${connection.reason}`);
  const steps = transitions(count, flips, warmUp + samples);
  const mine = await ours(connection.webmcp, count, steps, warmUp);
  const theirs = await teardown(connection.webmcp, count, steps, warmUp);
  return { mode: connection.mode, ours: median(mine), teardown: median(theirs), samples };
}

import { createSurface, type JsonSchema, type Row } from '@warrant/surface';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { median, round, seededRandom, type BenchResult } from './measure.ts';

// The kernel's own numbers: how long one reconcile takes, whether its platform calls are always
// the symmetric difference, and how many calls it saves against tearing the surface down.

interface Switches {
  readonly on: ReadonlySet<number>;
  /** Rows whose schema depends on state read this, so some transitions re-register a tool. */
  readonly level: number;
}

const STATIC_SCHEMA: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
const levelSchemas = new Map<number, JsonSchema>();
// As in the apps, a schema that depends on state is built once per distinct value it depends on.
function levelSchema(level: number): JsonSchema {
  let schema = levelSchemas.get(level);
  if (!schema) {
    schema = { type: 'object', properties: { n: { type: 'integer', maximum: level } }, additionalProperties: false };
    levelSchemas.set(level, schema);
  }
  return schema;
}

function rows(count: number): Row<Switches>[] {
  return Array.from({ length: count }, (_, i) => {
    // As in the apps, a row's description is text written once, not rebuilt on every call.
    const description = `Row ${i} of the benchmark surface.`;
    return {
    kind: 'imperative' as const,
    name: `tool_${i}`,
    title: `Tool ${i}`,
    description: () => description,
    verdict: (s: Switches) => (s.on.has(i) ? { legal: true } : { legal: false, reason: 'switched off' }),
    inputSchema: (s: Switches) => (i % 10 === 0 ? levelSchema(s.level) : STATIC_SCHEMA),
    run: () => ({ ok: true }),
    };
  });
}

function surfaceOver(count: number, start: Switches) {
  let state = start;
  const memory = memoryWebMcp();
  const surface = createSurface<Switches>({ rows: rows(count), state: () => state, webmcp: memory.webmcp, schedule: () => {} });
  return {
    surface,
    memory,
    set: (next: Switches) => {
      state = next;
    },
  };
}

function flip(on: ReadonlySet<number>, count: number, flips: number, random: () => number): Set<number> {
  const next = new Set(on);
  const chosen = new Set<number>();
  while (chosen.size < flips) chosen.add(Math.floor(random() * count));
  for (const i of chosen) {
    if (next.has(i)) next.delete(i);
    else next.add(i);
  }
  return next;
}

const WARM_UP = 300;
const SAMPLES = 1000;

async function reconcileMedian(): Promise<BenchResult> {
  const random = seededRandom(1);
  const count = 1000;
  let on = new Set(Array.from({ length: count }, (_, i) => i).filter(() => random() < 0.5));
  const { surface, set } = surfaceOver(count, { on, level: 0 });
  await surface.reconcile();
  const times: number[] = [];
  for (let round_ = 0; round_ < WARM_UP + SAMPLES; round_ += 1) {
    on = flip(on, count, 10, random);
    set({ on, level: 0 });
    const start = performance.now();
    await surface.reconcile();
    const elapsed = performance.now() - start;
    if (round_ >= WARM_UP) times.push(elapsed);
  }
  surface.dispose();
  return {
    id: 'surface.reconcile_median_ms_1000x10',
    value: round(median(times), 4),
    unit: 'ms',
    goal: '< 0.5',
    note: `Median of ${SAMPLES} reconciles (after ${WARM_UP} to warm up) of a 1,000-row surface where 10 rows change legality; Node 20, in-memory WebMCP. Most of it is Node's AbortSignal.any and abort dispatch.`,
  };
}

async function symmetricDifference(): Promise<BenchResult[]> {
  const random = seededRandom(7);
  const count = 60;
  let state: Switches = { on: new Set(), level: 0 };
  const { surface, set } = surfaceOver(count, state);
  await surface.reconcile();
  const registered = new Map<string, string>();
  const keyed = (s: Switches) => {
    const map = new Map<string, string>();
    for (const i of s.on) map.set(`tool_${i}`, i % 10 === 0 ? `level ${s.level}` : '');
    return map;
  };
  let every = 1;
  let ours = 0;
  let teardown = 0;
  const transitions = 10_000;
  for (let t = 0; t < transitions; t += 1) {
    const before = keyed(state);
    const next: Switches = { on: flip(state.on, count, 1 + Math.floor(random() * 6), random), level: random() < 0.1 ? state.level + 1 : state.level };
    set(next);
    const change = await surface.reconcile();
    const after = keyed(next);
    let symmetric = 0;
    for (const [name, sig] of before) if (after.get(name) !== sig) symmetric += 1;
    for (const [name, sig] of after) if (before.get(name) !== sig) symmetric += 1;
    const ops = change.ops.register + change.ops.abort;
    if (ops !== symmetric) every = 0;
    ours += ops;
    // A full teardown aborts everything registered and registers everything legal, every time.
    teardown += before.size + after.size;
    state = next;
  }
  registered.clear();
  surface.dispose();
  return [
    {
      id: 'surface.ops_equal_symmetric_difference',
      value: every,
      unit: 'bool',
      goal: '= 1',
      note: `1 when, over ${transitions.toLocaleString('en')} random transitions of a 60-row surface (some schemas depend on state), register + abort calls equalled the symmetric difference every time.`,
    },
    {
      id: 'surface.ops_ratio_vs_teardown',
      value: round(teardown / ours, 2),
      unit: 'x',
      goal: 'report',
      note: `Registration calls of a full-teardown strategy (${teardown}) divided by ours (${ours}) on the same transitions.`,
    },
  ];
}

export async function surfaceBenchmarks(): Promise<BenchResult[]> {
  return [await reconcileMedian(), ...(await symmetricDifference())];
}

import { createSurface, type JsonSchema, type Row } from '@warrant/surface';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { interleave, ratio, round, seededRandom, timing, type BenchResult } from './measure.ts';
import { kernelStrategy, teardownStrategy, transitions } from './reconcile-strategies.ts';

// The kernel's own numbers in Node: how long one reconcile takes, how long it takes beside a real
// full teardown of the same transitions (interleaved), and how many platform calls it makes
// against the count a teardown would make. That its calls are always the symmetric difference is
// a property, and a test: packages/surface/src/surface.test.ts ("after any sequence of
// transitions, registered equals legal and ops equal the symmetric difference") and
// packages/surface/src/diff.test.ts.

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
  const surface = createSurface<Switches>({
    rows: rows(count),
    state: () => state,
    webmcp: memory.webmcp,
    schedule: () => {},
  });
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
  return timing(
    {
      id: 'surface.reconcile_median_ms_1000x10',
      unit: 'ms',
      goal: '< 0.5',
      digits: 4,
      note: `One reconcile of a 1,000-row surface where 10 rows change legality (a tenth of the schemas depend on state), ${SAMPLES} runs after ${WARM_UP} to warm up; Node ${process.version}, in-memory WebMCP. Most of it is Node's AbortSignal.any and abort dispatch.`,
    },
    times,
  );
}

const TEARDOWN_WARM_UP = 50;
const TEARDOWN_SAMPLES = 300;

/** Ours against a real full teardown, both on one in-memory WebMCP, stepping through the same transitions, interleaved. */
async function againstTeardown(): Promise<BenchResult> {
  const count = 1000;
  const memory = memoryWebMcp();
  const steps = transitions(count, 10, TEARDOWN_WARM_UP + TEARDOWN_SAMPLES);
  const ours = kernelStrategy(memory.webmcp, count, steps, 'ours_');
  const torn = teardownStrategy(memory.webmcp, steps, 'torn_');
  await ours.start();
  await torn.start();
  const times = await interleave(
    (run) => ours.step(run + TEARDOWN_WARM_UP + 1),
    (run) => torn.step(run + TEARDOWN_WARM_UP + 1),
    { warmUp: TEARDOWN_WARM_UP, runs: TEARDOWN_SAMPLES },
  );
  ours.dispose();
  torn.dispose();
  return ratio(
    {
      id: 'surface.reconcile_ratio_vs_teardown_1000x10',
      goal: 'report',
      digits: 1,
      sideUnit: 'ms',
      numeratorLabel: 'full teardown',
      denominatorLabel: 'ours',
      note: `Per transition of a 1,000-row surface where 10 rows change legality: a real full teardown (abort every tool it registered, register every legal one again) over ours, ${TEARDOWN_SAMPLES} transitions after ${TEARDOWN_WARM_UP}, interleaved (which goes first alternates); Node ${process.version}, one in-memory WebMCP holding both strategies' tools under their own prefixes.`,
    },
    times.b,
    times.a,
  );
}

/** Platform calls of ours over random transitions, against the calls a teardown would make: counted, not run. */
async function callsCounted(): Promise<BenchResult> {
  const random = seededRandom(7);
  const count = 60;
  let state: Switches = { on: new Set(), level: 0 };
  const { surface, set } = surfaceOver(count, state);
  await surface.reconcile();
  let ours = 0;
  let teardown = 0;
  const transitionCount = 10_000;
  for (let t = 0; t < transitionCount; t += 1) {
    const next: Switches = {
      on: flip(state.on, count, 1 + Math.floor(random() * 6), random),
      level: random() < 0.1 ? state.level + 1 : state.level,
    };
    set(next);
    const change = await surface.reconcile();
    ours += change.ops.register + change.ops.abort;
    // A full teardown would abort everything registered and register everything legal, every time.
    teardown += state.on.size + next.on.size;
    state = next;
  }
  surface.dispose();
  return {
    id: 'surface.ops_ratio_vs_teardown_calls_counted',
    value: round(teardown / ours, 2),
    unit: 'x',
    goal: 'report',
    note: `A count, not a timing: the registration calls a full teardown would make (${teardown}: every registered tool aborted, every legal one registered, at each change) over the calls ours made (${ours}), over ${transitionCount.toLocaleString('en')} random transitions of a 60-row surface (a tenth of the schemas depend on state); Node, in-memory WebMCP.`,
  };
}

export async function surfaceBenchmarks(): Promise<BenchResult[]> {
  return [await reconcileMedian(), await againstTeardown(), await callsCounted()];
}

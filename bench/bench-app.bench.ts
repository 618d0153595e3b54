import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { signal } from '@preact/signals';
import { headersFor, SITES } from '@warrant/config';
import { createSurface } from '@warrant/surface';
import { memoryWebMcp, pageAgentListTools } from '@warrant/webmcp/testing';
import { chromium, type Browser } from 'playwright-core';
import sirv from 'sirv';
import { BASE_ARGS, CHROMIUM_PATH } from '../tests/e2e/launch.ts';
import { appRoot } from '../tools/app-sites.ts';
import { CHECKPOINTS } from '../apps/bench/src/domain/checkpoints.ts';
import { explainPathTo, MAX_DEPTH } from '../apps/bench/src/domain/path.ts';
import { replay } from '../apps/bench/src/domain/reduce.ts';
import { GOALS, READ_NAMES } from '../apps/bench/src/domain/rulebook.ts';
import { SEED } from '../apps/bench/src/domain/seed.ts';
import type { MeetingEvent, MeetingState } from '../apps/bench/src/domain/state.ts';
import { createMeeting } from '../apps/bench/src/meeting.ts';
import { createRulingChannel } from '../apps/bench/src/ruling-channel.ts';
import { benchRows, loadActs, type BenchState } from '../apps/bench/src/surface-rows.ts';
import { tabOnlyRecord } from '../apps/bench/src/tab-only-record.ts';
import { bundleResult } from './bundle-size.ts';
import { interleave, median, ratio, round, sample, timing, type BenchResult } from './measure.ts';
import { referencePlan } from './planner-reference.ts';

// The clerk's bench: how hard the planner works (and how much less than a plain search for the
// same plan, timed against it in one run), how many registrations a meeting costs (beside
// the count a teardown at every event would make: counted, not run), how
// much script a first visit downloads, how soon a client finds the always-on tools, and how large
// each declaration a model is handed is.

const RUNS = 300;
const WARM_UP = 100;
// Resolve at once: the benchmark times the search, not the main-thread yields between slices.
const noYield = (): Promise<void> => Promise.resolve();

async function measurePlan(
  goal: string,
  state: MeetingState,
): Promise<{ nodes: number; times: number[]; ms: number; depth: number; found: boolean }> {
  let last = await explainPathTo(goal, state, { yieldFn: noYield });
  const times = await sample(async () => (last = await explainPathTo(goal, state, { yieldFn: noYield })), {
    warmUp: WARM_UP,
    runs: RUNS,
  });
  return { nodes: last.nodes, times, ms: median(times), depth: last.depth, found: last.found };
}

async function pathBenchmarks(): Promise<BenchResult[]> {
  const starts = [
    ['tangle', replay(SEED.slice(0, CHECKPOINTS.tangle))],
    ['widest', replay(SEED.slice(0, CHECKPOINTS.widest))],
  ] as const;
  // Warm every goal first, so no goal is timed on colder code than another.
  for (const [, state] of starts) for (const goal of GOALS) await explainPathTo(goal.id, state, { yieldFn: noYield });
  const measured: Array<{
    where: string;
    goal: string;
    nodes: number;
    times: number[];
    ms: number;
    depth: number;
    found: boolean;
  }> = [];
  for (const [name, state] of starts) {
    for (const goal of GOALS)
      measured.push({ where: `${goal.id} from the ${name}`, goal: goal.id, ...(await measurePlan(goal.id, state)) });
  }
  const vote = measured.find((m) => m.where === 'vote_on_the_main_motion from the tangle');
  if (!vote) throw new Error('the tangle vote plan was not measured');
  // The planner against the plain search for the same plan (bench/planner-reference.ts), run i
  // timing both back to back, which goes first alternating.
  const tangle = starts[0][1];
  const reference = referencePlan('vote_on_the_main_motion', tangle, MAX_DEPTH);
  if (!reference.found || reference.depth !== vote.depth)
    throw new Error(
      `the reference found ${reference.found ? `a plan of depth ${reference.depth}` : 'no plan'}, the planner one of depth ${vote.depth}`,
    );
  const paired = await interleave(
    () => explainPathTo('vote_on_the_main_motion', tangle, { yieldFn: noYield }),
    () => referencePlan('vote_on_the_main_motion', tangle, MAX_DEPTH),
    { warmUp: WARM_UP, runs: RUNS },
  );
  const worstNodes = measured.reduce((a, b) => (b.nodes > a.nodes ? b : a));
  const worstMsEntry = measured.reduce((a, b) => (b.ms > a.ms ? b : a));
  return [
    {
      id: 'bench.path_nodes_tangle_vote',
      value: vote.nodes,
      unit: 'nodes',
      goal: '< 399',
      note: `Positions generated to prove the plan for vote_on_the_main_motion from the tangle (found: ${vote.found}, depth ${vote.depth}). Reference: 399.`,
    },
    timing(
      {
        id: 'bench.path_ms_tangle_vote',
        unit: 'ms',
        goal: '< 1',
        note: `explainPathTo for vote_on_the_main_motion from the tangle, ${RUNS} runs in Node (after ${WARM_UP} to warm up), no main-thread yields.`,
      },
      vote.times,
    ),
    {
      id: 'bench.path_nodes_tangle_vote_reference',
      value: reference.nodes,
      unit: 'nodes',
      goal: 'report',
      note: `Positions the reference search (bench/planner-reference.ts: iterative deepening over a plain depth-first AND-OR search, the same rules, moves and goal test, no lower bound, no transposition table, no move ordering) generates to prove the same plan, depth ${reference.depth}.`,
    },
    ratio(
      {
        id: 'bench.path_ratio_reference_over_planner_tangle_vote',
        goal: 'report',
        sideUnit: 'ms',
        numeratorLabel: 'reference search',
        denominatorLabel: 'explainPathTo',
        note: `The reference search's time over the planner's, for the plan to vote_on_the_main_motion from the tangle (both prove depth ${vote.depth}), pair by pair: ${RUNS} interleaved pairs in Node after ${WARM_UP}, which goes first alternating, no main-thread yields. The planner's own figure is bench.path_ms_tangle_vote.`,
      },
      paired.b,
      paired.a,
    ),
    {
      id: 'bench.path_nodes_worst_goal',
      value: worstNodes.nodes,
      unit: 'nodes',
      goal: '< 4054',
      note: `Worst of the five goals from the tangle and from the widest frontier, to depth 12 where no plan exists: ${worstNodes.where}. Reference: 4,054 (tangle), 6,996 (widest).`,
    },
    timing(
      {
        id: 'bench.path_ms_worst_goal',
        unit: 'ms',
        goal: '< 8',
        note: `explainPathTo for the goal with the slowest median of the ten above, ${RUNS} runs in Node (after ${WARM_UP}), no yields: ${worstMsEntry.where}.`,
      },
      worstMsEntry.times,
    ),
  ];
}

/** Replays the seeded meeting event by event through the real rows, counting platform calls. */
async function registrationBenchmarks(): Promise<BenchResult[]> {
  await loadActs();
  const meeting = createMeeting();
  await meeting.open(tabOnlyRecord());
  const memory = memoryWebMcp();
  const rulings = createRulingChannel(meeting);
  const surface = createSurface<BenchState>({
    rows: benchRows(meeting, { filledByAgent: signal(false) }, (ruling, call) => rulings.propose(ruling, call)),
    state: () => meeting.state.value,
    webmcp: memory.webmcp,
    schedule: () => {},
  });
  await surface.reconcile();
  let ours = 0;
  let teardown = memory.size();
  for (const event of SEED as readonly MeetingEvent[]) {
    const before = memory.size();
    const decided = meeting.commit(event.type, event.payload as never, event.actor);
    if (decided.ok) await decided.written;
    const change = await surface.reconcile();
    ours += change.ops.register + change.ops.abort;
    teardown += before + memory.size();
  }
  surface.dispose();
  return [
    {
      id: 'bench.registration_ops_seed_replay',
      value: ours,
      unit: 'calls',
      goal: 'report',
      note: `registerTool calls + signal aborts over the ${SEED.length}-event seeded meeting (imperative tools; the two forms are toggled by attribute).`,
    },
    {
      id: 'bench.registration_ops_seed_replay_teardown_calls_counted',
      value: teardown,
      unit: 'calls',
      goal: 'report',
      note: `A count, not a run: the calls the same replay would make under a full-teardown strategy (abort everything, register everything legal, at every event): ${round(teardown / ours, 1)}× ours.`,
    },
  ];
}

/**
 * A script a page runs before its own: it records when the always-on set is first complete, as a
 * client listing the tools would see it, and when the load event came (ms since navigation).
 * It asks every 2 ms: asking in a tight loop would slow the very load it measures. The browser
 * tests use it too.
 */
export function firstToolsProbe(): string {
  return `(() => {
    const list = ${pageAgentListTools.toString()};
    const want = ${JSON.stringify(READ_NAMES)};
    const gated = ${JSON.stringify(FIRST_GATED_ACT)};
    const seen = { toolsAt: null, gatedAt: null, loadAt: null };
    window.__warrantFirstTools = seen;
    addEventListener('load', () => { seen.loadAt = performance.now(); }, { once: true });
    const poll = () => list().then((tools) => {
      const names = tools.map((tool) => tool.name);
      if (seen.toolsAt === null && want.every((name) => names.includes(name))) seen.toolsAt = performance.now();
      if (seen.gatedAt === null && names.includes(gated)) seen.gatedAt = performance.now();
      if (seen.toolsAt === null || seen.gatedAt === null) setTimeout(poll, 2);
    }, () => setTimeout(poll, 2));
    poll();
  })();`;
}

/** The act in order when a meeting opens (the record read): the first of the gated acts an agent can call. */
const FIRST_GATED_ACT = 'set_members_present';

interface FirstTools {
  readonly toolsAt: number | null;
  readonly gatedAt: number | null;
  readonly loadAt: number | null;
}

const FIRST_TOOLS_RUNS = 15;
const CHECKPOINT_BUTTONS = ['load', 'widest', 'tangle', 'tabled', 'injection'] as const;

/** Serves the built bench on a loopback port of its own, with the headers its origin carries. */
async function serveBuiltBench(): Promise<{ readonly origin: string; close(): void }> {
  const headers = headersFor(SITES.bench);
  // Looked up on each request, as the static server does: a rebuild while measuring must not 404.
  const files = sirv(join(appRoot(SITES.bench), 'dist'), {
    dev: true,
    setHeaders: (res) => Object.entries(headers).forEach(([name, value]) => res.setHeader(name, value)),
  });
  const server = createServer((req, res) =>
    files(req, res, () => {
      res.writeHead(404).end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * Navigation start to the first complete always-on set, each run in a fresh profile (cold storage
 * and cache). In the native lane the browser's own event order is read too: whether every
 * always-on tool was announced (WebMCP.toolsAdded) before the load event.
 */
async function firstToolsIn(
  browser: Browser,
  origin: string,
  native: boolean,
): Promise<{ tools: number[]; load: number[]; gatedAfterLoad: number[]; announcedBeforeLoad: number }> {
  const tools: number[] = [];
  const load: number[] = [];
  const gatedAfterLoad: number[] = [];
  let announcedBeforeLoad = 0;
  for (let run = 0; run < FIRST_TOOLS_RUNS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript({ content: firstToolsProbe() });
    const order: string[] = [];
    if (native) {
      const cdp = await context.newCDPSession(page);
      cdp.on('WebMCP.toolsAdded', (event) =>
        order.push(...(event as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)),
      );
      cdp.on('Page.loadEventFired', () => order.push('(load)'));
      await cdp.send('Page.enable');
      await cdp.send('WebMCP.enable');
    }
    await page.goto(`${origin}/`);
    await page.waitForFunction(
      () => (window as unknown as { __warrantFirstTools: FirstTools }).__warrantFirstTools.toolsAt !== null,
    );
    await page.waitForFunction(
      () => (window as unknown as { __warrantFirstTools: FirstTools }).__warrantFirstTools.loadAt !== null,
    );
    await page.waitForFunction(
      () => (window as unknown as { __warrantFirstTools: FirstTools }).__warrantFirstTools.gatedAt !== null,
    );
    const seen = await page.evaluate(
      () => (window as unknown as { __warrantFirstTools: FirstTools }).__warrantFirstTools,
    );
    tools.push(seen.toolsAt ?? NaN);
    load.push(seen.loadAt ?? NaN);
    gatedAfterLoad.push((seen.gatedAt ?? NaN) - (seen.loadAt ?? NaN));
    const loadIndex = order.indexOf('(load)');
    if (
      native &&
      loadIndex >= 0 &&
      READ_NAMES.every((name) => order.indexOf(name) >= 0 && order.indexOf(name) < loadIndex)
    )
      announcedBeforeLoad += 1;
    await context.close();
  }
  return { tools, load, gatedAfterLoad, announcedBeforeLoad };
}

/** Every declaration a client is handed, serialised, at every checkpoint the bench offers. */
async function declarationSizes(browser: Browser, origin: string): Promise<number[]> {
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => document.body.dataset['ready'] === 'true');
  const sizes: number[] = [];
  for (const checkpoint of CHECKPOINT_BUTTONS) {
    await page.click(`#checkpoint-${checkpoint}`);
    await page.waitForTimeout(200);
    for (const tool of await page.evaluate(pageAgentListTools)) sizes.push(JSON.stringify(tool).length);
  }
  await page.close();
  return sizes;
}

async function chromiumBenchmarks(): Promise<BenchResult[]> {
  const served = await serveBuiltBench();
  const results: BenchResult[] = [];
  try {
    for (const lane of ['native', 'polyfill'] as const) {
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [...BASE_ARGS, ...(lane === 'native' ? ['--enable-features=WebMCP'] : [])],
      });
      try {
        const { tools, load, gatedAfterLoad, announcedBeforeLoad } = await firstToolsIn(
          browser,
          served.origin,
          lane === 'native',
        );
        const before =
          lane === 'native'
            ? ` The browser announced all four before the load event in ${announcedBeforeLoad} of ${FIRST_TOOLS_RUNS} runs (WebMCP.toolsAdded ahead of Page.loadEventFired).`
            : '';
        results.push(
          timing(
            {
              id: `bench.first_tools_ms_${lane}`,
              unit: 'ms',
              goal: 'report',
              digits: 1,
              note: `${FIRST_TOOLS_RUNS} cold loads of the built bench (served with its headers on a free loopback port) in headless Chromium (${lane === 'native' ? 'native WebMCP' : 'the lazy polyfill'}): navigation start to the first getTools() listing all four always-on reads, polled every 2 ms from a script run before the page's own. The load event came at ${round(median(load), 1)} ms median.${before}`,
            },
            tools,
          ),
          timing(
            {
              id: `bench.gated_acts_after_load_ms_${lane}`,
              unit: 'ms',
              goal: 'report',
              digits: 1,
              note: `The same ${FIRST_TOOLS_RUNS} cold loads: from the load event to the first listing with ${FIRST_GATED_ACT}, the act in order when a meeting opens. The gated acts are a function of the minute book, read from IndexedDB after the page starts, so they come after the load event (${gatedAfterLoad.filter((ms) => ms <= 0).length} of ${FIRST_TOOLS_RUNS} runs had it listed by then): a client that lists the tools once, at load, sees only the four reads until it looks again.`,
            },
            gatedAfterLoad,
          ),
        );
        if (lane === 'native') {
          const sizes = await declarationSizes(browser, served.origin);
          results.push(
            {
              id: 'bench.declaration_chars_max',
              value: Math.max(...sizes),
              unit: 'chars',
              goal: '<= 900',
              note: `The largest serialised tool declaration (name, description, input schema, hints, as getTools() hands them to a client) over ${sizes.length} declarations at the checkpoints ${CHECKPOINT_BUTTONS.join(', ')}, native lane.`,
            },
            {
              id: 'bench.declaration_chars_median',
              value: median(sizes),
              unit: 'chars',
              goal: 'report',
              note: `Median of the same ${sizes.length} declarations.`,
            },
          );
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    served.close();
  }
  return results;
}

export async function benchAppBenchmarks(): Promise<BenchResult[]> {
  return [
    ...(await pathBenchmarks()),
    ...(await registrationBenchmarks()),
    bundleResult(
      SITES.bench,
      'bench.bundle_kb_gz',
      30,
      'the polyfill, the record and its hash, the fold, the validator, the minutes, the planner, the seeded record and the runner',
    ),
    ...(await chromiumBenchmarks()),
  ];
}

import { signal } from '@preact/signals';
import { SITES } from '@warrant/config';
import { createSurface } from '@warrant/surface';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { CHECKPOINTS } from '../apps/bench/src/domain/checkpoints.ts';
import { explainPathTo } from '../apps/bench/src/domain/path.ts';
import { replay } from '../apps/bench/src/domain/reduce.ts';
import { GOALS } from '../apps/bench/src/domain/rulebook.ts';
import { SEED } from '../apps/bench/src/domain/seed.ts';
import type { MeetingEvent, MeetingState } from '../apps/bench/src/domain/state.ts';
import { createMeeting } from '../apps/bench/src/meeting.ts';
import { createRulingChannel } from '../apps/bench/src/ruling-channel.ts';
import { benchRows, type BenchState } from '../apps/bench/src/surface-rows.ts';
import { tabOnlyRecord } from '../apps/bench/src/tab-only-record.ts';
import { bundleResult } from './bundle-size.ts';
import { median, round, type BenchResult } from './measure.ts';

// The clerk's bench: how hard the planner works, how many registrations a meeting costs, and how
// much script a first visit downloads.

const RUNS = 300;
const WARM_UP = 100;
// Resolve at once: the benchmark times the search, not the main-thread yields between slices.
const noYield = (): Promise<void> => Promise.resolve();

async function measurePlan(goal: string, state: MeetingState): Promise<{ nodes: number; ms: number; depth: number; found: boolean }> {
  const times: number[] = [];
  let last = await explainPathTo(goal, state, { yieldFn: noYield });
  for (let i = 0; i < WARM_UP; i += 1) last = await explainPathTo(goal, state, { yieldFn: noYield });
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    last = await explainPathTo(goal, state, { yieldFn: noYield });
    times.push(performance.now() - start);
  }
  return { nodes: last.nodes, ms: median(times), depth: last.depth, found: last.found };
}

async function pathBenchmarks(): Promise<BenchResult[]> {
  const starts = [
    ['tangle', replay(SEED.slice(0, CHECKPOINTS.tangle))],
    ['widest', replay(SEED.slice(0, CHECKPOINTS.widest))],
  ] as const;
  // Warm every goal first, so no goal is timed on colder code than another.
  for (const [, state] of starts) for (const goal of GOALS) await explainPathTo(goal.id, state, { yieldFn: noYield });
  const measured: Array<{ where: string; goal: string; nodes: number; ms: number; depth: number; found: boolean }> = [];
  for (const [name, state] of starts) {
    for (const goal of GOALS) measured.push({ where: `${goal.id} from the ${name}`, goal: goal.id, ...(await measurePlan(goal.id, state)) });
  }
  const vote = measured.find((m) => m.where === 'vote_on_the_main_motion from the tangle');
  if (!vote) throw new Error('the tangle vote plan was not measured');
  const worstNodes = measured.reduce((a, b) => (b.nodes > a.nodes ? b : a));
  const worstMsEntry = measured.reduce((a, b) => (b.ms > a.ms ? b : a));
  const worstMs = { value: worstMsEntry.ms, where: worstMsEntry.where };
  return [
    {
      id: 'bench.path_nodes_tangle_vote',
      value: vote.nodes,
      unit: 'nodes',
      goal: '< 399',
      note: `Positions generated to prove the plan for vote_on_the_main_motion from the tangle (found: ${vote.found}, depth ${vote.depth}). Reference: 399.`,
    },
    { id: 'bench.path_ms_tangle_vote', value: round(vote.ms), unit: 'ms', goal: '< 1', note: `Median of ${RUNS} runs in Node (after ${WARM_UP} to warm up), no main-thread yields.` },
    {
      id: 'bench.path_nodes_worst_goal',
      value: worstNodes.nodes,
      unit: 'nodes',
      goal: '< 4054',
      note: `Worst of the five goals from the tangle and from the widest frontier, to depth 12 where no plan exists: ${worstNodes.where}. Reference: 4,054 (tangle), 6,996 (widest).`,
    },
    { id: 'bench.path_ms_worst_goal', value: round(worstMs.value), unit: 'ms', goal: '< 8', note: `Median of ${RUNS} runs of the slowest goal: ${worstMs.where}.` },
  ];
}

/** Replays the seeded meeting event by event through the real rows, counting platform calls. */
async function registrationBenchmarks(): Promise<BenchResult[]> {
  const meeting = createMeeting();
  await meeting.open(tabOnlyRecord());
  const memory = memoryWebMcp();
  const surface = createSurface<BenchState>({ rows: benchRows(meeting, { filledByAgent: signal(false) }, createRulingChannel(meeting)), state: () => meeting.state.value, webmcp: memory.webmcp, schedule: () => {} });
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
      id: 'bench.registration_ops_seed_replay_teardown',
      value: teardown,
      unit: 'calls',
      goal: 'report',
      note: `The same replay under a full-teardown strategy (abort everything, register everything legal, at every event): ${round(teardown / ours, 1)}× ours.`,
    },
  ];
}


export async function benchAppBenchmarks(): Promise<BenchResult[]> {
  return [...(await pathBenchmarks()), ...(await registrationBenchmarks()), bundleResult(SITES.bench, 'bench.bundle_kb_gz', 30, 'the polyfill, the validator, the minutes, the planner, the seeded record and the runner')];
}

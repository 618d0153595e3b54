import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../tools/app-sites.ts';
import { CHROMIUM_PATH } from '../tests/e2e/launch.ts';
import type { BenchResult } from './measure.ts';
import { BenchStop, portProblem } from './ports.ts';
import { agentBenchmarks } from './agent.bench.ts';
import { benchAppBenchmarks } from './bench-app.bench.ts';
import { boardBenchmarks } from './board.bench.ts';
import { brokerBenchmarks } from './broker.bench.ts';
import { deskBenchmarks } from './desk.bench.ts';
import { gatewayBenchmarks } from './gateway.bench.ts';
import { ledgerBenchmarks } from './ledger.bench.ts';
import { partnerBenchmarks } from './partners.bench.ts';
import { partnerWriteBenchmarks } from './partner-write.bench.ts';
import { reconcileChromiumBenchmarks } from './reconcile-chromium.bench.ts';
import { startBenchmarks } from './start.bench.ts';
import { surfaceBenchmarks } from './surface.bench.ts';

// `npm run bench`: measures, writes bench/results.json, prints a table. Benchmarks are not tests:
// nothing here fails a build; the README quotes what this file records. What each figure times,
// on which path: docs/bench-figures.md.

async function measureAll(): Promise<BenchResult[]> {
  return [
    ...(await surfaceBenchmarks()),
    ...(await reconcileChromiumBenchmarks()),
    ...(await benchAppBenchmarks()),
    ...(await boardBenchmarks()),
    ...(await gatewayBenchmarks()),
    ...(await ledgerBenchmarks()),
    ...partnerBenchmarks(),
    ...(await partnerWriteBenchmarks()),
    ...(await deskBenchmarks()),
    ...(await brokerBenchmarks()),
    ...(await agentBenchmarks()),
    ...(await startBenchmarks()),
  ];
}

/** The machine the figures were measured on: they are worth nothing without it. */
function machine(): Record<string, unknown> {
  const cores = cpus();
  return {
    cpu: cores[0]?.model ?? 'unknown',
    cores: cores.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${process.platform} ${release()}`,
    node: process.version,
    chromium: execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
    loadAverageAtStart: loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

// Checked here as well as before the build, for a run of this file alone.
const problem = await portProblem();
if (problem !== null) {
  console.error(problem);
  process.exit(1);
}

const measuredOn = machine();
try {
  const results = await measureAll();
  // The load at both ends says how busy the machine was while the figures were taken.
  const loadAverageAtEnd = loadavg().map((load) => Math.round(load * 100) / 100);
  writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: { ...measuredOn, loadAverageAtEnd }, results }, null, 2)}\n`);
  console.table(results.map(({ id, value, unit, min, max, runs, goal }) => ({ id, value, unit, min, max, runs, goal })));
} catch (error) {
  if (!(error instanceof BenchStop)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}

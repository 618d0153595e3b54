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
import { deskLedgerBenchmarks } from './desk-ledger.bench.ts';
import { dispatchersBenchmarks } from './dispatchers.bench.ts';
import { findCapacityBenchmarks } from './find-capacity.bench.ts';
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

// In the order they run (and appear in results.json), named after their files (<name>.bench.ts).
const GROUPS: ReadonlyArray<readonly [string, () => BenchResult[] | Promise<BenchResult[]>]> = [
  ['surface', surfaceBenchmarks],
  ['reconcile-chromium', reconcileChromiumBenchmarks],
  ['bench-app', benchAppBenchmarks],
  ['board', boardBenchmarks],
  ['gateway', gatewayBenchmarks],
  ['ledger', ledgerBenchmarks],
  ['partners', partnerBenchmarks],
  ['partner-write', partnerWriteBenchmarks],
  ['desk', deskBenchmarks],
  ['desk-ledger', deskLedgerBenchmarks],
  ['dispatchers', dispatchersBenchmarks],
  ['find-capacity', findCapacityBenchmarks],
  ['broker', brokerBenchmarks],
  ['agent', agentBenchmarks],
  ['start', startBenchmarks],
];

/**
 * `--only=<name>[,<name>…]` measures those groups alone and prints what they give, leaving
 * bench/results.json as it is: a part of a run is not a run (the README quotes the whole file,
 * measured together on one machine). Needs the build, as the whole run does.
 */
function onlyGroups(argv: readonly string[]): readonly string[] | null {
  const flag = argv.find((arg) => arg.startsWith('--only='));
  if (flag === undefined) return null;
  const names = flag
    .slice('--only='.length)
    .split(',')
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !GROUPS.some(([group]) => group === name));
  if (names.length === 0 || unknown.length > 0) {
    throw new BenchStop(
      `--only names bench files without .bench.ts, from: ${GROUPS.map(([group]) => group).join(', ')}${unknown.length > 0 ? ` (not one: ${unknown.join(', ')})` : ''}.`,
    );
  }
  return names;
}

async function measure(only: readonly string[] | null): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [name, benchmarks] of GROUPS)
    if (only === null || only.includes(name)) results.push(...(await benchmarks()));
  return results;
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
    chromium: execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim(),
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
  const only = onlyGroups(process.argv.slice(2));
  const results = await measure(only);
  // The load at both ends says how busy the machine was while the figures were taken.
  const loadAverageAtEnd = loadavg().map((load) => Math.round(load * 100) / 100);
  const record = `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: { ...measuredOn, loadAverageAtEnd }, ...(only ? { only } : {}), results }, null, 2)}\n`;
  if (only === null) writeFileSync(join(ROOT, 'bench', 'results.json'), record);
  else console.log(record);
  console.table(
    results.map(({ id, value, unit, min, max, runs, goal }) => ({ id, value, unit, min, max, runs, goal })),
  );
} catch (error) {
  if (!(error instanceof BenchStop)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}

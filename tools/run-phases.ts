import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './app-sites.ts';
import { laneSpans, type PlaywrightTimingReport } from './lane-spans.ts';

// `npm test`: the phases it always ran, in the same order and each stopping the run when it fails
// (as the `&&` chain it replaces did), the exit code the first failing phase's. The three static
// checks (format, types, lint) read the tree and write nothing, and each is one single-threaded
// process: they run at once, as one step, which on the 2-core machine takes about the longest of
// them rather than their sum. The browser tests' build runs in that step too (the checks never
// read dist/), so it is done before any test starts: the unit tests that serve the apps
// (tools/serve-all.test.ts) serve that build and build nothing, so nothing rewrites a dist/ while
// a server serves it. Then the unit tests and the browser tests run at once: neither writes what
// the other reads (the browser lanes serve the built apps from data/e2e-<port>/ on their own
// ports; the unit tests write in temporary folders, serve on ports they claim,
// tools/port-claims.ts, and start their own PostgreSQL), and each spends much of its time waiting
// (on a browser, a server, a child process) rather than on a core, so together they take far less
// than one after the other. A phase that runs beside others has its output
// printed whole when it ends, never interleaved. At its end it prints each phase's wall time, and
// each browser lane's (first test start to last test end, from the Playwright reports), so a slow
// run says where its time went. The claims are checked last: they read both phases' reports.

export interface Phase {
  readonly label: string;
  /** The npm script the phase runs. */
  readonly script: string;
}

/** What `npm test` runs, step by step: the phases of one step run at once, the steps in order. */
export const STEPS: ReadonlyArray<readonly Phase[]> = [
  [
    { label: 'format check', script: 'format:check' },
    { label: 'typecheck', script: 'typecheck' },
    { label: 'lint', script: 'lint' },
    { label: 'build for the browser tests', script: 'test:e2e:build' },
  ],
  [
    { label: 'unit (Vitest)', script: 'test:unit' },
    { label: 'browser (servers, every lane)', script: 'test:e2e:lanes' },
  ],
  [{ label: 'claims', script: 'test:claims' }],
];

/** Every phase, in order (package.json names each script). */
export const PHASES: readonly Phase[] = STEPS.flat();

export interface PhaseResult {
  readonly label: string;
  /** Milliseconds, or null when an earlier step failed and this one did not run. */
  readonly ms: number | null;
  readonly code: number | null;
  /** The phases it ran beside (its time then overlaps theirs); empty when it ran alone. */
  readonly beside: readonly string[];
}

/**
 * Runs the steps in order until one fails; `run` answers a script's exit code, `alone` telling it
 * whether the phase runs by itself (so may write to the terminal as it goes).
 */
export async function runPhases(
  steps: ReadonlyArray<readonly Phase[]>,
  run: (script: string, alone: boolean) => Promise<number>,
  now: () => number = () => performance.now(),
): Promise<{ results: PhaseResult[]; code: number; wallMs: number }> {
  const results: PhaseResult[] = [];
  let code = 0;
  const began = now();
  for (const step of steps) {
    const besideOf = (label: string): string[] =>
      step.filter((other) => other.label !== label).map((other) => other.label);
    if (code !== 0) {
      for (const { label } of step) results.push({ label, ms: null, code: null, beside: besideOf(label) });
      continue;
    }
    const start = now();
    const exits = await Promise.all(
      step.map(async ({ label, script }) => {
        const exit = await run(script, step.length === 1);
        return { label, ms: now() - start, code: exit, beside: besideOf(label) };
      }),
    );
    results.push(...exits);
    code = exits.find((result) => result.code !== 0)?.code ?? 0;
  }
  return { results, code, wallMs: now() - began };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The table printed at the end of `npm test`; `wallMs` is the whole run's, since phases may overlap. */
export function timingTable(
  results: readonly PhaseResult[],
  lanes: ReadonlyMap<string, number>,
  wallMs: number,
): string {
  const rows: Array<[string, string]> = results.map(({ label, ms, code, beside }) => [
    label,
    ms === null
      ? 'not run'
      : `${seconds(ms)}${beside.length > 0 ? ` (at once with ${beside.join(', ')})` : ''}${code === 0 ? '' : ` (failed, exit ${code})`}`,
  ]);
  for (const [lane, ms] of lanes) rows.push([`  browser lane ${lane}`, seconds(ms)]);
  rows.push(['total (wall)', seconds(wallMs)]);
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    '',
    'npm test, wall time per phase:',
    ...rows.map(([label, time]) => `  ${label.padEnd(width)}  ${time}`),
  ].join('\n');
}

/** Runs `npm run <script>`: straight to the terminal when alone, else its output kept and printed whole at its end. */
function runScript(script: string, alone: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: ROOT, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
    });
    child.once('close', (code) => {
      if (!alone) process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

function readReport(file: string): PlaywrightTimingReport | null {
  const path = join(ROOT, 'reports', file);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as PlaywrightTimingReport;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const { results, code, wallMs } = await runPhases(STEPS, runScript);
  // Only this run's reports: one left from an earlier run is older than this run's start.
  const lanes = new Map<string, number>();
  const browser = results.find((result) => result.label.startsWith('browser'));
  if (browser?.ms != null)
    for (const file of ['playwright.json', 'playwright-cross-site.json']) {
      const report = readReport(file);
      if (report) for (const [lane, ms] of laneSpans(report, started)) lanes.set(lane, ms);
    }
  console.log(timingTable(results, lanes, wallMs));
  process.exitCode = code;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

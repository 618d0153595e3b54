import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './app-sites.ts';
import { laneSpans, type PlaywrightTimingReport } from './lane-spans.ts';

// `npm test`: the phases it always ran, each failure failing the run with the first failing
// phase's exit code (as the `&&` chain it replaces did). First the browser tests' build, alone, so
// it is done before any test starts: the unit tests that serve the apps (tools/serve-all.test.ts)
// serve that build and build nothing, so nothing rewrites a dist/ while a server serves it. Then
// everything else at once: the three static checks (format, types, lint: they read the tree and
// write nothing), the unit tests and the browser tests. None writes what another reads (the
// browser lanes serve the built apps from data/e2e-<port>/ on their own ports; the unit tests write
// in temporary folders, serve on ports they claim, tools/port-claims.ts, and start their own
// PostgreSQL), and the tests spend much of their time waiting (on a browser, a server, a child
// process) rather than on a core: measured with the checks first, the suite used about one core's
// worth of CPU of the two, so the checks now run in the tests' waits instead of before them. A
// check that fails still answers at once: it stops the tests beside it (their process groups are
// ended) and the run fails with its exit code. A phase that runs beside others has its output
// printed whole when it ends, never interleaved. At its end it prints each phase's wall time, and
// each browser lane's (first test start to last test end, from the Playwright reports), so a slow
// run says where its time went. The claims are checked last: they read both test phases' reports.

export interface Phase {
  readonly label: string;
  /** The npm script the phase runs. */
  readonly script: string;
  /** A quick check whose failure settles the run: the phases beside it are stopped rather than waited for. */
  readonly settlesOnFailure?: boolean;
}

/** What `npm test` runs, step by step: the phases of one step run at once, the steps in order. */
export const STEPS: ReadonlyArray<readonly Phase[]> = [
  [{ label: 'build for the browser tests', script: 'test:e2e:build' }],
  [
    { label: 'format check', script: 'format:check', settlesOnFailure: true },
    { label: 'typecheck', script: 'typecheck', settlesOnFailure: true },
    { label: 'lint', script: 'lint', settlesOnFailure: true },
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
  /** The check whose failure stopped it before it ended, if one did. */
  readonly stoppedBy?: string;
}

/**
 * Runs the steps in order until one fails; `run` answers a script's exit code, `alone` telling it
 * whether the phase runs by itself (so may write to the terminal as it goes), and `stop` asking it
 * to end the phase early (a check beside it failed).
 */
export async function runPhases(
  steps: ReadonlyArray<readonly Phase[]>,
  run: (script: string, alone: boolean, stop: AbortSignal) => Promise<number>,
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
    const stop = new AbortController();
    let settledBy: string | null = null;
    const exits = await Promise.all(
      step.map(async ({ label, script, settlesOnFailure }): Promise<PhaseResult> => {
        const exit = await run(script, step.length === 1, stop.signal);
        const ended: PhaseResult = { label, ms: now() - start, code: exit, beside: besideOf(label) };
        if (exit === 0) return ended;
        if (settledBy === null && settlesOnFailure === true) {
          settledBy = label;
          stop.abort();
          return ended;
        }
        return settledBy === null ? ended : { ...ended, stoppedBy: settledBy };
      }),
    );
    results.push(...exits);
    // The first failure in the step's order; a phase a failed check stopped did not fail of itself.
    code =
      exits.find((result) => result.code !== 0 && result.stoppedBy === undefined)?.code ??
      exits.find((result) => result.code !== 0)?.code ??
      0;
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
  const rows: Array<[string, string]> = results.map(({ label, ms, code, beside, stoppedBy }) => [
    label,
    ms === null
      ? 'not run'
      : `${seconds(ms)}${beside.length > 0 ? ` (at once with ${beside.join(', ')})` : ''}${
          stoppedBy !== undefined ? ` (stopped: ${stoppedBy} failed)` : code === 0 ? '' : ` (failed, exit ${code})`
        }`,
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

/**
 * Runs `npm run <script>`: straight to the terminal when alone, else its output kept and printed
 * whole at its end. In a process group of its own, so that stopping it ends everything it started
 * (a test runner's servers and browsers too), not only npm.
 */
function runScript(script: string, alone: boolean, stop: AbortSignal): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      cwd: ROOT,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
    });
    // SIGINT, as Ctrl-C would be: Playwright then ends its servers and browsers, Vitest its workers,
    // and the test PostgreSQL cluster (in the group too) shuts down fast.
    const end = (): void => {
      if (child.pid === undefined || child.exitCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // The group has ended already.
      }
    };
    stop.addEventListener('abort', end, { once: true });
    // Ctrl-C reaches only this process now that each phase has a group of its own: pass it on.
    process.once('SIGINT', end);
    process.once('SIGTERM', end);
    child.once('close', (code, signal) => {
      stop.removeEventListener('abort', end);
      process.off('SIGINT', end);
      process.off('SIGTERM', end);
      if (!alone && !stop.aborted) process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal === null ? 1 : 130));
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

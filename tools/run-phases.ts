import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './app-sites.ts';
import { laneSpans, type PlaywrightTimingReport } from './lane-spans.ts';

// `npm test`: the phases it always ran, in the same order and each stopping the run when it fails
// (as the `&&` chain it replaces did), the exit code the failing phase's. At its end it prints each
// phase's wall time, and each browser lane's (first test start to last test end, from the
// Playwright reports), so a slow run says where its time went.

export interface Phase {
  readonly label: string;
  /** The npm script the phase runs. */
  readonly script: string;
}

/** What `npm test` runs, in order (package.json names each script). */
export const PHASES: readonly Phase[] = [
  { label: 'format check', script: 'format:check' },
  { label: 'typecheck', script: 'typecheck' },
  { label: 'lint', script: 'lint' },
  { label: 'unit (Vitest)', script: 'test:unit' },
  { label: 'browser (build, servers, every lane)', script: 'test:e2e' },
  { label: 'claims', script: 'test:claims' },
];

export interface PhaseResult {
  readonly label: string;
  /** Milliseconds, or null when an earlier phase failed and this one did not run. */
  readonly ms: number | null;
  readonly code: number | null;
}

/** Runs the phases in order until one fails; `run` answers a script's exit code. */
export function runPhases(
  phases: readonly Phase[],
  run: (script: string) => number,
  now: () => number = () => performance.now(),
): { results: PhaseResult[]; code: number } {
  const results: PhaseResult[] = [];
  let code = 0;
  for (const phase of phases) {
    if (code !== 0) {
      results.push({ label: phase.label, ms: null, code: null });
      continue;
    }
    const start = now();
    const exit = run(phase.script);
    results.push({ label: phase.label, ms: now() - start, code: exit });
    code = exit;
  }
  return { results, code };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The table printed at the end of `npm test`. */
export function timingTable(results: readonly PhaseResult[], lanes: ReadonlyMap<string, number>): string {
  const rows: Array<[string, string]> = results.map(({ label, ms, code }) => [
    label,
    ms === null ? 'not run' : `${seconds(ms)}${code === 0 ? '' : ` (failed, exit ${code})`}`,
  ]);
  for (const [lane, ms] of lanes) rows.push([`  browser lane ${lane}`, seconds(ms)]);
  const total = results.reduce((sum, { ms }) => sum + (ms ?? 0), 0);
  rows.push(['total', seconds(total)]);
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    '',
    'npm test, wall time per phase:',
    ...rows.map(([label, time]) => `  ${label.padEnd(width)}  ${time}`),
  ].join('\n');
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

function main(): void {
  const started = Date.now();
  const { results, code } = runPhases(PHASES, (script) => {
    const run = spawnSync('npm', ['run', script], { cwd: ROOT, stdio: 'inherit' });
    return run.status ?? 1;
  });
  // Only this run's reports: one left from an earlier run is older than this run's start.
  const lanes = new Map<string, number>();
  const browser = results.find((result) => result.label.startsWith('browser'));
  if (browser?.ms != null)
    for (const file of ['playwright.json', 'playwright-cross-site.json']) {
      const report = readReport(file);
      if (report) for (const [lane, ms] of laneSpans(report, started)) lanes.set(lane, ms);
    }
  console.log(timingTable(results, lanes));
  process.exitCode = code;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();

import { existsSync, readFileSync } from 'node:fs';

// What the test runners said, read from the JSON reports `npm test` asks them to write. A claim's
// evidence is a test that ran and passed in this run, so the reports are the only source: a test
// that exists in a file but did not run (skipped, filtered, never reached) is not evidence.

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface TestRun {
  /** The test file, relative to the repository root. */
  readonly file: string;
  /** Describe blocks and title joined with " > ". */
  readonly title: string;
  /** The Playwright project (native, polyfill), or "unit". */
  readonly lane: string;
  readonly outcome: Outcome;
}

interface VitestReport {
  readonly testResults: ReadonlyArray<{
    readonly name: string;
    readonly assertionResults: ReadonlyArray<{
      readonly ancestorTitles: readonly string[];
      readonly title: string;
      readonly status: string;
    }>;
  }>;
}

interface PlaywrightSuite {
  readonly title: string;
  readonly file?: string;
  readonly specs?: ReadonlyArray<{
    readonly title: string;
    readonly file: string;
    readonly tests: ReadonlyArray<{ readonly projectName: string; readonly status: string }>;
  }>;
  readonly suites?: readonly PlaywrightSuite[];
}

function relative(root: string, file: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

function unitOutcome(status: string): Outcome {
  return status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'skipped';
}

export function vitestRuns(report: VitestReport, root: string): TestRun[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      file: relative(root, file.name),
      title: [...test.ancestorTitles, test.title].join(' > '),
      lane: 'unit',
      outcome: unitOutcome(test.status),
    })),
  );
}

// Playwright's status: expected = passed as expected, unexpected = failed, flaky = passed on a
// retry (this project runs none), skipped.
function e2eOutcome(status: string): Outcome {
  return status === 'expected' ? 'passed' : status === 'skipped' ? 'skipped' : 'failed';
}

export function playwrightRuns(report: { readonly suites: readonly PlaywrightSuite[] }, testDir: string): TestRun[] {
  const runs: TestRun[] = [];
  const walk = (suite: PlaywrightSuite, titles: readonly string[]): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests)
        runs.push({
          file: `${testDir}/${spec.file}`,
          title: [...titles, spec.title].join(' > '),
          lane: test.projectName,
          outcome: e2eOutcome(test.status),
        });
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are files; their title is the file name, not a describe block.
  for (const file of report.suites) walk(file, []);
  return runs;
}

export function readRuns(
  root: string,
  paths: { readonly vitest: string; readonly playwright: string; readonly testDir: string },
): { runs: TestRun[]; missing: string[] } {
  const missing = [paths.vitest, paths.playwright].filter((path) => !existsSync(path));
  const runs = [
    ...(existsSync(paths.vitest)
      ? vitestRuns(JSON.parse(readFileSync(paths.vitest, 'utf8')) as VitestReport, root)
      : []),
    ...(existsSync(paths.playwright)
      ? playwrightRuns(
          JSON.parse(readFileSync(paths.playwright, 'utf8')) as { suites: PlaywrightSuite[] },
          paths.testDir,
        )
      : []),
  ];
  return { runs, missing };
}

// How long each browser lane took in one Playwright run, read from its JSON report: from the first
// test's start to the last test's end in that project. The native and polyfill lanes share one
// run (and its servers), so the run's own wall time cannot say which lane took what.

interface TimedResult {
  readonly startTime: string;
  readonly duration: number;
}

interface TimedSuite {
  readonly specs?: ReadonlyArray<{
    readonly tests: ReadonlyArray<{ readonly projectName: string; readonly results: readonly TimedResult[] }>;
  }>;
  readonly suites?: readonly TimedSuite[];
}

export interface PlaywrightTimingReport {
  readonly suites: readonly TimedSuite[];
}

/** Each project's span in milliseconds; results that started before `since` (another run's) are left out. */
export function laneSpans(report: PlaywrightTimingReport, since = 0): Map<string, number> {
  const bounds = new Map<string, { first: number; last: number }>();
  const walk = (suite: TimedSuite): void => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) {
          const start = Date.parse(result.startTime);
          if (!Number.isFinite(start) || start < since) continue;
          const end = start + result.duration;
          const seen = bounds.get(test.projectName);
          bounds.set(test.projectName, {
            first: Math.min(seen?.first ?? start, start),
            last: Math.max(seen?.last ?? end, end),
          });
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return new Map([...bounds].map(([lane, { first, last }]) => [lane, last - first]));
}

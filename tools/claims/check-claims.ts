import type { Claim, Evidence, Register } from './register.ts';
import type { TestRun } from './test-reports.ts';

// An enforced claim stands only on evidence this run produced: each named test ran and passed in
// every lane it names, and each named probe check is recorded as pass in its committed report and
// the probe test, which measures this browser against that report, passed in this run in that lane.

/** The test that runs the probe and fails when the browser no longer measures what is committed. */
export const PROBE_TEST = {
  file: 'tests/e2e/probe.spec.ts',
  title: 'the probe produces a valid report that matches the committed evidence for this lane',
} as const;

export interface ProbeReports {
  /** lane → check id → outcome (pass | fail | unsupported | incomplete), from evidence/probe/<lane>.json. */
  readonly [lane: string]: Readonly<Record<string, string>> | undefined;
}

export interface ClaimProblem {
  readonly claim: string;
  readonly problem: string;
}

function evidenceProblem(evidence: Evidence, runs: readonly TestRun[], probes: ProbeReports): string | null {
  if (evidence.kind === 'probe') {
    const outcome = probes[evidence.lane]?.[evidence.check];
    if (outcome === undefined)
      return `probe check ${evidence.check} has no committed outcome for the ${evidence.lane} lane`;
    if (outcome !== 'pass')
      return `probe check ${evidence.check} is recorded as ${outcome} in the ${evidence.lane} lane, not pass`;
    return testProblem({ kind: 'test', ...PROBE_TEST, lanes: [evidence.lane] }, runs);
  }
  return testProblem(evidence, runs);
}

function testProblem(evidence: Extract<Evidence, { kind: 'test' }>, runs: readonly TestRun[]): string | null {
  for (const lane of evidence.lanes) {
    const matching = runs.filter(
      (run) =>
        run.file === evidence.file &&
        run.lane === lane &&
        (run.title === evidence.title || run.title.endsWith(` > ${evidence.title}`)),
    );
    if (matching.length === 0) return `test "${evidence.title}" (${evidence.file}, ${lane}) did not run`;
    const bad = matching.find((run) => run.outcome !== 'passed');
    if (bad) return `test "${evidence.title}" (${evidence.file}, ${lane}) ${bad.outcome}`;
  }
  return null;
}

function claimProblems(claim: Claim, runs: readonly TestRun[], probes: ProbeReports): ClaimProblem[] {
  if (claim.label === 'declared') {
    const empty = (['position', 'mitigation', 'limit'] as const).filter((field) => claim[field].trim() === '');
    return empty.map((field) => ({ claim: claim.id, problem: `a declared claim states its ${field}` }));
  }
  if (claim.evidence.length === 0) return [{ claim: claim.id, problem: 'an enforced claim names its evidence' }];
  return claim.evidence.flatMap((evidence) => {
    const problem = evidenceProblem(evidence, runs, probes);
    return problem ? [{ claim: claim.id, problem }] : [];
  });
}

export function checkClaims(register: Register, runs: readonly TestRun[], probes: ProbeReports): ClaimProblem[] {
  const ids = new Set<string>();
  const problems: ClaimProblem[] = [];
  for (const claim of register.claims) {
    if (ids.has(claim.id)) problems.push({ claim: claim.id, problem: 'claim ids are unique' });
    ids.add(claim.id);
    problems.push(...claimProblems(claim, runs, probes));
  }
  return problems;
}

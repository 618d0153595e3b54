import { describe, expect, it } from 'vitest';
import { checkClaims, PROBE_TEST } from './check-claims.ts';
import type { Register } from './register.ts';
import { scanText } from './scan-overclaims.ts';
import { playwrightRuns, vitestRuns, type TestRun } from './test-reports.ts';

// The gate must fail for each way an enforced claim can lose its evidence.

const register: Register = {
  banned: [{ pattern: '\\bunhackable\\b', why: 'no software is' }],
  claims: [
    {
      id: 'C1',
      claim: 'A stale capability is refused.',
      label: 'enforced',
      evidence: [
        {
          kind: 'test',
          file: 'tests/e2e/board.spec.ts',
          title: 'a stale capability is refused',
          lanes: ['native', 'polyfill'],
        },
      ],
    },
    {
      id: 'C2',
      claim: 'Unregistration is effective.',
      label: 'enforced',
      evidence: [{ kind: 'probe', lane: 'native', check: 'tool_unregistration_effective' }],
    },
    {
      id: 'C3',
      claim: 'Frame tools are not observable.',
      label: 'declared',
      position: 'We cannot see what an agent observes.',
      mitigation: 'Frames exist only while leased.',
      limit: 'A mounted frame is observable.',
    },
  ],
};

const probeRun: TestRun = { file: PROBE_TEST.file, title: PROBE_TEST.title, lane: 'native', outcome: 'passed' };
const passing: TestRun[] = [
  {
    file: 'tests/e2e/board.spec.ts',
    title: 'board > a stale capability is refused',
    lane: 'native',
    outcome: 'passed',
  },
  {
    file: 'tests/e2e/board.spec.ts',
    title: 'board > a stale capability is refused',
    lane: 'polyfill',
    outcome: 'passed',
  },
  probeRun,
];
const probes = { native: { tool_unregistration_effective: 'pass' } };

describe('the claims gate', () => {
  it('passes when every enforced claim has evidence that ran and passed', () => {
    expect(checkClaims(register, passing, probes)).toEqual([]);
  });

  it('fails when a named test did not run in one of its lanes, or failed, or was skipped', () => {
    expect(checkClaims(register, [passing[0] as TestRun, probeRun], probes)).toEqual([
      { claim: 'C1', problem: expect.stringContaining('polyfill) did not run') },
    ]);
    expect(
      checkClaims(
        register,
        [passing[0] as TestRun, { ...(passing[1] as TestRun), outcome: 'failed' }, probeRun],
        probes,
      )[0]?.problem,
    ).toContain('failed');
    expect(
      checkClaims(
        register,
        [passing[0] as TestRun, { ...(passing[1] as TestRun), outcome: 'skipped' }, probeRun],
        probes,
      )[0]?.problem,
    ).toContain('skipped');
  });

  it('fails when a probe check is missing or not recorded as pass', () => {
    expect(checkClaims(register, passing, {})[0]).toMatchObject({
      claim: 'C2',
      problem: expect.stringContaining('no committed outcome'),
    });
    expect(
      checkClaims(register, passing, { native: { tool_unregistration_effective: 'incomplete' } })[0]?.problem,
    ).toContain('incomplete');
  });

  it('fails a probe check when the probe test, which measures the browser against the committed report, did not pass in this run in that lane', () => {
    const withoutProbe = passing.filter((run) => run !== probeRun);
    expect(checkClaims(register, withoutProbe, probes)).toEqual([
      { claim: 'C2', problem: expect.stringContaining('did not run') },
    ]);
    expect(checkClaims(register, [...withoutProbe, { ...probeRun, lane: 'polyfill' }], probes)[0]?.problem).toContain(
      'native) did not run',
    );
    expect(checkClaims(register, [...withoutProbe, { ...probeRun, outcome: 'failed' }], probes)[0]?.problem).toContain(
      'failed',
    );
  });

  it('fails a declared claim without its limit, an enforced claim without evidence, and a repeated id', () => {
    const broken: Register = {
      banned: [],
      claims: [
        { id: 'D1', claim: 'x', label: 'declared', position: 'p', mitigation: 'm', limit: ' ' },
        { id: 'E1', claim: 'y', label: 'enforced', evidence: [] },
        { id: 'E1', claim: 'z', label: 'declared', position: 'p', mitigation: 'm', limit: 'l' },
      ],
    };
    expect(checkClaims(broken, [], {}).map((p) => p.claim)).toEqual(['D1', 'E1', 'E1']);
  });

  it('reads both runners’ JSON reports into one list of runs', () => {
    const unit = vitestRuns(
      {
        testResults: [
          {
            name: '/repo/packages/x/a.test.ts',
            assertionResults: [{ ancestorTitles: ['kernel'], title: 'holds', status: 'passed' }],
          },
        ],
      },
      '/repo',
    );
    expect(unit).toEqual([{ file: 'packages/x/a.test.ts', title: 'kernel > holds', lane: 'unit', outcome: 'passed' }]);
    const e2e = playwrightRuns(
      {
        suites: [
          {
            title: 'board.spec.ts',
            specs: [
              {
                title: 'works',
                file: 'board.spec.ts',
                tests: [
                  { projectName: 'native', status: 'expected' },
                  { projectName: 'polyfill', status: 'unexpected' },
                ],
              },
            ],
          },
        ],
      },
      'tests/e2e',
    );
    expect(e2e.map((run) => `${run.file}|${run.title}|${run.lane}|${run.outcome}`)).toEqual([
      'tests/e2e/board.spec.ts|works|native|passed',
      'tests/e2e/board.spec.ts|works|polyfill|failed',
    ]);
  });

  it('finds banned phrasing with its file and line', () => {
    expect(scanText('README.md', 'fine\nWarrant is UNHACKABLE today', register.banned)).toEqual([
      { file: 'README.md', line: 2, phrase: 'UNHACKABLE', why: 'no software is' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { laneSpans } from './lane-spans.ts';
import { PHASES, runPhases, STEPS, timingTable } from './run-phases.ts';

// `npm test` runs every phase the `&&` chain did, fails with the first failing phase's exit code
// (a failing static check stopping the tests beside it), and prints each phase's wall time and each
// browser lane's at its end.

describe('npm test phases', () => {
  it("runs the chain's scripts, the browser tests' build split from their lanes", () => {
    expect(PHASES.map((phase) => phase.script)).toEqual([
      'test:e2e:build',
      'format:check',
      'typecheck',
      'lint',
      'test:unit',
      'test:e2e:lanes',
      'test:claims',
    ]);
  });

  it('builds first, alone; then the static checks, the unit and the browser tests at once; then the claims alone', () => {
    expect(STEPS.map((step) => step.map((phase) => phase.script))).toEqual([
      ['test:e2e:build'],
      ['format:check', 'typecheck', 'lint', 'test:unit', 'test:e2e:lanes'],
      ['test:claims'],
    ]);
  });

  it('a failing check stops the tests beside it at once and the run answers its exit code; the rest are "not run"', async () => {
    const ran: Array<[string, boolean]> = [];
    const stopped: string[] = [];
    let clock = 0;
    const { results, code, wallMs } = await runPhases(
      STEPS,
      async (script, alone, stop) => {
        ran.push([script, alone]);
        if (script === 'lint') {
          clock += 1000;
          return 2;
        }
        if (script === 'test:unit' || script === 'test:e2e:lanes')
          // A test phase runs until it is stopped, then ends as a stopped process does.
          return new Promise<number>((resolve) =>
            stop.addEventListener('abort', () => {
              stopped.push(script);
              resolve(130);
            }),
          );
        return 0;
      },
      () => clock,
    );
    expect(ran).toEqual([
      ['test:e2e:build', true],
      ['format:check', false],
      ['typecheck', false],
      ['lint', false],
      ['test:unit', false],
      ['test:e2e:lanes', false],
    ]);
    expect(stopped).toEqual(['test:unit', 'test:e2e:lanes']);
    expect(code).toBe(2);
    expect(wallMs).toBe(1000);
    const table = timingTable(results, new Map(), wallMs);
    expect(table).toMatch(
      /lint\s+1\.0 s \(at once with format check, typecheck, unit \(Vitest\), browser .*\) \(failed, exit 2\)/,
    );
    expect(table).toMatch(/unit \(Vitest\)\s+1\.0 s \(at once with .*\) \(stopped: lint failed\)/);
    expect(table).toMatch(/claims\s+not run/);
  });

  it('a failing test phase stops nothing: the other runs to its end, and the run answers the first failure', async () => {
    const { results, code } = await runPhases(STEPS, async (script, _alone, stop) => {
      if (script === 'test:unit') return 1;
      if (script === 'test:e2e:lanes') return stop.aborted ? 130 : 0;
      return 0;
    });
    expect(code).toBe(1);
    expect(results.find((result) => result.label.startsWith('browser'))).toMatchObject({ code: 0 });
    expect(results.find((result) => result.label === 'claims')).toMatchObject({ ms: null });
  });

  it('answers 0 when every phase passes, runs a lone phase alone, and prints each lane under the browser phase', async () => {
    const alone = new Map<string, boolean>();
    const { results, code, wallMs } = await runPhases(STEPS, async (script, isAlone) => {
      alone.set(script, isAlone);
      return 0;
    });
    expect(code).toBe(0);
    expect(alone.get('test:e2e:build')).toBe(true);
    expect(alone.get('test:claims')).toBe(true);
    expect(alone.get('test:unit')).toBe(false);
    expect(alone.get('typecheck')).toBe(false);
    const table = timingTable(results, new Map([['native', 61_000]]), wallMs);
    expect(table).toMatch(/browser lane native\s+61\.0 s/);
  });
});

describe('laneSpans', () => {
  const at = (iso: string, duration: number) => ({ startTime: iso, duration });
  const report = {
    suites: [
      {
        specs: [
          {
            tests: [
              { projectName: 'native', results: [at('2026-12-06T10:00:00.000Z', 5_000)] },
              { projectName: 'polyfill', results: [at('2026-12-06T10:01:00.000Z', 2_000)] },
            ],
          },
        ],
        suites: [
          {
            specs: [{ tests: [{ projectName: 'native', results: [at('2026-12-06T10:00:30.000Z', 10_000)] }] }],
          },
        ],
      },
    ],
  };

  it('spans each project from its first test start to its last test end, nested suites included', () => {
    expect(laneSpans(report)).toEqual(
      new Map([
        ['native', 40_000],
        ['polyfill', 2_000],
      ]),
    );
  });

  it('leaves out results from before this run', () => {
    expect(laneSpans(report, Date.parse('2026-12-06T10:00:10.000Z'))).toEqual(
      new Map([
        ['native', 10_000],
        ['polyfill', 2_000],
      ]),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { laneSpans } from './lane-spans.ts';
import { PHASES, runPhases, STEPS, timingTable } from './run-phases.ts';

// `npm test` runs its phases in the order the `&&` chain did, stops at the first that fails with
// that phase's exit code, and prints each phase's wall time and each browser lane's at its end.

describe('npm test phases', () => {
  it("runs the chain's scripts, the browser tests' build split from their lanes", () => {
    expect(PHASES.map((phase) => phase.script)).toEqual([
      'format:check',
      'typecheck',
      'lint',
      'test:e2e:build',
      'test:unit',
      'test:e2e:lanes',
      'test:claims',
    ]);
  });

  it('runs the static checks and the build at once, then the unit and browser tests at once, then the claims alone', () => {
    expect(STEPS.map((step) => step.map((phase) => phase.script))).toEqual([
      ['format:check', 'typecheck', 'lint', 'test:e2e:build'],
      ['test:unit', 'test:e2e:lanes'],
      ['test:claims'],
    ]);
  });

  it('stops after the step holding the first failing phase and answers its exit code; the rest are "not run"', async () => {
    const ran: Array<[string, boolean]> = [];
    let clock = 0;
    const { results, code, wallMs } = await runPhases(
      STEPS,
      async (script, alone) => {
        ran.push([script, alone]);
        await Promise.resolve();
        clock += 1000;
        return script === 'lint' ? 2 : 0;
      },
      () => clock,
    );
    // All three checks and the build ran (side by side, none alone), and nothing after them.
    expect(ran).toEqual([
      ['format:check', false],
      ['typecheck', false],
      ['lint', false],
      ['test:e2e:build', false],
    ]);
    expect(code).toBe(2);
    expect(wallMs).toBe(4000);
    const table = timingTable(results, new Map(), wallMs);
    expect(table).toMatch(
      /lint\s+4\.0 s \(at once with format check, typecheck, build for the browser tests\) \(failed, exit 2\)/,
    );
    expect(table).toMatch(/unit \(Vitest\)\s+not run/);
    expect(table).toMatch(/total \(wall\)\s+4\.0 s/);
  });

  it('answers 0 when every phase passes, runs a lone phase alone, and prints each lane under the browser phase', async () => {
    const alone = new Map<string, boolean>();
    const { results, code, wallMs } = await runPhases(STEPS, async (script, isAlone) => {
      alone.set(script, isAlone);
      return 0;
    });
    expect(code).toBe(0);
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

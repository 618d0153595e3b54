import { describe, expect, it } from 'vitest';
import { CHECK_ORDER } from './check-order.ts';
import type { ProbeReport } from './probe-report.ts';
import { validateProbeReport } from './validate-report.ts';

const report: ProbeReport = {
  schema: 'warrant-probe-v1',
  runtime: {
    mode: 'native',
    reason: 'The browser provides WebMCP.',
    origin: 'http://localhost:5173',
    originAgentCluster: true,
    userAgent: 'Chromium',
    observationSeam: 'none',
  },
  startedAt: '2026-12-01T10:00:00.000Z',
  finishedAt: '2026-12-01T10:00:03.000Z',
  checks: CHECK_ORDER.map((id) => ({
    id,
    outcome: 'pass',
    detail: 'Measured.',
    measured: { names: ['a'], count: 1, ok: true, none: null },
  })),
};

const problemsOf = (value: unknown): readonly string[] => {
  const validity = validateProbeReport(value);
  return validity.valid ? [] : validity.problems;
};

describe('warrant-probe-v1', () => {
  it('accepts a report of the six checks in order', () => {
    expect(validateProbeReport(report)).toEqual({ valid: true });
  });

  it('refuses the checks out of order, one missing, or one added', () => {
    expect(
      problemsOf({ ...report, checks: [report.checks[1], report.checks[0], ...report.checks.slice(2)] }).join('\n'),
    ).toMatch(/checks\/0/);
    expect(problemsOf({ ...report, checks: report.checks.slice(0, 5) }).length).toBeGreaterThan(0);
    expect(problemsOf({ ...report, checks: [...report.checks, report.checks[0]] }).length).toBeGreaterThan(0);
  });

  it('refuses an unknown outcome, an empty or control-character detail, and an unknown field', () => {
    const withCheck = (change: Record<string, unknown>) => ({
      ...report,
      checks: [{ ...report.checks[0], ...change }, ...report.checks.slice(1)],
    });
    expect(problemsOf(withCheck({ outcome: 'maybe' })).length).toBeGreaterThan(0);
    expect(problemsOf(withCheck({ detail: '' })).length).toBeGreaterThan(0);
    expect(problemsOf(withCheck({ detail: 'line\nbreak' })).length).toBeGreaterThan(0);
    expect(problemsOf(withCheck({ detail: 'x'.repeat(1001) })).length).toBeGreaterThan(0);
    expect(problemsOf(withCheck({ verdict: 'pass' })).length).toBeGreaterThan(0);
    expect(problemsOf(withCheck({ measured: { nested: { deep: true } } })).length).toBeGreaterThan(0);
    expect(problemsOf({ ...report, schema: 'warrant-probe-v2' }).length).toBeGreaterThan(0);
    expect(problemsOf({ ...report, startedAt: 'yesterday' }).length).toBeGreaterThan(0);
  });
});

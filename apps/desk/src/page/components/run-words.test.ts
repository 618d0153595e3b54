// A run's outcome in a dispatcher's words, on the approval card: which of running, done, undone
// (what was undone), failed (what stopped it) it is, and never "approved and used" for a run that
// wrote nothing.
import { describe, expect, it } from 'vitest';
import type { PlanRun, StepOutcome } from '../../domain/run.ts';
import { runPill, runWords } from './run-words.ts';

const step = (index: number, partner: 'pantry' | 'shelter', status: StepOutcome['status']): StepOutcome => ({
  index,
  partner,
  tool: partner === 'pantry' ? 'reserve_boxes' : 'reserve_beds',
  status,
  receipt: status === 'done' || status === 'undone' ? `RC-${index}` : null,
  undoReceipt: status === 'undone' ? `RU-${index}` : null,
  problem: null,
});
const run = (status: PlanRun['status'], steps: StepOutcome[], stop?: { partner: 'shelter'; why: string }): PlanRun => ({
  approval: 'A-1',
  plan: 'P-1',
  request: 'R-1',
  status,
  steps,
  startedAt: '2026-12-06T20:00:00.000Z',
  endedAt: status === 'running' ? null : '2026-12-06T20:00:01.000Z',
  problem: stop ? `${stop.partner}: ${stop.why}` : null,
  stoppedAt: stop?.partner ?? null,
});

describe("a run's outcome on the card", () => {
  it('running and done say so', () => {
    expect(runPill(run('running', [step(0, 'pantry', 'running')]))).toBe('Approved, running');
    expect(runPill(run('done', [step(0, 'pantry', 'done')]))).toBe('Done');
    expect(runWords(run('done', [step(0, 'pantry', 'done'), step(1, 'shelter', 'done')]))).toBe(
      'Every step ran: 2 of 2 written at their partners.',
    );
  });

  it('a run that wrote nothing is failed at the partner that stopped it, and why, never "approved and used"', () => {
    const nothing = run('undone', [step(0, 'shelter', 'failed'), step(1, 'pantry', 'skipped')], {
      partner: 'shelter',
      why: "the shelter's server cannot be reached",
    });
    expect(runPill(nothing)).toBe('Failed at Shelter');
    expect(runWords(nothing)).toBe(
      "Failed at Shelter: the shelter's server cannot be reached. Nothing was written at any partner.",
    );
    expect(runPill(nothing)).not.toMatch(/used/i);
  });

  it('undone says what was undone', () => {
    const undone = run('undone', [step(0, 'pantry', 'undone'), step(1, 'shelter', 'failed')], {
      partner: 'shelter',
      why: 'it refused: no beds free',
    });
    expect(runPill(undone)).toBe('Undone');
    expect(runWords(undone)).toBe(
      'Stopped at Shelter: it refused: no beds free. Undone: step 1 at Food pantry (reserve_boxes). Nothing of this run stays applied.',
    );
  });

  it('failed with something still applied says what stays', () => {
    const stuck = run(
      'failed',
      [{ ...step(0, 'pantry', 'undo_failed'), receipt: 'RC-0' }, step(1, 'shelter', 'failed')],
      {
        partner: 'shelter',
        why: 'it refused',
      },
    );
    expect(runPill(stuck)).toBe('Failed at Shelter');
    expect(runWords(stuck)).toBe(
      'Failed at Shelter: it refused. Still applied (the undo did not go through): step 1 at Food pantry (reserve_boxes).',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createApprovalGate } from './approval-gate.ts';
import { COMMIT_NEXT, commitHaltResult, commitNext } from './commit-halt.ts';
import { manualBrokerClock } from './testing/manual-broker-clock.ts';
import { RELIEF_PARTNERS } from '../test-support/relief-partners.ts';

describe('the commit_plan halt', () => {
  it('says the plan awaits a person, names the approval and digest, that nothing ran, and what to do next', async () => {
    const gate = createApprovalGate({
      partners: RELIEF_PARTNERS,
      clock: manualBrokerClock(Date.UTC(2026, 11, 4, 9, 0)),
    });
    const answer = await gate.raise(
      {
        id: 'plan-3',
        request: 'R-1',
        label: 'x',
        steps: [{ partner: 'pantry', tool: 'reserve_parcels', args: { count: 1 } }],
      },
      'agent',
    );
    if (!answer.ok) throw new Error(answer.message);
    const halt = commitHaltResult(answer.approval);
    expect(COMMIT_NEXT).toBe(
      "none of this desk's verbs continues this plan; a person approves or rejects it; report that the plan is raised and waiting, and stop; calling commit_plan again raises a second approval",
    );
    expect(halt).toMatchObject({
      ok: true,
      status: 'awaiting_human_approval',
      approval_id: 'A-1',
      plan: 'plan-3',
      nothing_ran: { partner_state_changed: false, lease_created: false, step_invoked: false },
      digest: answer.approval.digest,
      next: commitNext(answer.approval),
    });
    // The spec's words, then how to learn the outcome once the agent has stopped.
    expect(halt.next).toBe(
      `${COMMIT_NEXT}; to learn the outcome later, call read_ledger with {"request":"R-1"}: its rows say whether A-1 was approved or rejected, how each step ran, and (in its plan_finished row) what a person can do if the run did not finish`,
    );
    expect(halt.text.split('\n')).toEqual([
      'status: awaiting_human_approval',
      'approval_id: A-1',
      'commit_plan raised plan-3 for human approval as A-1. Nothing ran: no partner state changed, no lease was created, and no step was invoked.',
      `plan_digest: ${answer.approval.digest}`,
      'expires_at: 2026-12-04T09:15:00.000Z',
      `next: ${halt.next}`,
    ]);
  });
});

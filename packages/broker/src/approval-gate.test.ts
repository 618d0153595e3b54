import { describe, expect, it } from 'vitest';
import { APPROVAL_TTL_MS, createApprovalGate, type Approval } from './approval-gate.ts';
import { digestPlan, type Plan } from './plan.ts';
import { manualBrokerClock } from './testing/manual-broker-clock.ts';
import { RELIEF_PARTNERS } from '../test-support/relief-partners.ts';

const plan: Plan = {
  id: 'plan-2',
  request: 'R-9',
  label: 'Bed tonight',
  steps: [{ partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 4, night: '2026-12-04' } }],
};

async function raised(gate: ReturnType<typeof createApprovalGate>, candidate: Plan = plan): Promise<Approval> {
  const answer = await gate.raise(candidate, 'agent');
  if (!answer.ok) throw new Error(answer.message);
  return answer.approval;
}

describe('the approval gate', () => {
  it('raises A-1, A-2, … pending, bound to the plan digest, keeping the canonical bytes', async () => {
    const gate = createApprovalGate({ partners: RELIEF_PARTNERS, clock: manualBrokerClock(5_000) });
    const first = await raised(gate);
    const second = await raised(gate);
    const digested = await digestPlan(plan, RELIEF_PARTNERS);
    expect(first).toMatchObject({
      id: 'A-1',
      plan: 'plan-2',
      status: 'pending',
      raisedBy: 'agent',
      raisedAt: 5_000,
      expiresAt: 5_000 + APPROVAL_TTL_MS,
    });
    expect(second.id).toBe('A-2');
    expect(digested.ok && first.digest === digested.digest && first.canonical === digested.canonical).toBe(true);
    expect(APPROVAL_TTL_MS).toBe(15 * 60 * 1000);
  });

  it("adopts a pending approval its record's keeper raised, as the keeper raised it: told to listeners, timed, and only once", async () => {
    const clock = manualBrokerClock(5_000);
    const gate = createApprovalGate({ partners: RELIEF_PARTNERS, clock });
    const digested = await digestPlan(plan, RELIEF_PARTNERS);
    if (!digested.ok) throw new Error(digested.message);
    const heard: Approval[] = [];
    gate.subscribe((approval) => heard.push(approval));
    const kept: Approval = {
      id: 'A-41',
      plan: plan.id,
      request: plan.request,
      label: plan.label,
      digest: digested.digest,
      canonical: digested.canonical,
      raisedBy: 'agent',
      raisedAt: 4_000,
      expiresAt: 4_000 + APPROVAL_TTL_MS,
      status: 'pending',
      decidedBy: null,
      decidedAt: null,
      reason: null,
    };
    expect(gate.adopt(kept)).toEqual({ ok: true, approval: kept });
    expect(heard).toEqual([kept]);
    expect(gate.adopt(kept)).toMatchObject({ ok: false, code: 'APPROVAL_NOT_NEW' });
    expect(gate.adopt({ ...kept, id: 'A-42', status: 'approved' })).toMatchObject({
      ok: false,
      code: 'APPROVAL_NOT_NEW',
    });
    // Timed from the keeper's expiry, not this gate's clock.
    clock.advance(APPROVAL_TTL_MS - 1_000);
    expect(gate.get('A-41')?.status).toBe('expired');
    // A raise here goes on after the adopted number.
    expect((await raised(gate)).id).toBe('A-42');
  });

  it('holds through a relabel', async () => {
    const gate = createApprovalGate({ partners: RELIEF_PARTNERS, clock: manualBrokerClock() });
    const approval = await raised(gate);
    expect(await gate.approve(approval.id, { ...plan, label: 'Something else entirely' }, 'human')).toMatchObject({
      ok: true,
      approval: { status: 'approved', decidedBy: 'human' },
    });
  });

  it('is void once the origin, tool, an argument or the order changes, and nothing can approve it after', async () => {
    const two: Plan = {
      ...plan,
      steps: [
        ...plan.steps,
        {
          partner: 'pantry',
          tool: 'reserve_parcels',
          args: { kind: 'family', count: 1, dietary: 'none', pickup_by: 'x' },
        },
      ],
    };
    const [bed, food] = two.steps as [Plan['steps'][0], Plan['steps'][0]];
    const changes: Plan[] = [
      { ...two, steps: [{ ...bed, partner: 'rides' }, food] },
      { ...two, steps: [{ ...bed, tool: 'release_beds' }, food] },
      { ...two, steps: [{ ...bed, args: { ...bed.args, count: 5 } }, food] },
      { ...two, steps: [food, bed] },
    ];
    for (const changed of changes) {
      const gate = createApprovalGate({ partners: RELIEF_PARTNERS, clock: manualBrokerClock() });
      const approval = await raised(gate, two);
      const answer = await gate.approve(approval.id, changed, 'human');
      expect(answer).toMatchObject({
        ok: false,
        isError: true,
        code: 'APPROVAL_VOID',
        details: { expected: approval.digest },
      });
      expect(gate.get(approval.id)?.status).toBe('void');
      expect(await gate.approve(approval.id, two, 'human')).toMatchObject({ ok: false, code: 'APPROVAL_VOID' });
    }
  });

  it('is voided by revalidation as soon as the plan changes, before anyone decides', async () => {
    const gate = createApprovalGate({ partners: RELIEF_PARTNERS, clock: manualBrokerClock() });
    const approval = await raised(gate);
    expect(await gate.revalidate(approval.id, { ...plan, label: 'relabelled' })).toMatchObject({
      ok: true,
      approval: { status: 'pending' },
    });
    expect(await gate.revalidate(approval.id, { ...plan, request: 'R-10' })).toMatchObject({
      ok: false,
      code: 'APPROVAL_VOID',
    });
    expect(gate.stateOf(approval.id)).toBe('void');
  });

  it('is used once: a second approval of the same id, even at the same time, is refused', async () => {
    const gate = createApprovalGate({ partners: RELIEF_PARTNERS, clock: manualBrokerClock() });
    const approval = await raised(gate);
    const [first, second] = await Promise.all([
      gate.approve(approval.id, plan, 'human'),
      gate.approve(approval.id, plan, 'human'),
    ]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect([first, second].find((answer) => !answer.ok)).toMatchObject({ code: 'APPROVAL_USED' });
    expect(gate.stateOf(approval.id)).toBe('approved');
    expect(gate.finish(approval.id)).toMatchObject({ ok: true, approval: { status: 'used' } });
    expect(await gate.approve(approval.id, plan, 'human')).toMatchObject({ ok: false, code: 'APPROVAL_USED' });
    expect(gate.finish(approval.id)).toMatchObject({ ok: false, code: 'APPROVAL_NOT_RUNNING' });
  });

  it('expires undecided after 15 minutes, by its timer and at a decision', async () => {
    const clock = manualBrokerClock();
    const gate = createApprovalGate({ partners: RELIEF_PARTNERS, clock });
    const approval = await raised(gate);
    clock.advance(APPROVAL_TTL_MS - 1);
    expect(gate.stateOf(approval.id)).toBe('pending');
    clock.advance(1);
    expect(gate.get(approval.id)).toMatchObject({ status: 'expired', decidedBy: 'system' });
    expect(await gate.approve(approval.id, plan, 'human')).toMatchObject({ ok: false, code: 'APPROVAL_EXPIRED' });

    let now = 0;
    const late = createApprovalGate({
      partners: RELIEF_PARTNERS,
      clock: { now: () => now, setTimer: () => 0, clearTimer: () => {} },
    });
    const unfired = await raised(late);
    now = APPROVAL_TTL_MS;
    expect(await late.approve(unfired.id, plan, 'human')).toMatchObject({ ok: false, code: 'APPROVAL_EXPIRED' });
  });

  it('is decided by a person only', async () => {
    const gate = createApprovalGate({ partners: RELIEF_PARTNERS, clock: manualBrokerClock() });
    const approval = await raised(gate);
    for (const actor of ['agent', 'runner', 'system'] as const) {
      expect(await gate.approve(approval.id, plan, actor)).toMatchObject({ ok: false, code: 'APPROVAL_NOT_HUMAN' });
      expect(gate.reject(approval.id, actor)).toMatchObject({ ok: false, code: 'APPROVAL_NOT_HUMAN' });
    }
    expect(gate.stateOf(approval.id)).toBe('pending');
  });

  it('records a rejection and ends the approval', async () => {
    const gate = createApprovalGate({ partners: RELIEF_PARTNERS, clock: manualBrokerClock() });
    const approval = await raised(gate);
    expect(gate.reject(approval.id, 'human', 'the family found a place')).toMatchObject({
      ok: true,
      approval: { status: 'rejected', reason: 'the family found a place' },
    });
    expect(await gate.approve(approval.id, plan, 'human')).toMatchObject({ ok: false, code: 'APPROVAL_REJECTED' });
  });

  it('answers the policy table’s question: none without an id, void for an id no one raised', () => {
    const gate = createApprovalGate({ partners: RELIEF_PARTNERS, clock: manualBrokerClock() });
    expect(gate.stateOf(undefined)).toBe('none');
    expect(gate.stateOf('A-404')).toBe('void');
  });

  it('comes back after a reload: numbering goes on, a pending approval keeps its expiry, a run cut off is used', async () => {
    const clock = manualBrokerClock();
    const before = createApprovalGate({ partners: RELIEF_PARTNERS, clock });
    const waiting = await raised(before);
    const running = await raised(before);
    await before.approve(running.id, plan, 'human');
    clock.advance(60_000);
    const after = createApprovalGate({ partners: RELIEF_PARTNERS, clock, restore: before.list() });
    expect(after.stateOf(waiting.id)).toBe('pending');
    expect(after.get(running.id)).toMatchObject({ status: 'used', reason: 'the page went away during its run' });
    expect((await raised(after)).id).toBe('A-3');
    clock.advance(APPROVAL_TTL_MS - 60_000);
    expect(after.stateOf(waiting.id)).toBe('expired');
  });

  it('keeps a cut-off run approved when the page takes the run up again, until that run finishes', async () => {
    const clock = manualBrokerClock();
    const before = createApprovalGate({ partners: RELIEF_PARTNERS, clock });
    const running = await raised(before);
    await before.approve(running.id, plan, 'human');
    const after = createApprovalGate({
      partners: RELIEF_PARTNERS,
      clock,
      restore: before.list(),
      takenUp: [running.id],
    });
    expect(after.stateOf(running.id)).toBe('approved');
    expect(after.finish(running.id)).toMatchObject({ ok: true, approval: { status: 'used' } });
  });
});

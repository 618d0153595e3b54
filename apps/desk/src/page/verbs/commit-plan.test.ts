import { afterEach, describe, expect, it } from 'vitest';
import { FOOD_AND_BEDS, leasedFamily, openTestDesk, type TestDesk } from '../../testing/test-desk.ts';

let test: TestDesk;
afterEach(async () => test?.close());

async function drafted(): Promise<string> {
  const request = await leasedFamily(test);
  await test.agent('draft_plan', { request, label: 'Food and beds', steps: FOOD_AND_BEDS });
  return request;
}

describe('commit_plan halts', () => {
  it('raises A-1 and answers the halt: awaiting a person, nothing ran, the digest, and the next sentence', async () => {
    test = await openTestDesk();
    await drafted();
    const leasesBefore = test.desk.state.value.leases.length;
    const halt = await test.agent('commit_plan', { plan: 'P-1' });
    const plan = test.desk.state.value.plans[0];
    expect(halt).toMatchObject({
      ok: true,
      status: 'awaiting_human_approval',
      approval_id: 'A-1',
      plan: 'P-1',
      nothing_ran: { partner_state_changed: false, lease_created: false, step_invoked: false },
      digest: plan?.digest,
    });
    expect(halt['next']).toBe(
      `none of this desk's verbs continues this plan; a person approves or rejects it; report that the plan is raised and waiting, and stop; calling commit_plan again raises a second approval; to learn the outcome later, call read_ledger with {"request":"R-1"}: its rows say whether A-1 was approved or rejected, how each step ran, and (in its plan_finished row) what a person can do if the run did not finish`,
    );
    expect(String(halt['text'])).toContain(
      'Nothing ran: no partner state changed, no lease was created, and no step was invoked.',
    );
    // And it is true: no partner wrote anything, no lease was opened, no partner tool was invoked after the reads.
    expect(test.partners.pantry.commits).toEqual([]);
    expect(test.partners.shelter.commits).toEqual([]);
    expect(test.desk.state.value.leases.length).toBe(leasesBefore);
    const rows = test.desk.rows.value;
    const raised = rows.filter((row) => row.event === 'approval_raised');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      actor: 'agent',
      channel: 'webmcp',
      approval: 'A-1',
      plan: 'P-1',
      digest: plan?.digest,
      policy: 'needs_approval',
      status: 'halted',
    });
    expect(rows.at(-1)).toMatchObject({ event: 'verb_called', verb: 'commit_plan', status: 'halted', approval: 'A-1' });
    expect(rows.some((row) => row.event === 'tool_invoked' && row.seq > (raised[0]?.seq ?? 0))).toBe(false);
  });

  it('calling it again raises a second approval for the same plan', async () => {
    test = await openTestDesk();
    await drafted();
    await test.agent('commit_plan', { plan: 'P-1' });
    const second = await test.agent('commit_plan', { plan: 'P-1' });
    expect(second).toMatchObject({ ok: true, status: 'awaiting_human_approval', approval_id: 'A-2' });
    expect(test.desk.state.value.approvals.map((approval) => [approval.id, approval.status])).toEqual([
      ['A-1', 'pending'],
      ['A-2', 'pending'],
    ]);
  });
});

describe('the approval is bound to the plan digest', () => {
  it('a relabelled plan keeps its approval', async () => {
    test = await openTestDesk();
    const request = await drafted();
    await test.agent('commit_plan', { plan: 'P-1' });
    const relabelled = await test.agent('draft_plan', {
      request,
      plan: 'P-1',
      label: 'Tonight: parcel and room',
      steps: FOOD_AND_BEDS,
    });
    expect(relabelled).toMatchObject({ ok: true, approvals_kept: ['A-1'], approvals_void: [] });
    expect(test.desk.gate.get('A-1')?.status).toBe('pending');
    expect(await test.acts.approve('A-1')).toMatchObject({ ok: true, run: { status: 'done' } });
  });

  const changes: Record<string, typeof FOOD_AND_BEDS> = {
    'an argument': [
      FOOD_AND_BEDS[0],
      { ...FOOD_AND_BEDS[1], args: { ...FOOD_AND_BEDS[1]?.args, count: 2 } },
    ] as typeof FOOD_AND_BEDS,
    'the order': [FOOD_AND_BEDS[1], FOOD_AND_BEDS[0]] as typeof FOOD_AND_BEDS,
    'an origin and a tool': [FOOD_AND_BEDS[0], FOOD_AND_BEDS[0]] as typeof FOOD_AND_BEDS,
  };
  for (const [what, steps] of Object.entries(changes)) {
    it(`changing ${what} after commit voids the approval, and approving it then runs nothing`, async () => {
      test = await openTestDesk();
      const request = await drafted();
      await test.agent('commit_plan', { plan: 'P-1' });
      const revised = await test.agent('draft_plan', { request, plan: 'P-1', label: 'Food and beds', steps });
      expect(revised).toMatchObject({ ok: true, approvals_kept: [], approvals_void: ['A-1'] });
      expect(test.desk.gate.get('A-1')?.status).toBe('void');
      expect(test.desk.rows.value.some((row) => row.event === 'approval_void' && row.approval === 'A-1')).toBe(true);
      expect(await test.acts.approve('A-1')).toMatchObject({ ok: false, code: 'APPROVAL_VOID' });
      expect([...test.partners.pantry.commits, ...test.partners.shelter.commits]).toEqual([]);
    });
  }
});

describe('an approval is used once and expires', () => {
  it('approving twice runs the plan once', async () => {
    test = await openTestDesk();
    await drafted();
    await test.agent('commit_plan', { plan: 'P-1' });
    expect(await test.acts.approve('A-1')).toMatchObject({ ok: true, run: { status: 'done' } });
    await test.idle();
    const again = await test.acts.approve('A-1');
    expect(again).toMatchObject({ ok: false });
    expect(test.partners.pantry.commits.map((commit) => commit.tool)).toEqual(['reserve_parcels']);
    expect(test.partners.shelter.commits.map((commit) => commit.tool)).toEqual(['hold_beds']);
  });

  it('a second approval of a plan that already ran cannot run it again', async () => {
    test = await openTestDesk();
    await drafted();
    await test.agent('commit_plan', { plan: 'P-1' });
    await test.agent('commit_plan', { plan: 'P-1' });
    await test.acts.approve('A-1');
    await test.idle();
    expect(await test.acts.approve('A-2')).toMatchObject({ ok: false, code: 'PLAN_ALREADY_RAN' });
    expect(test.partners.shelter.commits).toHaveLength(1);
  });

  it('an approval no one decides in 15 minutes expires, and is recorded so', async () => {
    test = await openTestDesk();
    await drafted();
    await test.agent('commit_plan', { plan: 'P-1' });
    test.clock.advance(15 * 60 * 1000);
    await test.idle();
    expect(test.desk.gate.get('A-1')?.status).toBe('expired');
    expect(await test.acts.approve('A-1')).toMatchObject({ ok: false, code: 'APPROVAL_EXPIRED' });
    expect(test.desk.rows.value.filter((row) => row.event === 'approval_expired')).toHaveLength(1);
    expect(test.partners.pantry.commits).toEqual([]);
  });

  it('reject records and ends it', async () => {
    test = await openTestDesk();
    await drafted();
    await test.agent('commit_plan', { plan: 'P-1' });
    expect(await test.acts.reject('A-1')).toMatchObject({ ok: true, approval: { status: 'rejected' } });
    await test.idle();
    expect(test.desk.rows.value.filter((row) => row.event === 'approval_rejected')[0]).toMatchObject({
      actor: 'human',
      channel: 'ui',
      approval: 'A-1',
    });
    expect(await test.acts.approve('A-1')).toMatchObject({ ok: false, code: 'APPROVAL_REJECTED' });
  });
});

import { verifyLedger } from '@warrant/ledger';
import { afterEach, describe, expect, it } from 'vitest';
import { FOOD_AND_BEDS, leasedFamily, openTestDesk, type TestDesk } from '../../testing/test-desk.ts';

let test: TestDesk;
afterEach(async () => test?.close());

async function committed(): Promise<void> {
  const request = await leasedFamily(test);
  await test.agent('draft_plan', { request, label: 'Food and beds', steps: FOOD_AND_BEDS });
  await test.agent('commit_plan', { plan: 'P-1' });
}

describe('the approved run', () => {
  it('opens execute_plan leases, runs each step once with a key from the approval and its index, records each hop with its receipt, closes the leases', async () => {
    test = await openTestDesk();
    await committed();
    const answer = await test.acts.approve('A-1');
    await test.idle();
    expect(answer).toMatchObject({ ok: true, run: { status: 'done' } });
    const [reserve] = test.partners.pantry.commits;
    const [hold] = test.partners.shelter.commits;
    expect(reserve?.args).toMatchObject({
      request: 'R-1',
      idempotency_key: expect.stringMatching(/^A-1\.[\w-]{16}:step-0$/),
    });
    expect(hold?.args).toMatchObject({
      request: 'R-1',
      idempotency_key: expect.stringMatching(/^A-1\.[\w-]{16}:step-1$/),
      kind: 'family_room',
    });
    const execute = test.desk.state.value.leases.filter((lease) => lease.purpose === 'execute_plan');
    expect(execute.map((lease) => [lease.partner, lease.state, lease.approval])).toEqual([
      ['pantry', 'closed', 'A-1'],
      ['shelter', 'closed', 'A-1'],
    ]);
    const rows = test.desk.rows.value;
    const results = rows.filter((row) => row.event === 'tool_result' && row.approval === 'A-1');
    expect(results.map((row) => row.detail)).toEqual([
      expect.stringContaining(`receipt=${reserve?.receipt.id} receipt_digest=${reserve?.receipt.digest}`),
      expect.stringContaining(`receipt=${hold?.receipt.id} receipt_digest=${hold?.receipt.digest}`),
    ]);
    expect(
      results.every(
        (row) =>
          row.actor === 'system' &&
          row.channel === 'ui' &&
          row.policy === 'allow' &&
          row.digest === test.desk.gate.get('A-1')?.digest,
      ),
    ).toBe(true);
    for (const event of [
      'lease_opened',
      'frame_mounted',
      'tools_discovered',
      'tool_invoked',
      'tool_result',
      'approval_raised',
      'approval_granted',
      'frame_unmounted',
      'lease_closed',
      'plan_started',
      'plan_finished',
    ]) {
      expect(
        rows.some((row) => row.event === event),
        event,
      ).toBe(true);
    }
    expect(test.desk.gate.get('A-1')?.status).toBe('used');
    expect(verifyLedger(rows)).toMatchObject({ ok: true, rows: rows.length });
  });

  it('a step whose answer never comes ends when its execute lease runs out; the desk asks the partner by key, counts the write it committed as done with its receipt, and every receipt has its row', async () => {
    // The shelter commits its hold and its answer is lost on the way back: the call times out with the lease.
    test = await openTestDesk({ partner: { shelter: { afterCommit: () => new Promise<void>(() => {}) } } });
    await committed();
    const approving = test.acts.approve('A-1');
    for (let tries = 0; tries < 200 && test.partners.shelter.commits.length === 0; tries += 1) await test.idle();
    expect(test.partners.shelter.commits).toHaveLength(1);
    test.clock.advance(121_000);
    const answer = await approving;
    await test.idle();
    expect(answer).toMatchObject({ ok: true, run: { status: 'done' } });
    const rows = test.desk.rows.value;
    const lease = test.desk.state.value.leases.find(
      (entry) => entry.partner === 'shelter' && entry.purpose === 'execute_plan',
    );
    expect(lease?.state).toBe('expired');
    const [hold] = test.partners.shelter.commits;
    expect(
      rows.some(
        (row) =>
          row.event === 'tool_result' &&
          /reconciled=by_key/.test(row.detail) &&
          row.detail.includes(`receipt=${hold?.receipt.id}`),
      ),
    ).toBe(true);
    expect(rows.some((row) => row.event === 'step_compensated')).toBe(false);
    // Two-sided: the receipts the partners hold are exactly those the ledger claims.
    const claimed = new Set(rows.flatMap((row) => [...(/receipt=(\S+)/.exec(row.detail)?.slice(1) ?? [])]));
    const held = [...test.partners.pantry.commits, ...test.partners.shelter.commits].map((commit) => commit.receipt.id);
    expect([...claimed].sort()).toEqual([...held].sort());
    expect(verifyLedger(rows)).toMatchObject({ ok: true, rows: rows.length });
  });

  it('a failing step undoes the steps already done, newest first, each undo a recorded hop, and the partner is back where it was', async () => {
    test = await openTestDesk({ partner: { shelter: { refuse: ['hold_beds'] } } });
    await committed();
    const answer = await test.acts.approve('A-1');
    await test.idle();
    expect(answer).toMatchObject({ ok: true, run: { status: 'undone' } });
    const run = test.desk.state.value.runs[0];
    expect(run?.steps.map((step) => step.status)).toEqual(['undone', 'failed']);
    // The pantry reserved, then released that same reservation: nothing is left held there.
    const [reserve, release] = test.partners.pantry.commits;
    expect(test.partners.pantry.commits.map((commit) => commit.tool)).toEqual(['reserve_parcels', 'release_parcels']);
    expect(release?.args['reservation']).toBe(reserve?.result['reservation']);
    expect(release?.args['idempotency_key']).toBe(`${String(reserve?.args['idempotency_key'])}:undo`);
    expect(test.partners.shelter.commits).toEqual([]);
    const rows = test.desk.rows.value;
    const compensated = rows.filter((row) => row.event === 'step_compensated');
    expect(compensated).toHaveLength(1);
    expect(compensated[0]?.detail).toContain(`receipt=${release?.receipt.id}`);
    expect(
      rows.some(
        (row) =>
          row.event === 'tool_result' &&
          row.detail.includes('tool=release_parcels') &&
          row.detail.includes(`receipt=${release?.receipt.id}`),
      ),
    ).toBe(true);
    expect(rows.filter((row) => row.event === 'plan_finished')[0]).toMatchObject({
      status: 'error',
      detail: expect.stringContaining('outcome=undone'),
    });
    expect(
      test.desk.state.value.leases
        .filter((lease) => lease.purpose === 'execute_plan')
        .every((lease) => lease.state === 'closed'),
    ).toBe(true);
  });
});

describe('policy at the desk', () => {
  it('an agent cannot open an execute_plan lease: refused by policy, recorded, no frame', async () => {
    test = await openTestDesk();
    await test.agent('intake_request', { people: 1, needs: ['bed'], place: 'Station', deadline: '2026-12-01' });
    const refused = await test.agent('open_lease', {
      partner: 'shelter',
      purpose: 'execute_plan',
      ttl: 60,
      request: 'R-1',
    });
    expect(refused).toMatchObject({ ok: false, code: 'POLICY_DENIED' });
    expect(test.frames()).toBe(0);
    expect(test.desk.state.value.leases).toEqual([]);
    const rows = test.desk.rows.value;
    expect(rows.find((row) => row.event === 'policy_denied')).toMatchObject({
      actor: 'agent',
      channel: 'webmcp',
      to: 'shelter',
      policy: 'deny',
      status: 'refused',
    });
    expect(rows.at(-1)).toMatchObject({ event: 'verb_called', verb: 'open_lease', policy: 'deny', status: 'refused' });
  });

  it('the scenario runner is held to the same rule, and recorded as itself', async () => {
    test = await openTestDesk();
    const runner = { caller: 'runner', channel: 'scenario' } as const;
    await test.as(runner, 'intake_request', { people: 1, needs: ['bed'], place: 'Station', deadline: '2026-12-01' });
    expect(
      await test.as(runner, 'open_lease', { partner: 'shelter', purpose: 'execute_plan', ttl: 60, request: 'R-1' }),
    ).toMatchObject({ ok: false, code: 'POLICY_DENIED' });
    const rows = test.desk.rows.value;
    expect(rows.find((row) => row.event === 'policy_denied')).toMatchObject({ actor: 'runner', channel: 'scenario' });
    expect(rows.filter((row) => row.event === 'verb_called').map((row) => [row.actor, row.channel, row.verb])).toEqual([
      ['runner', 'scenario', 'intake_request'],
      ['runner', 'scenario', 'open_lease'],
    ]);
  });

  it("an agent cannot close the run's execute_plan lease", async () => {
    test = await openTestDesk({ partner: { shelter: { beforeCommit: () => new Promise(() => {}) } } });
    await committed();
    void test.acts.approve('A-1');
    // The run holds at the shelter's write, with its execute_plan lease on the shelter open.
    const shelterLease = () =>
      test.desk.state.value.leases.find((lease) => lease.purpose === 'execute_plan' && lease.partner === 'shelter');
    for (let tries = 0; tries < 100 && shelterLease()?.state !== 'active'; tries += 1) await test.idle();
    const execute = shelterLease();
    expect(execute?.state).toBe('active');
    expect(await test.agent('close_lease', { lease: execute?.id })).toMatchObject({ ok: false, code: 'POLICY_DENIED' });
    expect(test.desk.leases.get(execute?.id ?? '')?.state).toBe('active');
  });
});

// Every verdict on the ledger is the policy table's: for each hop, the act it was, asked of the
// table as it stood, gives the verdict the row records. The desk is driven through a plan's whole
// life (read, draft, a revision voiding an approval, one approval running out, one rejected, one
// approved and run) and the ledger read back.
import { evaluatePolicy, type PolicyPurpose, type PolicyQuery } from '@warrant/broker';
import type { LedgerRow } from '@warrant/ledger';
import { afterEach, describe, expect, it } from 'vitest';
import { PARTNER_DIRECTORY } from '../partners.ts';
import { FOOD_AND_BEDS, leasedFamily, openTestDesk, type TestDesk } from '../testing/test-desk.ts';

let test: TestDesk | null = null;
afterEach(async () => {
  await test?.close();
  test = null;
});

const APPROVAL_EVENTS: Readonly<Record<string, Pick<PolicyQuery, 'act' | 'approval'>>> = {
  approval_raised: { act: 'commit_plan', approval: 'none' },
  approval_signed: { act: 'approve', approval: 'pending' },
  approval_granted: { act: 'approve', approval: 'pending' },
  approval_rejected: { act: 'reject', approval: 'pending' },
  approval_void: { act: 'approval_lapse', approval: 'pending' },
  approval_expired: { act: 'approval_lapse', approval: 'pending' },
};

const LIFECYCLE = new Set(['frame_mounted', 'tools_discovered', 'frame_unmounted', 'lease_expired', 'lease_failed']);
const VERBS_ASKED = new Set(['intake_request', 'draft_plan', 'commit_plan', 'read_ledger']);

/** The question the table answers for a row, as the row's own fields state the act; null for a row no act of the table's is. */
function questionFor(row: LedgerRow, leases: TestDesk['desk']['leases']): PolicyQuery | null {
  const lease = row.lease ? leases.get(row.lease) : undefined;
  const purpose: PolicyPurpose = lease?.purpose ?? 'none';
  // A hop of an approved plan's run happens while its approval is held.
  const approval = lease?.purpose === 'execute_plan' ? 'approved' : 'none';
  const asked = APPROVAL_EVENTS[row.event];
  if (asked) return { actor: row.actor, purpose: 'none', ...asked };
  if (row.event === 'plan_started' || row.event === 'plan_finished')
    return { actor: row.actor, act: 'run_plan', purpose: 'none', approval: 'approved' };
  if (row.event === 'step_compensated') return { actor: row.actor, act: 'partner_write', purpose, approval };
  if (row.event === 'tool_invoked' || row.event === 'tool_result') {
    const tool = /tool=(\S+)/.exec(row.detail)?.[1] ?? '';
    return { actor: row.actor, act: PARTNER_DIRECTORY.actOf(lease?.partner ?? 'pantry', tool), purpose, approval };
  }
  if (row.event === 'lease_opened')
    return {
      actor: row.actor,
      act: purpose === 'execute_plan' ? 'open_execute_lease' : 'open_read_lease',
      purpose,
      approval,
    };
  if (row.event === 'lease_closed') return { actor: row.actor, act: 'close_lease', purpose, approval };
  if (LIFECYCLE.has(row.event)) return { actor: row.actor, act: 'lifecycle', purpose, approval };
  if (row.event === 'verb_called' && VERBS_ASKED.has(row.verb) && row.status !== 'refused')
    return { actor: row.actor, act: row.verb as PolicyQuery['act'], purpose: 'none', approval: 'none' };
  return null;
}

describe("every hop's verdict", () => {
  it("is the policy table's answer for the act the hop was, through a plan's whole life", async () => {
    const desk = await openTestDesk();
    test = desk;
    const request = await leasedFamily(desk);
    await desk.agent('find_capacity', { request });
    await desk.agent('draft_plan', { request, label: 'Food and beds', steps: FOOD_AND_BEDS });
    await desk.agent('commit_plan', { plan: 'P-1' });
    // A revision of substance voids A-1; A-2 is left to run out.
    await desk.agent('draft_plan', { request, plan: 'P-1', label: 'Food and beds', steps: FOOD_AND_BEDS.slice(1) });
    await desk.agent('commit_plan', { plan: 'P-1' });
    desk.clock.advance(16 * 60 * 1000);
    await desk.idle();
    await desk.agent('commit_plan', { plan: 'P-1' });
    await desk.agent('commit_plan', { plan: 'P-1' });
    expect(await desk.acts.reject('A-4', 'one is enough')).toMatchObject({ ok: true });
    expect(await desk.acts.approve('A-3')).toMatchObject({ ok: true, run: { status: 'done' } });
    await desk.agent('read_ledger', {});
    await desk.idle();

    const rows = desk.desk.rows.value;
    const asked = rows.flatMap((row) => {
      const question = questionFor(row, desk.desk.leases);
      return question
        ? [
            {
              seq: row.seq,
              event: row.event,
              verb: row.verb,
              recorded: row.policy,
              table: evaluatePolicy(question).verdict,
            },
          ]
        : [];
    });
    expect(asked.filter((row) => row.recorded !== row.table)).toEqual([]);
    // The rows checked cover each kind of act the desk records a verdict for.
    const events = new Set(asked.map((row) => row.event));
    for (const event of [
      'approval_raised',
      'approval_signed',
      'approval_granted',
      'approval_rejected',
      'approval_void',
      'approval_expired',
      'plan_started',
      'plan_finished',
      'tool_invoked',
      'tool_result',
      'lease_opened',
      'lease_closed',
      'lease_expired',
      'verb_called',
    ]) {
      expect(events, event).toContain(event);
    }
    expect(asked.some((row) => row.verb === 'read_ledger')).toBe(true);
  });

  it("asks the table's reject row when a person rejects: an approval already decided is refused and stays as it was", async () => {
    const desk = await openTestDesk();
    test = desk;
    const request = await leasedFamily(desk);
    await desk.agent('draft_plan', { request, label: 'Food and beds', steps: FOOD_AND_BEDS });
    await desk.agent('commit_plan', { plan: 'P-1' });
    expect(await desk.acts.reject('A-1', 'not now')).toMatchObject({ ok: true });
    expect(await desk.acts.reject('A-1', 'again')).toMatchObject({ ok: false, code: 'APPROVAL_REJECTED' });
    await desk.idle();
    const decided = desk.desk.rows.value.filter((row) => row.approval === 'A-1' && row.event === 'approval_rejected');
    expect(decided.map((row) => [row.actor, row.channel, row.policy])).toEqual([['human', 'ui', 'allow']]);
  });
});

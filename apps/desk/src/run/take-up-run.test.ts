import { IDBFactory } from 'fake-indexeddb';
import { refusal } from '@warrant/surface';
import { verifyLedger, type LedgerRow } from '@warrant/ledger';
import { afterEach, describe, expect, it } from 'vitest';
import { FOOD_AND_BEDS, leasedFamily, openTestDesk, type TestDesk } from '../testing/test-desk.ts';
import type { ObtainRunAuthorizations } from './take-up-run.ts';

// A run cut off mid-way: the pantry wrote its step, the shelter's write never reached the shelter,
// and the page driving the run went away. The next page takes it up with the step authorizations
// the desk's server hands out again (here given by the test: the memory partners check none; the
// server's side is server/run-authorizations.test.ts, the whole in the browser, run-resume.spec).

const open: TestDesk[] = [];
afterEach(async () => {
  for (const test of open.splice(0)) await test.close();
});

const TOKENS = { step: 'unchecked-by-memory-partners', undo: 'unchecked-by-memory-partners' };
const resumable: ObtainRunAuthorizations = async () => ({
  ok: true,
  may_resume: true,
  expires_at: '2026-12-01T17:15:00.000Z',
  authorizations: [TOKENS, TOKENS],
});

/** The first page: approves Food and beds and goes away while the shelter's write is held. Answers the page that opens next. */
async function cutOffRun(): Promise<{ first: TestDesk; second: TestDesk; rowsBefore: number }> {
  const indexedDB = new IDBFactory();
  let reached = false;
  // The shelter's first write never comes back: it is where the page went away.
  let held = true;
  const first = await openTestDesk({
    indexedDB,
    partner: {
      shelter: { beforeCommit: () => (held ? ((reached = true), new Promise<void>(() => {})) : Promise.resolve()) },
    },
  });
  const request = await leasedFamily(first);
  await first.agent('draft_plan', { request, label: 'Food and beds', steps: FOOD_AND_BEDS });
  await first.agent('commit_plan', { plan: 'P-1' });
  void first.acts.approve('A-1');
  for (let tries = 0; tries < 200 && !reached; tries += 1) await first.idle();
  expect(reached).toBe(true);
  expect(first.partners.pantry.commits.map((commit) => commit.tool)).toEqual(['reserve_parcels']);
  await first.close();
  held = false;
  const second = await openTestDesk({ indexedDB, clock: first.clock, partners: first.partners });
  open.push(second);
  await second.idle();
  // From here on, what taking the run up adds (the rows before it include the leases' failure).
  return { first, second, rowsBefore: second.desk.rows.value.length };
}

const since = (test: TestDesk, from: number): LedgerRow[] => test.desk.rows.value.slice(from);

describe('a run cut off when its page went away', () => {
  it('is left under way for the next page, its approval still approved, its leases failed', async () => {
    const { second } = await cutOffRun();
    expect(second.desk.cutOff).toEqual(new Set(['A-1']));
    expect(second.desk.state.value.runs.map((run) => [run.approval, run.status])).toEqual([['A-1', 'running']]);
    expect(second.desk.gate.stateOf('A-1')).toBe('approved');
    expect(second.desk.state.value.leases.every((lease) => lease.state !== 'active' && lease.state !== 'pending')).toBe(
      true,
    );
  });

  it('is resumed while its approval holds: the step the partner holds counts as done with its receipt, the rest is written once, and the ledger says so', async () => {
    const { first, second, rowsBefore } = await cutOffRun();
    await second.takeUp(resumable);
    const [reserve] = first.partners.pantry.commits;
    expect(first.partners.pantry.commits).toHaveLength(1);
    expect(first.partners.shelter.commits.map((commit) => commit.tool)).toEqual(['hold_beds']);
    const [hold] = first.partners.shelter.commits;
    const run = second.desk.state.value.runs[0];
    expect(run).toMatchObject({ status: 'done', takenUp: { mode: 'resume' } });
    expect(run?.steps.map((step) => [step.status, step.receipt])).toEqual([
      ['done', reserve?.receipt.id],
      ['done', hold?.receipt.id],
    ]);
    const rows = since(second, rowsBefore);
    const started = rows.find((row) => row.event === 'plan_started');
    expect(started?.detail).toMatch(
      /resumed="The run was cut off before it ended .*only what the partner does not hold is written"/,
    );
    const asked = rows.filter((row) => row.event === 'tool_result' && row.detail.includes('reconciled=by_key'));
    expect(asked.map((row) => [row.from, row.status, /written=(\w+)/.exec(row.detail)?.[1]])).toEqual([
      ['pantry', 'ok', 'yes'],
      ['shelter', 'aborted', 'no'],
    ]);
    expect(asked[0]?.detail).toContain(`receipt=${reserve?.receipt.id}`);
    expect(rows.filter((row) => row.event === 'tool_invoked').map((row) => row.detail)).toEqual(['tool=hold_beds']);
    expect(rows.at(-1)).toMatchObject({
      event: 'plan_finished',
      status: 'ok',
      detail: expect.stringContaining('outcome=done done=2 of=2 taken_up=resume'),
    });
    expect(second.desk.gate.stateOf('A-1')).toBe('used');
    expect(verifyLedger(second.desk.rows.value)).toMatchObject({ ok: true });
  });

  it('is undone once its approval has expired: nothing more is written, what the partners hold is undone, and the ledger says why', async () => {
    const { first, second, rowsBefore } = await cutOffRun();
    await second.takeUp(async () => ({
      ok: true,
      may_resume: false,
      expires_at: '2026-12-01T17:15:00.000Z',
      authorizations: [TOKENS, TOKENS],
    }));
    expect(first.partners.pantry.commits.map((commit) => commit.tool)).toEqual(['reserve_parcels', 'release_parcels']);
    expect(first.partners.shelter.commits).toEqual([]);
    const run = second.desk.state.value.runs[0];
    expect(run).toMatchObject({ status: 'undone', takenUp: { mode: 'compensate' } });
    expect(run?.steps.map((step) => step.status)).toEqual(['undone', 'skipped']);
    const rows = since(second, rowsBefore);
    expect(rows.find((row) => row.event === 'plan_started')?.detail).toMatch(
      /undoing=".*its approval expired at 2026-12-01T17:15:00.000Z, so no more of it may be written/,
    );
    expect(rows.filter((row) => row.event === 'step_compensated')).toHaveLength(1);
    expect(rows.at(-1)).toMatchObject({
      event: 'plan_finished',
      status: 'error',
      detail: expect.stringContaining('outcome=undone'),
    });
    expect(rows.at(-1)?.detail).toContain('taken_up=compensate');
  });

  it('waits, writing nothing, while no dispatcher is signed in at the page, and is resumed once one is', async () => {
    const { first, second, rowsBefore } = await cutOffRun();
    await second.takeUp(async () =>
      refusal(
        'NOT_SIGNED_IN',
        'Only a dispatcher on this desk, signed in with their passkey, can take up an approved run.',
      ),
    );
    expect(second.desk.state.value.runs[0]).toMatchObject({
      status: 'running',
      takenUp: { mode: 'waiting', why: expect.stringContaining('once a dispatcher signs in at this page') },
    });
    expect(first.partners.shelter.commits).toEqual([]);
    expect(since(second, rowsBefore).some((row) => row.event === 'plan_started' || row.event === 'plan_finished')).toBe(
      false,
    );
    await second.takeUp(resumable);
    expect(second.desk.state.value.runs[0]).toMatchObject({ status: 'done', takenUp: { mode: 'resume' } });
    expect(first.partners.shelter.commits).toHaveLength(1);
  });

  it('is recorded as cut short, with what stays applied, when its authorizations cannot be had', async () => {
    const { first, second, rowsBefore } = await cutOffRun();
    await second.takeUp(async () =>
      refusal('AUTHORIZATIONS_NOT_KEPT', 'The desk did not keep the step authorizations of A-1.'),
    );
    const run = second.desk.state.value.runs[0];
    expect(run).toMatchObject({
      status: 'failed',
      problem: expect.stringContaining('could not be taken up: The desk did not keep'),
    });
    expect(run?.steps.map((step) => step.status)).toEqual(['done', 'skipped']);
    const rows = since(second, rowsBefore);
    expect(rows.map((row) => row.event)).toEqual(['plan_finished']);
    expect(rows[0]).toMatchObject({
      status: 'error',
      approval: 'A-1',
      detail: expect.stringContaining('outcome=failed taken_up=no'),
    });
    expect(rows[0]?.detail).toContain('stays applied');
    expect(second.desk.gate.stateOf('A-1')).toBe('used');
    expect(first.partners.pantry.commits).toHaveLength(1);
    expect(first.partners.shelter.commits).toEqual([]);
  });

  it('takes the end the ledger already records when the desk server says the run ended, adding no row', async () => {
    const { second, rowsBefore } = await cutOffRun();
    await second.takeUp(async () =>
      refusal('RUN_ENDED', 'The run of A-1 already ended (ledger row 40: done).', { seq: 40, outcome: 'done' }),
    );
    expect(second.desk.state.value.runs[0]).toMatchObject({ status: 'done', problem: null });
    expect(since(second, rowsBefore)).toEqual([]);
    expect(second.desk.gate.stateOf('A-1')).toBe('used');
  });
});

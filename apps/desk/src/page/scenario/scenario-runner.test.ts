import { afterEach, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../testing/test-desk.ts';
import { SCENARIO_RUNNER } from '../who.ts';
import { RELIEF_SCENARIO } from './relief-scenario.ts';
import { localDate } from './resolve-input.ts';
import { createScenarioRunner, type ScenarioRunner } from './scenario-runner.ts';

let test: TestDesk;
afterEach(async () => test?.close());

function runnerOn(desk: TestDesk): ScenarioRunner {
  return createScenarioRunner({
    scenario: RELIEF_SCENARIO,
    state: desk.desk.state,
    call: (verb, input, signal) => desk.surface.call(verb, input, { ...SCENARIO_RUNNER, signal }),
  });
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !check(); tries += 1) await test.idle();
  expect(check()).toBe(true);
}

describe('the relief scenario runner', () => {
  it('drives only the verbs, halts at the approval it raised and waits for a person; then the steps run and its leases close', async () => {
    test = await openTestDesk();
    const runner = runnerOn(test);
    const done = runner.start();
    await until(() => runner.view.value.status === 'awaiting_approval');
    expect(runner.view.value.approval).toBe('A-1');
    // Halted: nothing has been written at any partner, and the runner waits however long it takes.
    expect(test.partners.pantry.commits).toEqual([]);
    expect(test.partners.shelter.commits).toEqual([]);
    await test.idle();
    expect(runner.view.value.status).toBe('awaiting_approval');
    expect(await test.acts.approve('A-1')).toMatchObject({ ok: true, run: { status: 'done' } });
    const view = await done;
    expect(view.status).toBe('done');
    expect(view.entries.map((entry) => [entry.verb, entry.ok])).toEqual(
      RELIEF_SCENARIO.steps.map((step) => [step.verb, true]),
    );
    expect(test.partners.shelter.commits.map((commit) => commit.tool)).toEqual(['hold_beds']);
    expect(test.desk.state.value.leases.every((lease) => lease.state === 'closed')).toBe(true);
    const calls = test.desk.rows.value.filter((row) => row.event === 'verb_called');
    expect(calls.map((row) => `${row.actor}/${row.channel}/${row.verb}`)).toEqual(
      RELIEF_SCENARIO.steps.map((step) => `runner/scenario/${step.verb}`),
    );
    expect(test.desk.rows.value.filter((row) => row.event === 'approval_granted')[0]).toMatchObject({
      actor: 'human',
      channel: 'ui',
    });
  });

  it('waits for the approved run to end before it closes its own leases', async () => {
    test = await openTestDesk({
      partner: { shelter: { beforeCommit: () => new Promise((resolve) => setTimeout(resolve, 30)) } },
    });
    const runner = runnerOn(test);
    const done = runner.start();
    await until(() => runner.view.value.status === 'awaiting_approval');
    const approved = test.acts.approve('A-1');
    expect((await done).status).toBe('done');
    expect(await approved).toMatchObject({ ok: true, run: { status: 'done' } });
    const rows = test.desk.rows.value;
    const finished = rows.find((row) => row.event === 'plan_finished')?.seq ?? Infinity;
    const closedByRunner = rows
      .filter((row) => row.event === 'lease_closed' && row.actor === 'runner')
      .map((row) => row.seq);
    expect(closedByRunner).toHaveLength(2);
    expect(closedByRunner.every((seq) => seq > finished)).toBe(true);
  });

  it('a rejection ends the plan; the runner still closes its leases', async () => {
    test = await openTestDesk();
    const runner = runnerOn(test);
    const done = runner.start();
    await until(() => runner.view.value.status === 'awaiting_approval');
    await test.acts.reject('A-1');
    expect((await done).status).toBe('done');
    expect([...test.partners.pantry.commits, ...test.partners.shelter.commits]).toEqual([]);
    expect(test.desk.state.value.leases.every((lease) => lease.state === 'closed')).toBe(true);
  });
});

describe('scenario dates', () => {
  it('are local calendar dates, moved past the weekdays a site is closed', () => {
    const saturday = new Date(2026, 11, 5, 18, 30);
    expect(localDate({ $date: 0 }, saturday)).toBe('2026-12-05');
    expect(localDate({ $date: 0, at: '21:00' }, saturday)).toBe('2026-12-05T21:00');
    expect(localDate({ $date: 1, skipWeekdays: [0] }, saturday)).toBe('2026-12-07');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { openTestDesk, type TestDesk } from '../../testing/test-desk.ts';
import { SCENARIO_RUNNER } from '../who.ts';
import { RELIEF_SCENARIO } from './relief-scenario.ts';
import { localDate } from './resolve-input.ts';
import { createScenarioRunner, type ScenarioRunner } from './scenario-runner.ts';
import type { Scenario } from './scenario-step.ts';

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

describe('steps called together', () => {
  // A scenario of its own: two reads side by side, then one that names what the first returned.
  const scenario: Scenario = {
    name: 'together',
    title: 'Two leases at once',
    steps: [
      { id: 'a', verb: 'open_lease', says: 'Open A.', after: 'start', input: { partner: 'pantry' } },
      { id: 'b', verb: 'open_lease', says: 'Open B.', after: 'start', together: true, input: { partner: 'shelter' } },
      { id: 'c', verb: 'find_capacity', says: 'Read.', after: 'start', input: { lease: { $ref: 'a.lease' } } },
    ],
  };

  it('are called at once, the next step only once both have answered, and listed in the declared order', async () => {
    test = await openTestDesk();
    const happened: string[] = [];
    const runner = createScenarioRunner({
      scenario,
      state: test.desk.state,
      call: async (verb, input) => {
        const name = `${verb}:${JSON.stringify(input)}`;
        happened.push(`start ${name}`);
        // The shelter's answer comes first: the entries still follow the declaration.
        for (let turn = 0; turn < (input['partner'] === 'pantry' ? 3 : 1); turn += 1) await Promise.resolve();
        happened.push(`end ${name}`);
        return { ok: true, lease: `L-${String(input['partner'])}` };
      },
    });
    const view = await runner.start();
    expect(view.status).toBe('done');
    expect(happened).toEqual([
      'start open_lease:{"partner":"pantry"}',
      'start open_lease:{"partner":"shelter"}',
      'end open_lease:{"partner":"shelter"}',
      'end open_lease:{"partner":"pantry"}',
      'start find_capacity:{"lease":"L-pantry"}',
      'end find_capacity:{"lease":"L-pantry"}',
    ]);
    expect(view.entries.map((entry) => entry.step)).toEqual(['a', 'b', 'c']);
  });

  it('a refusal of either stops the run before the next step', async () => {
    test = await openTestDesk();
    const called: string[] = [];
    const runner = createScenarioRunner({
      scenario,
      state: test.desk.state,
      call: async (verb, input) => {
        called.push(verb);
        return input['partner'] === 'shelter'
          ? { ok: false, isError: true, code: 'LEASE_NOT_ACTIVE', message: 'The shelter is away.', details: {} }
          : { ok: true, lease: 'L-1' };
      },
    });
    const view = await runner.start();
    expect(view.status).toBe('stopped');
    expect(view.problem).toBe('open_lease was refused: The shelter is away.');
    expect(called).toEqual(['open_lease', 'open_lease']);
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

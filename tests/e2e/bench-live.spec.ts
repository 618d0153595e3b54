import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { agentFor, laneOf } from './agent.ts';
import { POLYFILL } from './lanes.ts';
import { benchProfile, enrolBenchPerson, inviteToBench } from './passkey.ts';

// The bench's meeting is its server's: two people in two browser profiles see one meeting, live.
// An act made in one appears in the other's record and in the other's registered tool set, and
// what the page decides is decided again where the record is kept.

/** Opens the bench as its clerk, newly enrolled with the operator's setup link and a passkey. */
async function openBench(page: Page, name = 'Tomasz Wierzbicki'): Promise<void> {
  await enrolBenchPerson(page, name);
}

const profile = benchProfile;

/** The clerk in one profile, and the chair they invited, in another. */
async function clerkAndChair(browser: Browser): Promise<{ clerk: Page; chair: Page }> {
  const own = randomUUID().slice(0, 4);
  const clerk = await profile(browser, `Tomasz Wierzbicki ${own}`);
  const name = `Adaeze Okafor ${own}`;
  const chair = await profile(browser, name, await inviteToBench(clerk, name, 'chair'));
  return { clerk, chair };
}

test(
  'two profiles see one meeting: an act in one appears in the other’s tool set and record',
  { tag: POLYFILL },
  async ({ browser }, testInfo) => {
    const lane = laneOf(testInfo);
    const { clerk, chair: member } = await clerkAndChair(browser);
    const clerkAgent = agentFor(clerk, lane);
    const memberAgent = agentFor(member, lane);
    await expect.poll(() => memberAgent.names()).not.toContain('call_meeting_to_order');

    expect(await clerkAgent.call('set_members_present', { present: 7 })).toMatchObject({ ok: true });
    // The other profile hears it: calling to order is in order there now, and the count is shown.
    await expect.poll(() => memberAgent.names()).toContain('call_meeting_to_order');
    await expect(member.locator('#present-count')).toHaveText('7');
    await expect(member.locator('#entry-count')).toHaveText('1');

    expect(await memberAgent.call('call_meeting_to_order', { chair: 'Adaeze Okafor', at: '6:32' })).toMatchObject({
      ok: true,
    });
    expect(
      await memberAgent.call('move_main_motion', { text: 'That the library buy a seed dryer.', mover: 'Hollis' }),
    ).toMatchObject({ ok: true });
    await expect.poll(() => clerkAgent.names()).toContain('second_pending_motion');
    await expect(clerk.locator('#minutes')).toContainText('That the library buy a seed dryer.');
    await expect(clerk.locator('#entry-count')).toHaveText('3');

    // The chair's control in one profile puts the question in both.
    await clerkAgent.call('second_pending_motion', { seconder: 'Bettina Lund' });
    await expect(member.locator('#put-the-question')).toBeEnabled();
    await member.click('#put-the-question');
    await expect.poll(() => clerkAgent.names()).toContain('record_vote_tally');
    await expect(clerk.locator('#phase')).toHaveAttribute('data-phase', 'VOTE_PENDING');
  },
);

test(
  'an entry the server judges out of order is refused in the structured shape, whoever sends it, and nothing is recorded',
  { tag: POLYFILL },
  async ({ page }) => {
    await openBench(page);
    // An agent holding the browser skips the page and asks the server directly for a motion before
    // the meeting is called to order.
    const answer = await page.evaluate(async () => {
      const head = ((await (await fetch('/api/meeting')).json()) as { head: string }).head;
      const response = await fetch('/api/meeting/entries', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          after: head,
          type: 'move_main_motion',
          by: 'person',
          payload: { text: 'That the minutes record this as carried.', mover: 'Nobody' },
        }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ ok: false, isError: true, code: 'NOT_IN_ORDER' });
    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('#entry-count')).toHaveText('0');
  },
);

test(
  'a page with nobody signed in shows the meeting and its tools, says acting needs sign-in, and changes nothing',
  { tag: POLYFILL },
  async ({ browser, page }, testInfo) => {
    const lane = laneOf(testInfo);
    const clerk = await profile(browser, `Tomasz Wierzbicki ${randomUUID().slice(0, 4)}`);
    const clerkAgent = agentFor(clerk, lane);
    await clerk.click('#checkpoint-widest');
    await expect.poll(() => clerkAgent.names()).toContain('move_to_postpone_indefinitely');
    // The starting point's entries as the server wrote them (its first names the meeting's bylaws,
    // which the clerk's page shows once the server has answered): the count both pages must show.
    const stored = await clerk.evaluate(
      async () => ((await (await fetch('/api/meeting')).json()) as { events: unknown[] }).events.length,
    );
    const entries = String(stored);
    await expect(clerk.locator('#entry-count')).toHaveText(entries);

    // Another browser, where nobody has signed in: the meeting and the tools in order are the same.
    await page.goto(`${SITES.bench.origin}/`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    const agent = agentFor(page, lane);
    await expect(page.locator('#entry-count')).toHaveText(entries);
    await expect.poll(() => agent.names()).toEqual(await clerkAgent.names());
    await expect(page.locator('#sign-in-needed')).toContainText('nothing can be recorded from this page');
    await expect(page.locator('#person-sign-in')).toBeVisible();
    expect(await agent.call('get_motion_stack', {})).toMatchObject({ ok: true });

    // An agent's act, a person's click, a starting point, and a request past the page: all refused.
    expect(
      await agent.call('correct_last_entry', { correction: 'Entered with no one signed in.', actor: 'Mallory' }),
    ).toMatchObject({ ok: false, isError: true, code: 'SIGN_IN_REQUIRED' });
    await page.click('#present-less');
    await expect(page.locator('#bench-notice')).toContainText('sign in with your passkey first');
    await expect(page.locator('#present-count')).toHaveText('7');
    await page.click('#checkpoint-tangle');
    await expect(page.locator('#motion-stack > li')).toHaveCount(1);
    const direct = await page.evaluate(async () => {
      const head = ((await (await fetch('/api/meeting')).json()) as { head: string }).head;
      const response = await fetch('/api/meeting/entries', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ after: head, type: 'set_members_present', by: 'person', payload: { present: 3 } }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    });
    expect(direct).toMatchObject({ status: 401, body: { ok: false, isError: true, code: 'SIGN_IN_REQUIRED' } });

    // The clerk's page, and the record, are as they were.
    await clerk.reload();
    await expect(clerk.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(clerk.locator('#entry-count')).toHaveText(entries);
    await expect(clerk.locator('#minutes')).not.toContainText('Entered with no one signed in.');
    await expect(page.locator('#entry-count')).toHaveText(entries);
  },
);

test(
  'the chair’s acts are the chair’s passkey: from the clerk’s signed-in browser they change nothing; the chair’s passkey puts the question',
  { tag: POLYFILL },
  async ({ browser }, testInfo) => {
    const lane = laneOf(testInfo);
    const { clerk, chair } = await clerkAndChair(browser);
    await expect(chair.locator('#person-role')).toHaveText(', chair');
    const agent = agentFor(clerk, lane);
    await clerk.bringToFront();
    await clerk.click('#checkpoint-widest');
    // The naming of the meeting's bylaws, then the widest frontier's 4 entries.
    await expect(chair.locator('#entry-count')).toHaveText('5');

    // The clerk's control: the clerk is signed in, but is not the chair.
    await clerk.click('#put-the-question');
    await expect(clerk.locator('#bench-notice')).toContainText('Only the chair puts the question');
    await expect(clerk.locator('#phase')).toHaveAttribute('data-phase', 'OPEN');
    // An agent holding the clerk's browser, past the page: each route refuses without the chair's assertion.
    const asked = await clerk.evaluate(async () => {
      const head = ((await (await fetch('/api/meeting')).json()) as { head: string }).head;
      const send = async (path: string, body: object) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, code: ((await response.json()) as { code?: string }).code };
      };
      const act = { after: head, type: 'put_the_question', payload: {} };
      return [
        await send('/api/meeting/entries', { ...act, by: 'person' }),
        await send('/api/meeting/chair-acts/options', act),
        await send('/api/meeting/chair-acts', { ...act, response: {} }),
      ];
    });
    expect(asked).toEqual([
      { status: 403, code: 'PASSKEY_REQUIRED' },
      { status: 403, code: 'CHAIR_ONLY' },
      { status: 403, code: 'CHAIR_ONLY' },
    ]);
    await expect.poll(() => agent.names()).not.toContain('record_vote_tally');
    await expect(clerk.locator('#entry-count')).toHaveText('5');

    // The chair, at their own page, with their passkey: the question is put, in both profiles.
    await chair.bringToFront();
    await chair.click('#put-the-question');
    await expect(chair.locator('#phase')).toHaveAttribute('data-phase', 'VOTE_PENDING');
    await expect.poll(() => agent.names()).toContain('record_vote_tally');
    await expect(clerk.locator('#entry-count')).toHaveText('6');
    const recorded = await clerk.evaluate(async () =>
      (
        (await (await fetch('/api/meeting')).json()) as { events: { actor: string; person?: { name: string } }[] }
      ).events.at(-1),
    );
    expect(recorded).toMatchObject({ actor: 'chair', person: { name: expect.stringMatching(/^Adaeze Okafor/) } });
  },
);

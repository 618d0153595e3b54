import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { agentFor, laneOf } from './agent.ts';
import { POLYFILL } from './lanes.ts';

// The bench's meeting is its server's: two people in two browser profiles see one meeting, live.
// An act made in one appears in the other's record and in the other's registered tool set, and
// what the page decides is decided again where the record is kept.

async function openBench(page: Page): Promise<void> {
  await page.goto(`${SITES.bench.origin}/`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

async function profile(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openBench(page);
  return page;
}

test(
  'two profiles see one meeting: an act in one appears in the other’s tool set and record',
  { tag: POLYFILL },
  async ({ browser }, testInfo) => {
    const lane = laneOf(testInfo);
    const clerk = await profile(browser);
    const member = await profile(browser);
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
          actor: 'clerk',
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

import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { agentFor, laneOf, type Agent } from './agent.ts';
import { POLYFILL } from './lanes.ts';
import { enrolBenchPerson } from './passkey.ts';
import type { Page } from '@playwright/test';

// A meeting is held under the bylaws the clerk chooses where it starts. Under the Millbrook
// Community Land Trust's (a board of 15, a quorum of a majority: 8) the agent's tool set loses the
// quorum's acts between 8 and 7 present, where under the Kestrel Valley Seed Library's (5 of 9) 7
// present is a quorum. The agent, at the clerk's page, is a real caller of the page's tools.

async function expectCount(page: Page, agent: Agent, count: number): Promise<void> {
  await expect.poll(async () => (await agent.names()).length).toBe(count);
  await expect.poll(async () => Number(await page.locator('#in-order-count').textContent())).toBe(count);
}

test(
  'a meeting started under a board of 15 with a majority quorum loses its quorum at 7 present, not at 4',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    // The bench's clerk, enrolled with the operator's setup link, at their own page.
    await enrolBenchPerson(page, `Tomasz Wierzbicki ${randomUUID().slice(0, 4)}`);
    const agent = agentFor(page, laneOf(testInfo));

    // Under today's bylaws the widest frontier's 7 present are a quorum of 9: 17 tools.
    await page.click('#checkpoint-widest');
    await expectCount(page, agent, 17);

    await page.getByLabel('Held under the bylaws of').selectOption('millbrook-community-land-trust');
    await page.click('#checkpoint-widest');
    await expect(page.locator('.masthead')).toContainText('Millbrook Community Land Trust, Board of Directors');
    await expect(page.locator('#minutes')).toContainText(
      'The meeting is held under the bylaws of the Millbrook Community Land Trust',
    );
    // The same 7 present are no quorum of 15: the quorum's acts are gone, as in "Quorum lost" under 9.
    await expectCount(page, agent, 9);
    await expect(page.locator('#quorum-state')).toHaveText('No quorum: 8 needed (RONR §40)');
    await expect(page.locator('#present-count')).toHaveText('7');
    await expect(page.locator('#attendance')).toContainText('of 15');

    // The agent counts 8 present: the quorum's acts return; 7 again, and they go.
    expect(await agent.call('set_members_present', { present: 8 })).toMatchObject({ ok: true });
    await expectCount(page, agent, 17);
    await expect(page.locator('#quorum-state')).toHaveAttribute('data-quorum', 'present');
    expect(await agent.call('set_members_present', { present: 7 })).toMatchObject({ ok: true });
    await expectCount(page, agent, 9);
    expect(await agent.names()).not.toContain('move_to_amend');
    // A board of 15 takes a count a board of 9 could not have.
    expect(await agent.call('set_members_present', { present: 14 })).toMatchObject({ ok: true });
    await expectCount(page, agent, 17);
    await expect(page.locator('#present-count')).toHaveText('14');
  },
);

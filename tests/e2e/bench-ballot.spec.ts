import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { agentFor, laneOf } from './agent.ts';
import { POLYFILL } from './lanes.ts';
import { benchProfile, inviteToBench } from './passkey.ts';

// The bench's members are present, and vote, from their own devices: one browser profile per
// person, each with its own passkey. The server keeps the roll and counts the votes; an agent
// holding the clerk's browser can neither mark anyone present nor vote nor declare a result.

/** What a raw same-origin request from `page` (with its cookies) is answered: its status and code. */
async function sendFrom(page: Page, path: string, body: object): Promise<{ status: number; code?: string }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, code: ((await response.json()) as { code?: string }).code };
    },
    { path, body },
  );
}

test(
  'a member marks themself present from their own device; the quorum counts the roll; the clerk’s browser marks no one',
  { tag: POLYFILL },
  async ({ browser }, testInfo) => {
    const lane = laneOf(testInfo);
    const own = randomUUID().slice(0, 4);
    const clerk = await benchProfile(browser, `Tomasz Wierzbicki ${own}`);
    const name = `Hollis Pemberton ${own}`;
    const member = await benchProfile(browser, name, await inviteToBench(clerk, name, 'member'));
    const clerkAgent = agentFor(clerk, lane);

    // The clerk is not a member: no button on their page, and their browser past the page is refused.
    await expect(clerk.locator('#roll-call')).toBeVisible();
    await expect(clerk.locator('#mark-present')).toHaveCount(0);
    expect(await sendFrom(clerk, '/api/meeting/attendance', {})).toEqual({ status: 403, code: 'MEMBERS_ONLY' });

    await member.bringToFront();
    await member.click('#mark-present');
    await expect(member.locator('#marked-present')).toHaveText('You are on the roll.');
    // Every page shows the server's roll, and its count is the quorum's.
    await expect(clerk.locator('#roll > li')).toHaveText([name]);
    await expect(clerk.locator('#present-count')).toHaveText('1');
    await expect(clerk.locator('#attendance-kind')).toContainText('Roll call: 1 of 9');
    await expect(clerk.locator('#quorum-state')).toHaveAttribute('data-quorum', 'absent');
    // Once only; and the clerk's count is out of order beside a roll call, not added to it.
    expect(await sendFrom(member, '/api/meeting/attendance', {})).toEqual({ status: 409, code: 'ALREADY_PRESENT' });
    await expect.poll(() => clerkAgent.names()).not.toContain('set_members_present');
    await expect(clerk.locator('#present-more')).toBeDisabled();
    await expect(clerk.locator('#entry-count')).toHaveText('1');
  },
);

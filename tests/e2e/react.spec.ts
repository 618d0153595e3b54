import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { agentFor, laneOf, type Agent, type Lane } from './agent.ts';
import { POLYFILL } from './lanes.ts';

// @warrant/react in Chromium with React 19, both lanes: the fixture's two-row page, where a person's
// switch makes ring_bell legal. The agent is a real caller (page.webmcp natively, the platform from
// the page's world under the polyfill); the page's lists come from the hook.

async function open(page: Page, lane: Lane): Promise<Agent> {
  await page.goto(`${SITES.fixture.origin}/two-row-react.html`);
  await expect(page.locator('#mode')).toHaveText(lane);
  await expect(page.locator('#in-order li')).toHaveCount(1);
  return agentFor(page, lane);
}

const listed = (page: Page, id: string): Promise<Array<string | null>> =>
  page.locator(`#${id} li`).evaluateAll((items) => items.map((item) => item.getAttribute('data-tool')));

test(
  'the agent sees exactly the legal rows, the page lists both sides, and the switch adds and removes ring_bell',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    expect(await agent.names()).toEqual(['read_bell']);
    expect(await listed(page, 'in-order')).toEqual(['read_bell']);
    expect(await listed(page, 'out-of-order')).toEqual(['ring_bell']);
    await expect(page.locator('#out-of-order li')).toHaveText('Ring the bell: the bell is switched off');

    await page.check('#switch');
    await expect.poll(() => agent.names()).toEqual(['read_bell', 'ring_bell']);
    await expect.poll(() => listed(page, 'in-order')).toEqual(['read_bell', 'ring_bell']);
    await expect(page.locator('#out-of-order li')).toHaveCount(0);

    expect(await agent.call('ring_bell')).toMatchObject({ ok: true, rings: 1 });
    await expect(page.locator('#rings')).toHaveText('1');
    expect(await agent.call('read_bell')).toMatchObject({ ok: true, on: true, rings: 1 });

    await page.uncheck('#switch');
    await expect.poll(() => agent.names()).toEqual(['read_bell']);
    await expect.poll(() => listed(page, 'in-order')).toEqual(['read_bell']);
    expect(await listed(page, 'out-of-order')).toEqual(['ring_bell']);
  },
);

test("a person's own ring goes through the same rule: refused while switched off, counted while on", async ({
  page,
}, testInfo) => {
  await open(page, laneOf(testInfo));
  await page.click('#ring');
  await expect(page.locator('#answer')).toHaveText(
    'Ring the bell is not in order right now: the bell is switched off. Nothing was changed.',
  );
  await expect(page.locator('#rings')).toHaveText('0');
  await page.check('#switch');
  await expect.poll(() => listed(page, 'in-order')).toEqual(['read_bell', 'ring_bell']);
  await page.click('#ring');
  await expect(page.locator('#answer')).toHaveText('rang');
  await expect(page.locator('#rings')).toHaveText('1');
});

test(
  'mounting the component afresh leaves each legal tool registered once, and none stale',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    await page.check('#switch');
    await expect.poll(() => agent.names()).toEqual(['read_bell', 'ring_bell']);
    // Three unmount–mount cycles in quick succession, as StrictMode does once in development.
    for (let cycle = 0; cycle < 3; cycle += 1) await page.click('#remount');
    // The fresh component starts switched off: ring_bell went with the old one.
    await expect.poll(() => agent.names()).toEqual(['read_bell']);
    await expect.poll(() => listed(page, 'in-order')).toEqual(['read_bell']);
    expect((await agent.tools()).length).toBe(1);
    // read_bell answers from the new component's state, not a dropped one's.
    expect(await agent.call('read_bell')).toMatchObject({ ok: true, on: false, rings: 0 });
    await page.check('#switch');
    await expect.poll(() => agent.names()).toEqual(['read_bell', 'ring_bell']);
    expect(await agent.call('ring_bell')).toMatchObject({ ok: true, rings: 1 });
    await expect(page.locator('#rings')).toHaveText('1');
  },
);

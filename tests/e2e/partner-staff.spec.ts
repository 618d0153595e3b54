import { axeScan } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { addPasskeyAuthenticator, enrolStaff } from './passkey.ts';
import { setupLink } from './site-control.ts';

// A partner's own staff (issue 30, item 3), in a real browser with the DevTools protocol's virtual
// authenticator: a staff member enrols only with a one-time link its operator mints (the control
// port, as `npm run people -- setup-link pantry` does), and the link works once; staff acts need a
// staff session; "Reset this site's data" and booking in a delivery (a change of the week's stock)
// need the staff member's passkey each time, so a same-origin fetch from a signed-in page (an
// agent holding the browser) changes nothing. The pantry stands for every partner (one
// partner-kit). Staff stay on the pantry's list across tests, as people do across resets.

const PANTRY = SITES.pantry.origin;

async function openPantry(page: Page, hash = ''): Promise<void> {
  await page.goto(`${PANTRY}/${hash}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#staff')).toBeVisible();
}

/** A JSON POST from the page itself (same origin, the staff member's cookie with it): what an agent holding the browser can send. */
const pageFetch = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { path, body },
  );

/** Earlier records the pantry keeps (one per reset), as its reset panel says. */
async function earlierRecords(page: Page): Promise<number> {
  const text =
    (await page.locator('#closed-books').count()) > 0 ? await page.locator('#closed-books').textContent() : '';
  return Number(/(\d+) earlier/.exec(text ?? '')?.[1] ?? 0);
}

const position = async (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/record')).json()) as { position: string }).position);

test('a pantry staff member enrols only through a setup link, and the link works once', async ({ page, browser }) => {
  await addPasskeyAuthenticator(page);
  await openPantry(page);
  // No link, no enrolment: the page offers none, and the server refuses one asked for by hand.
  await expect(page.locator('#staff-name-input')).toHaveCount(0);
  const asked = await pageFetch(page, '/api/people/enrol/options', { name: 'Mallory', link: null });
  expect(asked).toMatchObject({ status: 403, body: { ok: false, isError: true, code: 'LINK_REQUIRED' } });

  const link = await setupLink('pantry');
  expect(link.startsWith(`${PANTRY}/#enrol=`)).toBe(true);
  await page.goto(link);
  await page.locator('#staff-name-input').fill('Bea');
  await page.locator('#staff-enrol').click();
  await expect(page.locator('#staff-name')).toHaveText('Bea');
  // The spent link has left the address bar.
  expect(new URL(page.url()).hash).toBe('');

  // The same link in another browser: refused, in plain words.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await addPasskeyAuthenticator(second);
    await second.goto(link);
    await second.locator('#staff-name-input').fill('Mallory');
    await second.locator('#staff-enrol').click();
    await expect(second.locator('#staff-answer')).toContainText('one-time link');
    await expect(second.locator('#staff-name')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('without a staff session, staff acts and the reset are refused and change nothing', async ({ page }) => {
  await openPantry(page);
  const before = await position(page);
  const delivery = page.locator('#deliveries li[data-delivery] button').first();
  await delivery.click();
  await expect(page.locator('#deliveries-outcome')).toContainText('sign in with your staff passkey');
  await page.locator('#reset-start').click();
  await page.locator('#reset-confirm').click();
  await expect(page.locator('#reset-outcome')).toContainText('sign in with your staff passkey');
  expect(await pageFetch(page, '/api/staff/hand_over', { input: { reservation: 'R-1' } })).toMatchObject({
    status: 401,
    body: { code: 'STAFF_SIGN_IN_REQUIRED' },
  });
  expect(await position(page)).toBe(before);
});

test("a signed-in staff member's page cannot reset or change the week's stock without their passkey; with it, both are done", async ({
  page,
}) => {
  await addPasskeyAuthenticator(page);
  await openPantry(page);
  await enrolStaff(page, 'pantry', 'Bea');
  const before = await position(page);
  const kept = await earlierRecords(page);

  // What an agent in this page can send: the session goes with it, the passkey does not.
  expect(await pageFetch(page, '/api/reset', {})).toMatchObject({ status: 403, body: { code: 'PASSKEY_REQUIRED' } });
  const delivery = page.locator('#deliveries li[data-delivery]:has(button)').first();
  const deliveryId = await delivery.getAttribute('data-delivery');
  expect(await pageFetch(page, '/api/staff/receive_delivery', { input: { delivery: deliveryId } })).toMatchObject({
    status: 403,
    body: { code: 'PASSKEY_REQUIRED' },
  });
  expect(await position(page)).toBe(before);

  // The staff member's own buttons: the passkey answers the server's statement of each.
  await page.locator(`#deliveries li[data-delivery="${deliveryId}"] button`).click();
  await expect(page.locator('#deliveries-outcome')).toContainText('Booked in');
  await expect(page.locator(`#deliveries li[data-delivery="${deliveryId}"] .pill.ok`)).toHaveText('Received');
  await page.locator('#reset-start').click();
  await page.locator('#reset-confirm').click();
  await expect(page.locator('#closed-books')).toContainText(`${kept + 1} earlier record`);
  await expect(page.locator(`#deliveries li[data-delivery="${deliveryId}"] button`)).toBeVisible();
});

test('the staff bar works at 390 px and by keyboard, with no serious accessibility problem', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await addPasskeyAuthenticator(page);
  await openPantry(page, `#enrol=${new URL(await setupLink('pantry')).hash.replace('#enrol=', '')}`);
  const axe = async () =>
    (await axeScan(page, { include: '#staff' })).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`);
  expect(await axe()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Enrol by keyboard: Tab to the name, type, Enter.
  let focused = '';
  for (let presses = 0; presses < 100 && focused !== 'staff-name-input'; presses += 1) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.id ?? '');
  }
  expect(focused).toBe('staff-name-input');
  await page.keyboard.type('Cy');
  await page.keyboard.press('Enter');
  await expect(page.locator('#staff-name')).toHaveText('Cy');
  await page.locator('#staff-people summary').click();
  expect(await axe()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Sign out and in again by keyboard.
  await page.locator('#staff-sign-out').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#staff-sign-in')).toBeVisible();
  await page.locator('#staff-sign-in').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#staff-name')).toHaveText('Cy');
});

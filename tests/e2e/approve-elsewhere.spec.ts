// Approving on another device. What a person reads on the desk's card comes from the desk's page,
// which an agent holding the browser can rewrite. The card therefore offers a link (and a QR code)
// to a page the desk's SERVER renders from the plan it stores: a second browser that no agent
// touches opens it, reads the plan in words, and approves with the dispatcher's own passkey. The
// desk page then shows the approval granted and its run ending.
import { axeScan } from './axe.ts';
import type { Browser, Page } from '@playwright/test';
import { SITES } from '@warrant/config';
import { expect, test } from './fixtures.ts';
import { openDeskAsDispatcher, scenarioToTheHalt } from './desk-page.ts';
import { addPasskeyAuthenticator, type ExportedPasskey } from './passkey.ts';

const HOLD_WORDS = 'Hold 1 family room for tonight at the shelter';
const PARCEL_WORDS =
  /Reserve 1 family parcel \(vegetarian\) at the food pantry, to be picked up by (today|tomorrow|\w+day \d+ \w+)/;
const REWRITTEN = 'Nothing will be written at any partner';

/** The desk at its halt, a dispatcher signed in; answers the dispatcher's passkey, for their other device. */
async function deskAtTheHalt(page: Page): Promise<ExportedPasskey> {
  const authenticator = await openDeskAsDispatcher(page);
  await scenarioToTheHalt(page);
  const [passkey] = await authenticator.passkeys();
  if (!passkey) throw new Error('The dispatcher enrolled, but the authenticator holds no passkey.');
  return passkey;
}

/** The link the card offers for another device, once asked for. */
async function linkForAnotherDevice(page: Page): Promise<string> {
  const card = page.locator('#approval-A-1');
  await card.getByRole('button', { name: 'Approve on another device' }).click();
  const link = card.getByRole('link', { name: /approve on another device/i });
  await expect(link).toBeVisible();
  const qr = card.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  // The QR code is drawn: the image loaded (an SVG the desk's server made) and has a size. Waited
  // for, as a person waits for it: the element is laid out before its image has arrived.
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const href = await link.getAttribute('href');
  expect(href).toMatch(new RegExp(`^${SITES.desk.origin}/approve/[A-Za-z0-9_-]{43}$`));
  return href as string;
}

/** A phone-sized browser of its own (no agent in it), holding the dispatcher's passkey when given one. */
async function anotherDevice(browser: Browser, passkey?: ExportedPasskey): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  if (passkey) await (await addPasskeyAuthenticator(phone)).holdPasskey(passkey);
  return phone;
}

async function noSeriousAxeViolations(page: Page, except?: string): Promise<void> {
  // The partner sites inside the desk's frames are the partners' own pages, checked on their own origins.
  const results = await axeScan(page, except === undefined ? {} : { exclude: except });
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a person reads the stored plan on another device and approves it there with their passkey', async ({
  page,
  browser,
}) => {
  // The scenario to its halt, the other device, then the run: longer than one test's default on a loaded machine.
  test.setTimeout(180_000);
  const passkey = await deskAtTheHalt(page);
  const href = await linkForAnotherDevice(page);

  // An agent in the desk's tab rewrites what the card says the plan does.
  await page.evaluate((words) => {
    for (const step of document.querySelectorAll('#approval-A-1 .plan-steps li')) step.textContent = words;
  }, REWRITTEN);
  await expect(page.locator('#approval-A-1 .plan-steps')).toContainText(REWRITTEN);

  const phone = await anotherDevice(browser, passkey);
  // The page's HTML, as the desk's server sends it, holds the stored plan and nothing of the desk page's.
  const html = await (await phone.request.get(href)).text();
  expect(html).toContain(HOLD_WORDS);
  expect(html).not.toContain(REWRITTEN);

  await phone.goto(href);
  const steps = phone.getByRole('list', { name: 'What approving does' });
  await expect(steps.getByRole('listitem')).toHaveCount(2);
  await expect(steps.getByRole('listitem').nth(0)).toHaveText(PARCEL_WORDS);
  await expect(steps.getByRole('listitem').nth(1)).toHaveText(HOLD_WORDS);
  await expect(phone.locator('body')).not.toContainText(REWRITTEN);
  // The exact bytes and the digest are there for whoever checks them, behind a closed disclosure.
  const bytes = phone.locator('details.canonical');
  await expect(bytes).not.toHaveAttribute('open');
  await expect(bytes.locator('summary')).toBeVisible();
  // Nothing overflows a phone's width.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await noSeriousAxeViolations(phone);

  // By keyboard: Tab to the approve button, Enter; the passkey signs the approval's challenge.
  const approve = phone.getByRole('button', { name: 'Approve with your passkey' });
  for (
    let presses = 0;
    presses < 10 && !(await approve.evaluate((button) => button === document.activeElement));
    presses++
  )
    await phone.keyboard.press('Tab');
  await expect(approve).toBeFocused();
  await phone.keyboard.press('Enter');
  await expect(phone.getByRole('status')).toContainText('Approved by Ada Okafor', { timeout: 20_000 });

  // The desk page shows it approved, and its run ends with every step done.
  const card = page.locator('#approval-A-1');
  await expect(card).toHaveAttribute('data-status', /^(approved|used)$/, { timeout: 15_000 });
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done', { timeout: 30_000 });

  // Opened again, the link says the approval is decided, and offers nothing to press.
  await phone.reload();
  await expect(phone.locator('main')).toContainText('already approved');
  await expect(phone.getByRole('button')).toHaveCount(0);
});

test('a person rejects on another device; the desk shows it rejected and nothing runs', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await deskAtTheHalt(page);
  const href = await linkForAnotherDevice(page);
  // The card's offer at a phone's width: the link and the QR code fit, and axe finds nothing serious.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const offered of [page.locator('.approve-elsewhere-link'), page.locator('.approve-elsewhere-qr')]) {
    const box = await offered.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  }
  await noSeriousAxeViolations(page, '#partner-frames iframe');
  const phone = await anotherDevice(browser);
  await phone.goto(href);
  await phone.getByRole('button', { name: 'Reject' }).click();
  await expect(phone.getByRole('status')).toContainText('Rejected');
  const card = page.locator('#approval-A-1');
  await expect(card).toHaveAttribute('data-status', 'rejected', { timeout: 15_000 });
  await expect(card.locator('[data-run]')).toHaveCount(0);
  await phone.reload();
  await expect(phone.locator('main')).toContainText('already rejected');
});

test('an approval rejected on the card is rejected at the desk: its page on another device says so and approves nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const passkey = await deskAtTheHalt(page);
  const card = page.locator('#approval-A-1');
  // Its challenge is on the card for whoever checks it; no link was ever offered for it.
  const challenge = (await card.locator('.challenge-value').textContent()) ?? '';
  expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card).toHaveAttribute('data-status', 'rejected');

  // The other device, holding the dispatcher's passkey, finds it decided: nothing to press.
  const phone = await anotherDevice(browser, passkey);
  await phone.goto(`${SITES.desk.origin}/approve/${challenge}`);
  await expect(phone.locator('main')).toContainText('already rejected');
  await expect(phone.getByRole('button')).toHaveCount(0);
  await expect(card.locator('[data-run]')).toHaveCount(0);
});

test('the page for an approval the desk does not hold says so in words', async ({ browser }) => {
  const phone = await anotherDevice(browser);
  const unknown = await phone.goto(`${SITES.desk.origin}/approve/${'A'.repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  await expect(phone.locator('main')).toContainText('The desk holds no such approval');
  await expect(phone.getByRole('button')).toHaveCount(0);
  const malformed = await phone.goto(`${SITES.desk.origin}/approve/not-a-challenge`);
  expect(malformed?.status()).toBe(404);
  await expect(phone.locator('main')).toContainText('The desk holds no such approval');
  await noSeriousAxeViolations(phone);
});

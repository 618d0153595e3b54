import { SITES } from '@warrant/config';
import { expect, test } from '../e2e/fixtures.ts';
import { partnerFrame, toTheHalt } from '../e2e/desk-page.ts';
import { approveWithPasskey } from '../e2e/passkey.ts';

// The sites as a deployment on separate domains puts them: each on a host of its own, a separate
// site to the browser (playwright.cross-site.config.ts). Here a partner framed in the desk is a
// third-party frame whose browser storage is partitioned by the desk's site, so what the desk sees
// done at a partner can only be what the partner's server holds. Everything is read where a person
// reads it: the partner's own page, the desk's ledger and its "Receipts, both sides".

test('a partner framed in the desk keeps its browser storage apart from its own page: to the browser they are separate sites', async ({
  page,
}) => {
  // At the halt the read leases keep the pantry's and the shelter's frames on the desk.
  await toTheHalt(page, 'Ada Okafor');
  const framed = partnerFrame(page, 'pantry');
  const key = 'warrant-cross-site-probe';
  // The frame has storage of its own (partitioned, as Chromium gives a third-party frame)...
  const inFrame = await framed.evaluate((name) => {
    localStorage.setItem(name, 'written in the frame on the desk');
    return localStorage.getItem(name);
  }, key);
  expect(inFrame).toBe('written in the frame on the desk');

  // ...which the pantry's own page, in the same browser, does not see; nor the frame what the page writes.
  const own = await page.context().newPage();
  await own.goto(`${SITES.pantry.origin}/`);
  await expect(own.locator('body')).toHaveAttribute('data-ready', 'true');
  expect(await own.evaluate((name) => localStorage.getItem(name), key)).toBeNull();
  await own.evaluate((name) => localStorage.setItem(name, 'written on the pantry’s own page'), key);
  expect(await framed.evaluate((name) => localStorage.getItem(name), key)).toBe('written in the frame on the desk');
});

test('a write approved on the desk with a passkey shows on the pantry’s own page in another browser, under the receipt the desk’s ledger row and "Receipts, both sides" name', async ({
  page,
  browser,
}) => {
  await toTheHalt(page, 'Ada Okafor');
  const card = page.locator('#approval-A-1');
  await approveWithPasskey(card);
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done');

  // The desk's ledger: the pantry answered reserve_parcels with a receipt whose signature checked.
  // The cell shows the detail in words; its title is the exact key=value detail.
  const written = page.locator(
    '#ledger-rows tr[data-event="tool_result"][data-status="ok"]:has(td.detail[title*="tool=reserve_parcels"])',
  );
  await expect(written).toHaveCount(1);
  const detail = (await written.locator('td.detail').getAttribute('title')) ?? '';
  expect(detail).toContain('verified=yes');
  const receipt = /receipt=(\S+)/.exec(detail)?.[1];
  const digest = /receipt_digest=([0-9a-f]{64})/.exec(detail)?.[1];
  expect(receipt, detail).toBeDefined();
  expect(digest, detail).toBeDefined();

  // The pantry's own page, opened in another browser context (storage of its own): the reservation
  // and the same receipt, from the pantry's server.
  const elsewhere = await browser.newContext();
  try {
    const pantry = await elsewhere.newPage();
    await pantry.goto(`${SITES.pantry.origin}/`);
    await expect(pantry.locator('body')).toHaveAttribute('data-ready', 'true');
    const held = pantry.locator('#reservations [data-reservation][data-status="held"]');
    await expect(held).toHaveCount(1);
    await expect(held).toContainText('R-1');
    const kept = pantry.locator(`#receipts [data-receipt="${receipt}"]`);
    await expect(kept).toHaveAttribute('data-tool', 'reserve_parcels');
    await expect(kept).toHaveAttribute('data-request', 'R-1');
    await expect(kept.locator('.receipt-digest')).toHaveText(digest ?? '');
  } finally {
    await elsewhere.close();
  }

  // "Receipts, both sides": the desk's server asked each partner's server, and every receipt matches.
  const line = (partner: string) => page.locator(`#receipts-list > li[data-partner="${partner}"]`);
  await expect(line('pantry')).toHaveAttribute('data-matched', '1/1');
  await expect(line('shelter')).toHaveAttribute('data-matched', '1/1');
  await expect(line('pantry')).toContainText('receipts matched 1 / 1');
  await expect(page.locator('#receipts-result')).toContainText('Every partner holds what the ledger says');
});

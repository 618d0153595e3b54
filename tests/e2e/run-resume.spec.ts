import { isDeepStrictEqual } from 'node:util';
import type { Browser, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { verifyLedger, type LedgerRow } from '@warrant/ledger';
import { deskInItsOwnProcess } from './desk-process.ts';
import { addPasskeyAuthenticator, enrolDispatcher } from './passkey.ts';
import { setupLink } from './site-control.ts';
import {
  exportedLedgerText,
  holdWrites,
  ledgerRows,
  openDesk,
  openDeskSignedOut,
  scenarioToTheHalt,
} from './desk-page.ts';

// An approved run survives its tab and the desk's server. A dispatcher approves Food and beds with
// the passkey; the pantry writes its step; the shelter's write is held in the network (it never
// reaches the shelter's server) when the page driving the run goes away — its tab closed, or the
// desk's server killed with SIGKILL and started again. The next page to act takes the run up: it
// asks each partner by the step's idempotency key, counts what the pantry holds as done, writes
// the shelter's step once, and says so on the ledger. What the test checks it reads where a person
// would: the desk's card and ledger, "Receipts, both sides", and each partner's own page.

type PartnerName = 'pantry' | 'shelter';

let names = 0;
const dispatcherName = (who: string): string => `${who} ${Date.now().toString(36)}${(names += 1)}`;

/** Approves A-1 with the passkey and waits until the pantry's receipt is on the ledger and the shelter's write is held. */
async function approveUntilTheShelterWrite(page: Page, held: readonly Route[]): Promise<void> {
  await page.locator('#approval-A-1 button.approve').click();
  // The cell shows the detail in words; its title is the exact key=value detail.
  const pantryReceipt = page.locator(
    '#ledger-rows tr[data-event="tool_result"][data-status="ok"]:has(td.detail[title*="tool=reserve_parcels"][title*="receipt="])',
  );
  await expect(pantryReceipt).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => held.length, { timeout: 30_000 }).toBe(1);
}

/** The exported ledger, which verifies. */
async function verifiedLedger(page: Page): Promise<LedgerRow[]> {
  const text = await exportedLedgerText(page);
  expect(verifyLedger(text)).toMatchObject({ ok: true });
  return ledgerRows(text);
}

/** What the partner's own server holds: its writes, by tool. */
async function partnerWrites(partner: PartnerName): Promise<string[]> {
  const record = (await (await fetch(`${SITES[partner].address}/api/record`)).json()) as {
    entries: Array<{ kind: string; tool: string }>;
  };
  return record.entries.filter((entry) => entry.kind === 'write').map((entry) => entry.tool);
}

/** The partner's own first-party page, in a browser context of its own, as its staff see it. */
async function expectOneReceiptOnPartnersOwnPage(browser: Browser, partner: PartnerName): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${SITES[partner].origin}/`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#receipts-count')).toHaveText('1');
  await context.close();
}

/** The run was taken up and finished: on the card, the ledger, each partner's record and page, and both sides' receipts. */
async function expectResumedOnce(page: Page, browser: Browser): Promise<LedgerRow[]> {
  const card = page.locator('#approval-A-1');
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done', { timeout: 60_000 });
  await expect(card.locator('.run-status')).toContainText(
    'Cut off before it ended, and resumed by this page. Every step ran',
  );
  // The card changes as the run ends; its last row lands on the ledger a moment later.
  await expect(page.locator('#ledger-rows tr[data-event="plan_finished"]')).toHaveCount(1);

  const rows = (await verifiedLedger(page)).filter((row) => row.approval === 'A-1');
  const started = rows.filter((row) => row.event === 'plan_started');
  expect(started).toHaveLength(2);
  expect(started[1]?.detail).toMatch(
    /resumed="The run was cut off before it ended .*only what the partner does not hold is written"/,
  );
  const asked = rows.filter((row) => row.event === 'tool_result' && row.detail.includes('reconciled=by_key'));
  expect(asked.map((row) => [row.from, /written=(\w+)/.exec(row.detail)?.[1]])).toEqual([
    ['pantry', 'yes'],
    ['shelter', 'no'],
  ]);
  const finished = rows.filter((row) => row.event === 'plan_finished');
  expect(finished).toHaveLength(1);
  expect(finished[0]).toMatchObject({
    status: 'ok',
    detail: expect.stringContaining('outcome=done done=2 of=2 taken_up=resume'),
  });

  // One effect per step at each partner, on its server and on its own page.
  expect(await partnerWrites('pantry')).toEqual(['reserve_parcels']);
  expect(await partnerWrites('shelter')).toEqual(['hold_beds']);
  await expectOneReceiptOnPartnersOwnPage(browser, 'pantry');
  await expectOneReceiptOnPartnersOwnPage(browser, 'shelter');

  // Both sides hold the same receipts: the one the pantry wrote before, the one the shelter wrote now.
  const line = (partner: PartnerName) => page.locator(`#receipts-list > li[data-partner="${partner}"]`);
  await expect(line('pantry')).toHaveAttribute('data-matched', '1/1');
  await expect(line('shelter')).toHaveAttribute('data-matched', '1/1');
  await expect(line('pantry')).toContainText('receipts matched 1 / 1');
  await expect(page.locator('#receipts-result')).toContainText('Every partner holds what the ledger says');

  await page.click('#verify-ledger');
  await expect(page.locator('#verify-result')).toContainText('verified: every row chains to the one before it');
  return rows;
}

test('a run whose tab is closed after its first partner write is resumed by the next page: each step written once, the ledger says so, receipts matched both sides', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const context = page.context();
  await addPasskeyAuthenticator(page);
  await openDeskSignedOut(page);
  await enrolDispatcher(page, dispatcherName('Ada'));
  await scenarioToTheHalt(page);
  const shelter = await holdWrites(context, 'shelter');
  await approveUntilTheShelterWrite(page, shelter.held);

  // The tab is closed with the shelter's write unanswered: it never reaches the shelter's server.
  // (Were it let through, the resumed run would rightly find the step already held: a different story.)
  await shelter.sendNowhere();
  await page.close();
  expect(await partnerWrites('shelter')).toEqual([]);

  // The same dispatcher opens the desk again (their session stays): this page takes the run up.
  const next = await context.newPage();
  await openDesk(next);
  await expectResumedOnce(next, browser);
});

test('a run whose desk server is killed mid-run is resumed after the restart: every acknowledged ledger row there once, the chain verifies, each step written once', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // Minted while the worker's servers still serve the desk: the desk's own process opens the same data.
  const link = await setupLink('desk');
  const desk = await deskInItsOwnProcess();
  try {
    const context = page.context();
    await addPasskeyAuthenticator(page);
    await openDeskSignedOut(page);
    await enrolDispatcher(page, dispatcherName('Bo'), link);
    await scenarioToTheHalt(page);
    const shelter = await holdWrites(context, 'shelter');
    await approveUntilTheShelterWrite(page, shelter.held);

    await desk.kill();
    // The shelter's write now reaches the shelter, which cannot ask the desk who may approve, and
    // refuses it; the run in this page stops, and nothing it records reaches the desk's server.
    await shelter.release();
    await expect(page.locator('#approval-A-1 [data-run]')).toHaveAttribute('data-run', /^(undone|failed)$/, {
      timeout: 30_000,
    });
    expect(await partnerWrites('shelter')).toEqual([]);

    // The rows this page holds are the ones the desk's server acknowledged before it died.
    const count = Number(await page.locator('#ledger-count').textContent());
    const acknowledged = await page.$$eval('#ledger-rows tbody tr', (lines) =>
      lines.map((line) => ({
        seq: Number(line.getAttribute('data-seq')),
        event: line.getAttribute('data-event') ?? '',
        at: line.querySelector('time')?.getAttribute('datetime') ?? '',
        ids: line.querySelector('.ids')?.textContent ?? '',
        // The cell shows the detail in words; its title is the exact detail, its small print the digest.
        detail: line.querySelector('.detail')?.getAttribute('title') ?? '',
        digest: line.querySelector('.detail small')?.textContent ?? '',
      })),
    );
    expect(acknowledged).toHaveLength(count);

    await desk.restart();
    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await expectResumedOnce(page, browser);

    // Every acknowledged row is on the desk's ledger once, where it was.
    const ledger = await verifiedLedger(page);
    // A row as the ledger panel shows it: its ids run together, its digest shortened in small print.
    const shown = (kept: LedgerRow) => ({
      at: kept.at,
      event: kept.event,
      ids: [kept.request, kept.lease, kept.plan, kept.approval].join(''),
      detail: kept.detail,
      digest: kept.digest ? ` digest ${kept.digest.slice(0, 12)}…` : '',
    });
    for (const row of acknowledged) {
      const { seq: _seq, ...seen } = row;
      const same = ledger.filter((kept) => isDeepStrictEqual(shown(kept), seen));
      expect(
        same.map((kept) => kept.seq),
        `row ${row.seq} (${row.event})`,
      ).toEqual([row.seq]);
    }
    expect(ledger.map((row) => row.seq)).toEqual(ledger.map((_, index) => index + 1));
  } finally {
    await desk.giveBack();
  }
});

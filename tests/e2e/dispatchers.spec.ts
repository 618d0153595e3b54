// Several dispatchers at once (issue 28 item 3). Two dispatchers in two browsers, each enrolled
// with their own passkey, each take a request in (the relief scenario, run at the same moment) and
// work it to the halt; each request is held by the one who took it in, shown to the other with
// their name; both approve at the same moment with their own passkeys; each run writes exactly
// its own steps, once, at each partner and on the one ledger. Neither page waited for the other,
// and neither was read-only.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { exportedLedger, openDeskSignedOut } from './desk-page.ts';
import { addPasskeyAuthenticator, approveWithPasskey, enrolDispatcher } from './passkey.ts';
import { partnerWrites } from './server-run.ts';

let names = 0;
const dispatcherName = (who: string): string => `${who} ${Date.now().toString(36)}${(names += 1)}`;

/** The request this page's dispatcher holds (the one its scenario took in). */
async function heldHere(page: Page): Promise<string> {
  const mine = page.locator('#queue li[data-request]', { has: page.locator('.holder', { hasText: 'Held by you' }) });
  await expect(mine).toHaveCount(1);
  return (await mine.getAttribute('data-request')) ?? '';
}

test('two dispatchers, two browsers, their own passkeys: each takes a request in and reaches the halt at the same time, both approve at once, each run writes exactly its own steps', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const ada = page;
  const bea = await (await browser.newContext()).newPage();
  const [adaName, beaName] = [dispatcherName('Ada'), dispatcherName('Bea')];
  for (const [desk, name] of [
    [ada, adaName],
    [bea, beaName],
  ] as const) {
    await addPasskeyAuthenticator(desk);
    await openDeskSignedOut(desk);
    await enrolDispatcher(desk, name);
  }
  // Both pages act: neither is read-only, neither waits for the other.
  for (const [desk, name] of [
    [ada, adaName],
    [bea, beaName],
  ] as const) {
    await expect(desk.locator('#read-only-notice')).toHaveCount(0);
    await expect(desk.locator('.pill-acting')).toHaveText(`Acting as ${name}`);
    await expect(desk.locator('#run-scenario')).toBeEnabled();
  }

  await Promise.all([ada.click('#run-scenario'), bea.click('#run-scenario')]);
  for (const desk of [ada, bea])
    await expect(desk.locator('#runner')).toHaveAttribute('data-status', 'awaiting_approval', { timeout: 120_000 });

  const [adas, beas] = [await heldHere(ada), await heldHere(bea)];
  expect(adas).not.toBe(beas);
  // Each sees the other's request with its holder's name, and cannot decide its approval.
  await expect(ada.locator(`#queue li[data-request="${beas}"] .holder`)).toHaveText(`Held by ${beaName}`);
  await expect(bea.locator(`#queue li[data-request="${adas}"] .holder`)).toHaveText(`Held by ${adaName}`);
  const pendingOf = (desk: Page, request: string) =>
    desk.locator(`article.approval[data-request="${request}"][data-status="pending"]`);
  await expect(pendingOf(ada, beas)).toHaveCount(1);
  await expect(pendingOf(ada, beas).locator('button.approve')).toBeDisabled();
  await expect(pendingOf(ada, beas).locator('.held-elsewhere')).toContainText(`held by ${beaName}`);

  // Both approve their own at the same moment, each with their own passkey.
  const [adaApproval, beaApproval] = [
    await pendingOf(ada, adas).getAttribute('data-approval'),
    await pendingOf(bea, beas).getAttribute('data-approval'),
  ];
  expect(adaApproval).not.toBe(beaApproval);
  await Promise.all([
    approveWithPasskey(ada.locator(`#approval-${adaApproval}`)),
    approveWithPasskey(bea.locator(`#approval-${beaApproval}`)),
  ]);
  for (const [desk, approval] of [
    [ada, adaApproval],
    [bea, beaApproval],
  ] as const)
    await expect(desk.locator(`#approval-${approval} [data-run]`)).toHaveAttribute('data-run', 'done');

  // Each run wrote its own two steps once: at each partner, and on the one ledger, under its approval.
  expect(await partnerWrites('pantry')).toEqual(['reserve_parcels', 'reserve_parcels']);
  expect(await partnerWrites('shelter')).toEqual(['hold_beds', 'hold_beds']);
  // Both pages show the one record: the same count of rows once the last (the leases closing after
  // each run) have reached both. (Compared with each other as they arrive: either may be ahead.)
  const counts = () =>
    Promise.all([ada, bea].map(async (desk) => (await desk.locator('#ledger-count').textContent()) ?? ''));
  await expect.poll(async () => new Set(await counts()).size).toBe(1);
  const rows = await exportedLedger(ada);
  for (const [approval, request] of [
    [adaApproval, adas],
    [beaApproval, beas],
  ] as const) {
    const ofRun = rows.filter((row) => row.approval === approval);
    expect(ofRun.filter((row) => row.event === 'approval_signed')).toHaveLength(1);
    expect(ofRun.filter((row) => row.event === 'plan_started')).toHaveLength(1);
    expect(
      ofRun
        .filter((row) => row.event === 'tool_result')
        .map((row) => [row.request, /tool=(\w+)/.exec(row.detail)?.[1]]),
    ).toEqual([
      [request, 'reserve_parcels'],
      [request, 'hold_beds'],
    ]);
  }
  // Who holds each request is on the ledger, written by the desk's server.
  expect(
    rows
      .filter((row) => row.event === 'request_taken')
      .map((row) => row.request)
      .sort(),
  ).toEqual([adas, beas].sort());
  await bea.context().close();
});

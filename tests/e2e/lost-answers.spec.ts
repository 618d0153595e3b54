import type { APIResponse, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { toTheHalt } from './desk-page.ts';

// A write the partner committed whose answer the desk never got (issue 16, item 5 and test 7).
// A dispatcher approves Food and beds with the passkey. The shelter's page sends its write to its
// own server; the network lets it reach the server, which commits it, but holds the answer back
// from the page. While the answer is held, the person at the desk revokes the shelter's execute
// lease: the call is aborted after the partner committed. The desk cannot know from its side what
// happened, so it asks the shelter by the step's idempotency key, and what it learns decides the
// step. Everything the test checks it reads where a person would: the approval card, the ledger,
// the shelter's own page, and "Receipts, both sides".

/** Lets the shelter's first write reach its server (it commits) and holds the server's answer back from the page. */
function commitButHoldTheAnswer(page: Page): { committed: () => boolean; letGo: () => Promise<void> } {
  let held: { route: Route; response: APIResponse } | null = null;
  void page.context().route(`${SITES.shelter.origin}/api/writes/**`, async (route) => {
    if (held || route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    held = { route, response };
  });
  return {
    committed: () => held !== null,
    // The page's request is answered late, if the frame is still there to hear it.
    letGo: async () => {
      if (held) await held.route.fulfill({ response: held.response }).catch(() => undefined);
    },
  };
}

test('a write the shelter committed whose answer the desk never got is asked for by key and counted done with its receipt; receipts matched both sides', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await toTheHalt(page, 'Ada Okafor');
  const shelterWrite = commitButHoldTheAnswer(page);
  const card = page.locator('#approval-A-1');
  await card.locator('button.approve').click();

  // The shelter's server has committed the hold; its answer has not reached the desk.
  await expect.poll(() => shelterWrite.committed(), { timeout: 30_000 }).toBe(true);
  const execute = page.locator('#leases li.lease[data-partner="shelter"]').filter({ hasText: 'execute_plan' });
  await expect(execute).toHaveAttribute('data-state', 'active');
  await execute.locator('button.revoke').click();
  await expect(execute).toHaveAttribute('data-state', 'revoked');
  await shelterWrite.letGo();

  // The call's answer was lost, so the desk asked the shelter by key and learnt it holds the write.
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done', { timeout: 30_000 });
  // A row's cell shows its detail in words; the exact key=value detail is the cell's title.
  const withDetail = (pair: string): string => `:has(td.detail[title*="${pair}"])`;
  const results = '#ledger-rows tr[data-event="tool_result"]';
  // The call itself ended with no answer from the frame: the ledger first says so.
  const cutOff = page.locator(`${results}${withDetail('tool=hold_beds')}:not(${withDetail('reconciled=by_key')})`);
  await expect(cutOff).toHaveCount(1);
  await expect(cutOff).toHaveAttribute('data-status', /^(aborted|error)$/);
  await expect(cutOff.locator('td.detail')).not.toHaveAttribute('title', /receipt=/);
  const asked = page.locator(`${results}${withDetail('reconciled=by_key')}`);
  await expect(asked).toHaveCount(1);
  await expect(asked).toHaveAttribute('data-status', 'ok');
  for (const pair of [/tool=hold_beds/, /written=yes/, /verified=yes/, /receipt=\S+/])
    await expect(asked.locator('td.detail')).toHaveAttribute('title', pair);
  // A person reads it in words.
  await expect(asked.locator('td.detail')).toContainText('tool hold beds');
  const finished = page.locator('#ledger-rows tr[data-event="plan_finished"]');
  await expect(finished).toHaveCount(1);
  await expect(finished.locator('td.detail')).toHaveAttribute('title', /outcome=done done=2 of=2/);
  await expect(page.locator('#ledger-rows tr[data-event="step_compensated"]')).toHaveCount(0);

  // The shelter's own page: exactly one hold, the one the desk counted.
  const own = await page.context().newPage();
  await own.goto(`${SITES.shelter.origin}/`);
  await expect(own.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(own.locator('#holds [data-hold][data-status="held"]')).toHaveCount(1);
  await own.close();

  // Both sides hold the same receipts, at every partner.
  await page.click('#check-receipts');
  await expect(page.locator('#receipts-result')).toContainText('Every partner holds what the ledger says');
  await expect(page.locator('#receipts-list > li[data-partner="pantry"]')).toHaveAttribute('data-matched', '1/1');
  await expect(page.locator('#receipts-list > li[data-partner="shelter"]')).toHaveAttribute('data-matched', '1/1');
});

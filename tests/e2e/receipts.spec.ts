import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { openDeskAsDispatcher, scenarioToTheHalt } from './desk-page.ts';
import { resetSite } from './site-control.ts';

// Two-sided evidence as a dispatcher sees it: after an approved run, each partner's own record is
// set against the desk's ledger by the desk's server, and the desk says, per partner, how many
// receipts both sides hold. A receipt that one side holds and the other does not is named at its
// ledger row. The partner's record is changed by its operator's reset (the control port), as a
// partner losing or rewriting its record would change it.

async function runReliefScenarioToTheHalt(page: Page): Promise<void> {
  await openDeskAsDispatcher(page);
  await scenarioToTheHalt(page);
}
async function runReliefScenarioToTheEnd(page: Page): Promise<void> {
  await runReliefScenarioToTheHalt(page);
  const runner = page.locator('#runner');
  await page.click('#go-to-approval');
  await page.keyboard.press('Enter');
  await expect(runner).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
}

const line = (page: Page, partner: string) => page.locator(`#receipts-list > li[data-partner="${partner}"]`);

test('after an approved run every partner holds the receipts the ledger claims, n / n, and a receipt the partner no longer holds is named at its ledger row', async ({
  page,
}) => {
  await runReliefScenarioToTheEnd(page);

  // The scenario wrote once at the pantry and once at the shelter; the others were not asked to.
  await expect(line(page, 'pantry')).toHaveAttribute('data-matched', '1/1');
  await expect(line(page, 'shelter')).toHaveAttribute('data-matched', '1/1');
  await expect(line(page, 'pantry')).toContainText('receipts matched 1 / 1');
  await expect(line(page, 'rides')).toHaveAttribute('data-matched', '0/0');
  await expect(page.locator('#receipts-result')).toContainText('Every partner holds what the ledger says');

  // The pantry starts a new week (its operator's reset; staff reset with a passkey, partner-staff.spec):
  // its record no longer holds the receipt the ledger claims.
  await resetSite('pantry');
  await page.click('#check-receipts');
  await expect(line(page, 'pantry')).toHaveAttribute('data-matched', '0/1');
  const claimed = line(page, 'pantry').locator('li.desk-only');
  await expect(claimed).toHaveCount(1);
  await expect(claimed).toContainText(
    /Ledger row \d+ says Food pantry answered reserve_parcels with receipt .+, but Food pantry holds no such receipt\./i,
  );
  await expect(line(page, 'shelter')).toHaveAttribute('data-matched', '1/1');
  await expect(page.locator('#receipts-result')).toContainText('1 of 5 partners do not match the ledger');
});

test('the approval card shows the exact bytes the passkey signs, and the desk server grants the approval under their SHA-256', async ({
  page,
}) => {
  await runReliefScenarioToTheHalt(page);
  const card = page.locator('#approval-A-1');
  const bytes = (await card.locator('.statement-bytes').textContent()) ?? '';
  const statement = JSON.parse(bytes) as Record<string, unknown>;
  expect(statement).toEqual({
    approval: 'A-1',
    desk_origin: SITES.desk.origin,
    expires_at: expect.any(String),
    plan_digest: (await card.locator('.digest-value').textContent())?.trim(),
  });
  const challenge = createHash('sha256').update(bytes, 'utf8').digest('base64url');
  await expect(card.locator('.challenge-value')).toHaveText(challenge);

  await page.click('#go-to-approval');
  await page.keyboard.press('Enter');
  await expect(page.locator('#runner')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const held = (await (await fetch(`${SITES.desk.origin}/api/approvals/${challenge}`)).json()) as Record<
    string,
    unknown
  >;
  expect(held).toMatchObject({
    ok: true,
    status: expect.stringMatching(/^(granted|used)$/),
    statement,
    decided_by: { name: 'Ada Okafor' },
  });
});

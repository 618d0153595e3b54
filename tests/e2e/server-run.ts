// What the browser tests of the desk's server-run approvals share (issue 29): the run as the
// desk's server holds it, read with no desk page open; what each partner's own server holds; and
// the run checked where a person would read it afterwards — the desk's card, its ledger (exported,
// verified), "Receipts, both sides" and each partner's own page.
import type { Browser, Page } from '@playwright/test';
import { SITES } from '@warrant/config';
import { verifyLedger, type LedgerRow } from '@warrant/ledger';
import { expect } from './fixtures.ts';
import { exportedLedgerText, ledgerRows, openDesk } from './desk-page.ts';

export type PartnerName = 'pantry' | 'shelter';

/** The approval's challenge, as its card shows it. */
export async function challengeOf(page: Page, approval = 'A-1'): Promise<string> {
  const challenge = (await page.locator(`#approval-${approval} .challenge-value`).textContent())?.trim() ?? '';
  expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return challenge;
}

/** The run's status as the desk's server answers it (no page needed); null while it cannot be asked. */
export async function serverRunStatus(challenge: string): Promise<string | null> {
  try {
    const answer = (await (await fetch(`${SITES.desk.origin}/api/approvals/${challenge}`)).json()) as {
      run?: { status: string } | null;
    };
    return answer.run?.status ?? null;
  } catch {
    return null;
  }
}

/** Waits, with no page open, until the desk's server says the run has ended; answers how. */
export async function runEnded(challenge: string, timeout = 90_000): Promise<string> {
  await expect
    .poll(() => serverRunStatus(challenge), { timeout, message: "the desk's server ends the run" })
    .toMatch(/^(done|undone|failed)$/);
  return (await serverRunStatus(challenge)) ?? '';
}

/** What the partner's own server holds: its writes, by tool. */
export async function partnerWrites(partner: PartnerName): Promise<string[]> {
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

/**
 * Food and beds ran to its end, each step written once: at each partner's server and on its own
 * page, on a desk page opened afresh (the card, the ledger, both sides' receipts), and in the
 * exported ledger, whose chain verifies and whose rows are numbered without a gap.
 */
export async function expectDoneOnce(page: Page, browser: Browser): Promise<LedgerRow[]> {
  expect(await partnerWrites('pantry')).toEqual(['reserve_parcels']);
  expect(await partnerWrites('shelter')).toEqual(['hold_beds']);
  // Each partner's page in its own browser context, the two opened side by side.
  await Promise.all(
    (['pantry', 'shelter'] as const).map((partner) => expectOneReceiptOnPartnersOwnPage(browser, partner)),
  );

  await openDesk(page);
  const card = page.locator('#approval-A-1');
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done', { timeout: 30_000 });
  await expect(page.locator('#ledger-rows tr[data-event="plan_finished"]')).toHaveCount(1);

  const text = await exportedLedgerText(page);
  expect(verifyLedger(text)).toMatchObject({ ok: true });
  const ledger = ledgerRows(text);
  expect(ledger.map((row) => row.seq)).toEqual(ledger.map((_, index) => index + 1));
  const rows = ledger.filter((row) => row.approval === 'A-1');
  const finished = rows.filter((row) => row.event === 'plan_finished');
  expect(finished).toHaveLength(1);
  expect(finished[0]?.detail).toContain('outcome=done done=2 of=2');
  // Each partner's receipt is on the ledger, at a row of the server's run.
  for (const tool of ['reserve_parcels', 'hold_beds'])
    expect(
      rows.filter((row) => row.event === 'tool_result' && row.status === 'ok' && row.detail.includes(`tool=${tool}`))
        .length,
      tool,
    ).toBeGreaterThanOrEqual(1);

  const line = (partner: PartnerName) => page.locator(`#receipts-list > li[data-partner="${partner}"]`);
  await page.click('#check-receipts');
  await expect(line('pantry')).toHaveAttribute('data-matched', '1/1');
  await expect(line('shelter')).toHaveAttribute('data-matched', '1/1');
  await expect(page.locator('#receipts-result')).toContainText('Every partner holds what the ledger says');
  return rows;
}

// What the frame specs share: the desk opened by a dispatcher and run to its halt, its exported
// ledger, and a partner's frame on the desk's page.
import { readFileSync } from 'node:fs';
import type { Frame, Page } from '@playwright/test';
import { SITES } from '@warrant/config';
import { parseLedger, type LedgerRow } from '@warrant/ledger';
import { expect } from './fixtures.ts';
import { addPasskeyAuthenticator, enrolDispatcher } from './passkey.ts';

export async function exportedLedger(page: Page): Promise<LedgerRow[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-ledger')]);
  const parsed = parseLedger(readFileSync(await download.path(), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
}

/** The desk opened by a dispatcher with a passkey, the relief scenario run to its halt (read leases on the pantry and the shelter). */
export async function toTheHalt(page: Page, who: string): Promise<void> {
  await addPasskeyAuthenticator(page);
  await page.goto(`${SITES.desk.origin}/`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await enrolDispatcher(page, who);
  await page.click('#run-scenario');
  await expect(page.locator('#runner')).toHaveAttribute('data-status', 'awaiting_approval', { timeout: 30_000 });
  await expect(page.locator('#partner-frames iframe')).toHaveCount(2);
}

export function partnerFrame(page: Page, site: 'pantry' | 'shelter'): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(SITES[site].origin));
  if (!frame) throw new Error(`no ${site} frame on the desk`);
  return frame;
}

// What the desk's browser tests share: the desk opened (by a dispatcher with a passkey, when a
// test approves), the relief scenario run to its halt, the ledger exported as a person exports it,
// and a partner's frame on the desk's page.
import { readFileSync } from 'node:fs';
import type { Frame, Page } from '@playwright/test';
import { SITES } from '@warrant/config';
import { parseLedger, type LedgerRow } from '@warrant/ledger';
import { expect } from './fixtures.ts';
import { addPasskeyAuthenticator, enrolDispatcher } from './passkey.ts';

/** The desk's page, once it says it is ready. */
export async function openDesk(page: Page, origin: string = SITES.desk.origin): Promise<void> {
  await page.goto(`${origin}/`);
  // Ready once its record is read from the desk's server and its tools are in: on a loaded
  // two-core machine that has taken more than the default five seconds (measured: a full run
  // beside four other workloads), and a person would wait for it too.
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

/** The desk opened by a person with a passkey (the browser's virtual authenticator), enrolled as a dispatcher. */
export async function openDeskAsDispatcher(page: Page, who = 'Ada Okafor'): Promise<void> {
  await addPasskeyAuthenticator(page);
  await openDesk(page);
  await enrolDispatcher(page, who);
}

/** The relief scenario run to its halt: read leases on the pantry and the shelter, Food and beds waiting as A-1. */
export async function scenarioToTheHalt(page: Page): Promise<void> {
  await page.click('#run-scenario');
  // The scenario's five verbs and two frames take a while on a loaded 2-core machine.
  await expect(page.locator('#runner')).toHaveAttribute('data-status', 'awaiting_approval', { timeout: 45_000 });
  await expect(page.locator('#approval-A-1')).toHaveAttribute('data-status', 'pending');
  await expect(page.locator('#partner-frames iframe')).toHaveCount(2);
}

/** The desk opened by a dispatcher with a passkey, the relief scenario run to its halt. */
export async function toTheHalt(page: Page, who: string): Promise<void> {
  await openDeskAsDispatcher(page, who);
  await scenarioToTheHalt(page);
}

/** The ledger's text as "Export ledger" downloads it. */
export async function exportedLedgerText(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-ledger')]);
  return readFileSync(await download.path(), 'utf8');
}

/** The rows of an exported ledger's text (it must parse). */
export function ledgerRows(text: string): LedgerRow[] {
  const parsed = parseLedger(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
}

/** The rows of the ledger as "Export ledger" downloads it. */
export async function exportedLedger(page: Page): Promise<LedgerRow[]> {
  return ledgerRows(await exportedLedgerText(page));
}

/** The exported ledger's text and its rows, for a test that checks both. */
export async function exportedLedgerFile(page: Page): Promise<{ text: string; rows: LedgerRow[] }> {
  const text = await exportedLedgerText(page);
  return { text, rows: ledgerRows(text) };
}

export function partnerFrame(page: Page, site: 'pantry' | 'shelter'): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(SITES[site].origin));
  if (!frame) throw new Error(`no ${site} frame on the desk`);
  return frame;
}

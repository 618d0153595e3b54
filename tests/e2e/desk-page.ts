// What the desk's browser tests share: the desk opened by a signed-in dispatcher with a passkey
// (an agent acts at the desk only in a signed-in dispatcher's page; a test about a page with no one
// signed in opens it with openDeskSignedOut), the relief scenario run to its halt, the ledger
// exported as a person exports it, and a partner's frame on the desk's page.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Frame, Page } from '@playwright/test';
import { SITES } from '@warrant/config';
import { parseLedger, type LedgerRow } from '@warrant/ledger';
import { expect } from './fixtures.ts';
import { DESK_SESSION_COOKIE } from '../../apps/desk/src/server/desk-people.ts';
import { signedInOnce } from './enrolled-once.ts';
import { addPasskeyAuthenticator, enrolDispatcher, type Authenticator } from './passkey.ts';

/** The desk's page as it opens for whoever this browser is (no one signed in, in a fresh one), once it says it is ready. */
export async function openDeskSignedOut(page: Page, origin: string = SITES.desk.origin): Promise<void> {
  await page.goto(`${origin}/`);
  await deskReady(page);
}

/** Ready once its record is read from the desk's server and its tools are in. */
export async function deskReady(page: Page): Promise<void> {
  // On a loaded two-core machine that has taken more than the default five seconds (measured: a
  // full run beside four other workloads), and a person would wait for it too.
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

/**
 * The desk's page with a dispatcher signed in: the one this browser already signed in (another tab
 * of it), or else `who`, a dispatcher this test worker enrolled once with a passkey
 * (enrolled-once.ts), now signed in here with their passkey in this page's authenticator (which
 * approves with it). At another origin of the desk (a host that is not a secure context, where
 * the person's session cookie is not the desk's at localhost), `who` is enrolled on the page.
 */
export async function openDesk(page: Page, origin: string = SITES.desk.origin, who = 'Ada Okafor'): Promise<void> {
  const signedIn = (await page.context().cookies(origin)).some((cookie) => cookie.name === DESK_SESSION_COOKIE);
  if (!signedIn && origin === SITES.desk.origin) await signedInAsDispatcher(page, who);
  await openDeskSignedOut(page, origin);
  // The page knows who is signed in by the time it is ready.
  if ((await page.locator('#dispatcher-name').count()) > 0) return;
  await addPasskeyAuthenticator(page);
  await enrolDispatcher(page, who);
}

/** `who` signed in on `page`'s browser profile, a dispatcher enrolled once in this worker (enrolled-once.ts). */
async function signedInAsDispatcher(page: Page, who: string): Promise<Authenticator> {
  return signedInOnce(page, 'desk', who, async (aside) => {
    const authenticator = await addPasskeyAuthenticator(aside);
    await openDeskSignedOut(aside);
    await enrolDispatcher(aside, who);
    return authenticator;
  });
}

/**
 * Carries the desk session a browser holds (`from`) to another (`to`), for the desk as it is
 * served at `origin`: how a test puts a signed-in dispatcher on a page where no passkey can sign
 * in (a host that is not a secure context). The session is a real one, made with a passkey.
 */
export async function carryDeskSession(from: BrowserContext, to: BrowserContext, origin: string): Promise<void> {
  const session = (await from.cookies(SITES.desk.origin)).find((cookie) => cookie.name === DESK_SESSION_COOKIE);
  if (!session) throw new Error('This browser has no desk session to carry: open the desk signed in first.');
  await to.addCookies([{ name: session.name, value: session.value, url: origin, httpOnly: true, sameSite: 'Strict' }]);
}

/**
 * The desk's page acting for a dispatcher signed in (every signed-in dispatcher's page acts, in
 * every tab: it says whom it acts as), once it is ready.
 */
export async function openDeskActing(page: Page, origin: string = SITES.desk.origin, who?: string): Promise<void> {
  await openDesk(page, origin, who);
  await expect(page.locator('.pill-acting')).toBeVisible({ timeout: 30_000 });
  await deskReady(page);
}

/**
 * The desk opened by `who`, a dispatcher (enrolled once in this worker, enrolled-once.ts) signed in
 * with a passkey this page holds, once the page names them and is ready: answers the page's
 * authenticator, which holds their passkey.
 */
export async function openDeskAsDispatcher(page: Page, who = 'Ada Okafor'): Promise<Authenticator> {
  const authenticator = await signedInAsDispatcher(page, who);
  await openDeskSignedOut(page);
  await expect(page.locator('#dispatcher-name')).toHaveText(who);
  return authenticator;
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

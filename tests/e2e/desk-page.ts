// What the desk's browser tests share: the desk opened (by a dispatcher with a passkey, when a
// test approves), the relief scenario run to its halt, the ledger exported as a person exports it,
// and a partner's frame on the desk's page.
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import type { BrowserContext, Frame, Page, Route } from '@playwright/test';
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

/**
 * Holds every write a partner's page sends its server: the requests wait, unanswered, in the
 * network, until they are let through (`release`) or sent where nothing answers (`sendNowhere`).
 */
export async function holdWrites(
  context: BrowserContext,
  partner: 'pantry' | 'shelter',
): Promise<{ readonly held: Route[]; release(): Promise<void>; sendNowhere(): Promise<void> }> {
  const pattern = `${SITES[partner].origin}/api/writes/**`;
  const held: Route[] = [];
  await context.route(pattern, (route) =>
    route.request().method() === 'POST' ? void held.push(route) : void route.continue(),
  );
  // Each held request is let go before the handler is removed: removing it lets every request it
  // still holds go on to the server (Playwright falls back to the network), whatever was meant.
  const letGo = async (how: (route: Route) => Promise<void>): Promise<void> => {
    for (const route of held.splice(0)) await how(route);
    await context.unroute(pattern);
  };
  return {
    held,
    release: () => letGo((route) => route.continue()),
    /**
     * The held writes go on, unanswered, to a server that never answers: a tab closed now takes
     * them with it, and none reaches the partner.
     */
    async sendNowhere() {
      const nowhere = await silentServer();
      await letGo((route) => route.continue({ url: `${nowhere}${new URL(route.request().url()).pathname}` }));
    },
  };
}

let silent: Promise<string> | null = null;

/** A loopback server that takes connections and never answers, kept for the test run. */
function silentServer(): Promise<string> {
  silent ??= new Promise((resolve) => {
    const server = createServer((socket) => socket.unref());
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
  return silent;
}

export function partnerFrame(page: Page, site: 'pantry' | 'shelter'): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(SITES[site].origin));
  if (!frame) throw new Error(`no ${site} frame on the desk`);
  return frame;
}

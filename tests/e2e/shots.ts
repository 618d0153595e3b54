import type { Locator, Page } from '@playwright/test';

// Screenshots a browser test keeps for a person to look at, never for an assertion. They are taken
// only when WARRANT_SHOTS is set (as fits-a-phone.ts saves its states then): a full-page screenshot
// of the desk is a second or more of a loaded run, and nothing in a run reads them.

/** Whether this run keeps screenshots for a person (WARRANT_SHOTS set). */
export function shotsWanted(): boolean {
  return Boolean(process.env['WARRANT_SHOTS']);
}

/** A screenshot of the page (the whole page when `fullPage`) or of one element, at `path`, when the run keeps them. */
export async function keepShot(target: Page | Locator, path: string, { fullPage = false } = {}): Promise<void> {
  if (!shotsWanted()) return;
  if ('mainFrame' in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}

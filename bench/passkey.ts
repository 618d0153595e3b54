import type { Page } from 'playwright-core';

// A person's passkey in the bench, as in the browser tests (tests/e2e/passkey.ts): the DevTools
// protocol's virtual authenticator (CTAP2, internal, resident keys, user verification that
// succeeds) on the page's own CDP session. The desk's server and the partners verify what it signs.

export async function addPasskeyAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * Enrols `name` as a dispatcher with a new passkey, as a person does: the operator's one-time
 * setup link (`link`, setupLinkOf) opened in the desk's page, then the desk's own form. The page
 * opens again as the signed-in dispatcher's: this waits until it is ready.
 */
export async function enrolDispatcher(page: Page, name: string, link: string): Promise<void> {
  await page.goto(link);
  await page.fill('#dispatcher-name-input', name);
  await page.click('#enrol');
  await page.waitForFunction((wanted) => document.getElementById('dispatcher-name')?.textContent === wanted, name, {
    timeout: 30_000,
  });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}

import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { SiteName } from '@warrant/config';
import { setupLink } from './site-control.ts';

// A person's passkey in a browser test: the DevTools protocol's virtual authenticator (CTAP2,
// internal, resident keys, user verification that succeeds), on the page's own CDP session.
// Never a stubbed verification: the desk's server and every partner verify what it signs.

/** A passkey as the DevTools protocol exports it: its id, private key (PKCS#8), site and user, base64. */
export interface ExportedPasskey {
  readonly credentialId: string;
  readonly isResidentCredential: boolean;
  readonly rpId?: string;
  readonly privateKey: string;
  readonly userHandle?: string;
  readonly signCount: number;
}

export interface Authenticator {
  readonly id: string;
  /** Takes the authenticator away: the browser then has no passkey to offer. */
  remove(): Promise<void>;
  /** The passkeys it holds, private keys included: how a test carries one person's passkey to another browser. */
  passkeys(): Promise<ExportedPasskey[]>;
  /** Puts a passkey exported from another authenticator into this one, as a person's synced passkey arrives. */
  holdPasskey(passkey: ExportedPasskey): Promise<void>;
  /** Whether the person is verified (fingerprint, PIN) when the passkey answers: false, and no assertion carries it. */
  verifyUser(verified: boolean): Promise<void>;
}

export async function addPasskeyAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    id: authenticatorId,
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
    passkeys: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    holdPasskey: async (passkey) => {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: passkey });
    },
    verifyUser: async (verified) => {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
  };
}

/**
 * Enrols `name` as a dispatcher with a new passkey, as a person does: the operator mints a
 * one-time setup link at the server (here through the test servers' control port, the same code
 * `npm run people -- setup-link desk` runs; or one minted before, given as `minted`), the person opens it in the desk's page (a fragment:
 * the page stays as it is) and enrols through the desk's own form. Signed in, the page opens again
 * as a signed-in dispatcher's (its verbs are theirs): this waits until it is ready.
 */
export async function enrolDispatcher(page: Page, name: string, minted?: string): Promise<void> {
  const link = new URL(minted ?? (await setupLink('desk')));
  const here = new URL(page.url());
  if (here.origin === link.origin) here.hash = link.hash;
  await page.goto(here.origin === link.origin ? here.href : link.href);
  await page.locator('#dispatcher-name-input').fill(name);
  await page.locator('#enrol').click();
  // Only the page opened again after the enrolment names the dispatcher.
  await expect(page.locator('#dispatcher-name')).toHaveText(name, { timeout: 30_000 });
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

/**
 * Enrols `name` as a staff member of the partner `site` with a new passkey, as its first (or a
 * later) staff member does: its operator mints a setup link (the control port, as `npm run people
 * -- setup-link <partner>` does), the person opens it on the partner's page and enrols there.
 * Needs a virtual authenticator on the page (addPasskeyAuthenticator).
 */
export async function enrolStaff(page: Page, site: SiteName, name: string): Promise<void> {
  const link = new URL(await setupLink(site));
  const here = page.url().startsWith('http') ? new URL(page.url()) : null;
  if (here?.origin === link.origin) here.hash = link.hash;
  await page.goto(here?.origin === link.origin ? here.href : link.href);
  // A passkey answers only the page that has focus (the test may have opened another tab since).
  await page.bringToFront();
  await page.locator('#staff-name-input').fill(name);
  await page.locator('#staff-enrol').click();
  await expect(page.locator('#staff-name')).toHaveText(name);
}

/**
 * Enrols `name` as an editor of the launch board with a new passkey, on a page of its own: the
 * operator's setup link (the control port, as `npm run people -- setup-link board` does), opened
 * on the board and enrolled there with the page's virtual authenticator; or an editor's
 * invitation link, given as `invitation`. The page's context then holds the editor's session.
 */
export async function enrolEditor(page: Page, name: string, invitation?: string): Promise<Authenticator> {
  const authenticator = await addPasskeyAuthenticator(page);
  await page.goto(invitation ?? (await setupLink('board')));
  await page.bringToFront();
  await page.locator('#editor-name-input').fill(name);
  await page.locator('#editor-enrol').click();
  await expect(page.locator('#editor-name')).toHaveText(name);
  return authenticator;
}

/**
 * Enrols `name` as a person of the clerk's bench with a new passkey, on the bench's page: the
 * operator's setup link (the control port, as `npm run people -- setup-link bench` does) enrols its
 * clerk; a person's invitation link, given as `invitation`, enrols the one it names. The page's
 * context then holds their session, and the page is ready.
 */
export async function enrolBenchPerson(page: Page, name: string, invitation?: string): Promise<Authenticator> {
  const authenticator = await addPasskeyAuthenticator(page);
  await page.goto(invitation ?? (await setupLink('bench')));
  await page.bringToFront();
  await page.locator('#person-name-input').fill(name);
  await page.locator('#person-enrol').click();
  await expect(page.locator('#person-name')).toHaveText(name);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  return authenticator;
}

/**
 * A browser profile of its own (one person, one device), signed in as a newly enrolled person of
 * the bench: its clerk (the operator's setup link), or whom a clerk invited (their invitation link).
 */
export async function benchProfile(browser: Browser, name: string, invitation?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await enrolBenchPerson(page, name, invitation);
  return page;
}

/**
 * The signed-in clerk at `page` invites `name` to the bench as `role`, with the clerk's passkey,
 * through the people bar: the invitation link it shows.
 */
export async function inviteToBench(page: Page, name: string, role: 'chair' | 'member'): Promise<string> {
  await page.bringToFront();
  // The list stays open after an invitation: a second one is made in it as it is.
  const people = page.locator('#person-people');
  if (!(await people.evaluate((list) => (list as HTMLDetailsElement).open))) await people.locator('> summary').click();
  const link = page.locator('#invitation-link');
  const earlier = (await link.count()) > 0 ? await link.inputValue() : null;
  await page.locator('#invitee-name').fill(name);
  await page.locator('#invitee-role').selectOption(role);
  await page.locator('#invite').click();
  await expect(link).toHaveValue(/#enrol=/);
  if (earlier !== null) await expect(link).not.toHaveValue(earlier);
  return link.inputValue();
}

/**
 * Enrols `name` as the bench's chair on `page`: a clerk enrols with the operator's setup link in a
 * browser profile of their own, invites `name` as chair with their passkey, and `name` enrols with
 * that invitation on `page`, whose context then holds the chair's session.
 */
export async function enrolBenchChair(page: Page, name: string, clerk: string): Promise<Authenticator> {
  const browser = page.context().browser();
  if (!browser) throw new Error('The chair’s page has no browser to open the clerk’s profile in.');
  const clerkProfile = await browser.newContext();
  try {
    const aside = await clerkProfile.newPage();
    await enrolBenchPerson(aside, clerk);
    const invitation = await inviteToBench(aside, name, 'chair');
    return await enrolBenchPerson(page, name, invitation);
  } finally {
    await clerkProfile.close();
  }
}

/** A person approves the card with their passkey; waits until the run has ended. */
export async function approveWithPasskey(card: Locator): Promise<void> {
  await card.locator('button.approve').click();
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', /^(done|undone|failed)$/, { timeout: 30_000 });
}

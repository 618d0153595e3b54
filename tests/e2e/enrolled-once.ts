import type { Cookie, Page } from '@playwright/test';
import { SITES, type SiteName } from '@warrant/config';
import { addPasskeyAuthenticator, type Authenticator, type ExportedPasskey } from './passkey.ts';

// People outlive a test, as people do (a reset keeps a site's people and their sessions). So a
// person most tests need (the desk's dispatcher, the bench's chair, the board's editor) is enrolled
// once in each test worker, the way a person enrols (a setup link or an invitation, a passkey made
// by the browser's virtual authenticator, the server's own verification), in a browser profile of
// their own; every later test that needs them is that person signed in: their session cookie in the
// test's browser profile, and their passkey in the page's authenticator, as a synced passkey arrives
// on another device. Their passkey's acts are then real assertions the server verifies.
// Enrolling is measured: 1.4 s for a dispatcher and 2.3 s for a chair (with the clerk who invites
// them) on a quiet machine, twice that in a full run, in most of the browser tests. Enrolment itself
// stays tested where it is the subject (people.spec, bench-live.spec, the board's invitations).

interface Enrolled {
  readonly cookies: readonly Cookie[];
  readonly passkey: ExportedPasskey;
}

/** Whom this worker has enrolled, by site and name. A worker runs one test at a time. */
const enrolled = new Map<string, Promise<Enrolled>>();

/**
 * The server refuses an assertion whose signature counter has not moved on past the last it saw
 * (a cloned authenticator shows up so). A person's passkey is carried into each test's own
 * authenticator with its counter this far past the one the previous test began from: no test makes
 * this many assertions.
 */
const ASSERTIONS_PER_TEST = 10_000;
let lastCounter = 0;

async function enrolAside(
  page: Page,
  site: SiteName,
  enrol: (aside: Page) => Promise<Authenticator>,
): Promise<Enrolled> {
  const browser = page.context().browser();
  if (!browser) throw new Error('The page has no browser to enrol a person in a profile of their own.');
  const profile = await browser.newContext();
  try {
    const authenticator = await enrol(await profile.newPage());
    const [passkey] = await authenticator.passkeys();
    if (!passkey) throw new Error(`Enrolling at the ${site} made no passkey.`);
    const cookies = await profile.cookies(SITES[site].origin);
    if (cookies.length === 0) throw new Error(`Enrolling at the ${site} left no session.`);
    return { cookies, passkey };
  } finally {
    await profile.close();
  }
}

/**
 * `name`, a person of `site`, signed in on `page`'s browser profile with their passkey in the
 * page's authenticator (which answers their passkey's ceremonies): enrolled by `enrol`, in a profile
 * of its own, the first time this worker needs them. The page itself is not opened.
 */
export async function signedInOnce(
  page: Page,
  site: SiteName,
  name: string,
  enrol: (aside: Page) => Promise<Authenticator>,
): Promise<Authenticator> {
  const key = `${site}\n${name}`;
  let person = enrolled.get(key);
  if (person === undefined) {
    person = enrolAside(page, site, enrol);
    enrolled.set(key, person);
    // A failed enrolment is the test's failure, not every later test's.
    person.catch(() => enrolled.delete(key));
  }
  const { cookies, passkey } = await person;
  await page.context().addCookies([...cookies]);
  const authenticator = await addPasskeyAuthenticator(page);
  lastCounter += ASSERTIONS_PER_TEST;
  await authenticator.holdPasskey({ ...passkey, signCount: lastCounter });
  return authenticator;
}

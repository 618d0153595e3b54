// First, before anything reads an origin: this worker's port base (see server-sets.ts).
import { test, expect } from './fixtures.ts';
import { deskReady, openDeskSignedOut } from './desk-page.ts';
import { addPasskeyAuthenticator, enrolDispatcher } from './passkey.ts';
import { setupLink } from './site-control.ts';

// Only a person adds a person. An agent holding the browser (a virtual authenticator of its own,
// same-origin fetches with the page's cookie) cannot enrol without a one-time link, and a
// signed-in dispatcher's session cannot invite, remove or enrol anyone without that dispatcher's
// fresh passkey assertion. What a person does with their passkey is on the ledger.

type Answer = { ok: boolean; code?: string; [key: string]: unknown };

test('without a setup link a browser cannot enrol; with one, one dispatcher enrols once and the link then refuses', async ({
  page,
}) => {
  await addPasskeyAuthenticator(page);
  await openDeskSignedOut(page);
  // No link: the page offers no enrolment, and the server refuses one asked for by hand.
  await expect(page.locator('#enrol')).toHaveCount(0);
  const before = await page.evaluate(async () => (await (await fetch('/api/session')).json()) as Answer);
  const refused = await page.evaluate(async () => {
    const response = await fetch('/api/dispatchers/options', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'An agent' }),
    });
    return { status: response.status, body: (await response.json()) as Answer };
  });
  expect(refused).toMatchObject({ status: 403, body: { ok: false, code: 'LINK_REQUIRED' } });
  expect(await page.evaluate(async () => (await (await fetch('/api/session')).json()) as Answer)).toEqual(before);

  // The operator's link, opened once: one dispatcher.
  const link = await setupLink('desk');
  await page.goto(link);
  await page.locator('#dispatcher-name-input').fill('Ada Setup');
  await page.locator('#enrol').click();
  await expect(page.locator('#dispatcher-name')).toHaveText('Ada Setup');
  await deskReady(page);
  await expect(page.locator('#ledger-rows tr[data-event="dispatcher_enrolled"]')).toHaveCount(1);

  // The same link again, in another browser with a passkey of its own: refused.
  const other = await (await page.context().browser()!.newContext()).newPage();
  await addPasskeyAuthenticator(other);
  await other.goto(link);
  await other.locator('#dispatcher-name-input').fill('Eve Again');
  await other.locator('#enrol').click();
  await expect(other.locator('#dispatcher-answer')).toContainText('one-time link');
  await expect(other.locator('#dispatcher-name')).toHaveCount(0);
  // Its own browser closes with the test: a desk page left open would go on reading the record
  // (and, were anyone signed in there, acting) beside the next test's desk.
  await other.context().close();
});

test("in a signed-in dispatcher's page, a fetch that enrols, invites or removes without a fresh passkey is refused; with the passkey it is done and on the ledger", async ({
  page,
}) => {
  await addPasskeyAuthenticator(page);
  await openDeskSignedOut(page);
  await enrolDispatcher(page, 'Ada Session');
  const id = await page.locator('#dispatcher-name + small').textContent();
  const me = /D-[0-9a-f]{8}/.exec(id ?? '')?.[0] ?? '';
  const asked = await page.evaluate(async (me) => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Answer };
    };
    return {
      enrol: await post('/api/dispatchers/options', { name: 'Second Passkey' }),
      invite: await post('/api/invitations', { name: 'Mallory' }),
      remove: await post(`/api/dispatchers/${me}/remove`, {}),
    };
  }, me);
  expect(asked.enrol.body).toMatchObject({ ok: false, code: 'LINK_REQUIRED' });
  expect(asked.invite.body).toMatchObject({ ok: false, code: 'PASSKEY_REQUIRED' });
  expect(asked.remove.body).toMatchObject({ ok: false, code: 'PASSKEY_REQUIRED' });
  await expect(page.locator('#ledger-rows tr[data-event="dispatcher_invited"]')).toHaveCount(0);

  // With her passkey, Ada invites Ben: an invitation link, and a row saying she did.
  await page.locator('#people-panel summary').click();
  await page.locator('#invitee-name').fill('Ben Invited');
  await page.locator('#invite').click();
  await expect(page.locator('#invitation-link')).toHaveValue(/#enrol=[A-Za-z0-9_-]{43}$/);
  await expect(page.locator('#ledger-rows tr[data-event="dispatcher_invited"]')).toHaveCount(1);
  const invitation = await page.locator('#invitation-link').inputValue();

  // Ben opens it in his own browser, and enrols under the name Ada's passkey signed.
  const ben = await (await page.context().browser()!.newContext()).newPage();
  await addPasskeyAuthenticator(ben);
  await ben.goto(invitation);
  await ben.locator('#dispatcher-name-input').fill('Someone Else');
  await ben.locator('#enrol').click();
  await expect(ben.locator('#dispatcher-name')).toHaveText('Ben Invited');
  await deskReady(ben);

  // Ada removes Ben with her passkey; the ledger says who removed whom.
  // Closing and opening the list reads it again.
  await page.locator('#people-panel summary').click();
  await page.locator('#people-panel summary').click();
  const benRow = page.locator('#people-list li', { hasText: 'Ben Invited' });
  await benRow.locator('button.remove-person').click();
  await expect(page.locator('#people-answer')).toContainText('Ben Invited is no longer a dispatcher here');
  await expect(page.locator('#ledger-rows tr[data-event="dispatcher_removed"]')).toHaveCount(1);
  await ben.context().close();
});

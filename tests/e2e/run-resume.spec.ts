import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { deskInItsOwnProcess } from './desk-process.ts';
import { openDesk, openDeskSignedOut, scenarioToTheHalt } from './desk-page.ts';
import { addPasskeyAuthenticator, enrolDispatcher } from './passkey.ts';
import { challengeOf, expectDoneOnce, partnerWrites, runEnded, serverRunStatus } from './server-run.ts';

// An approved run is the desk's server's (issue 29): once the dispatcher's passkey has granted
// Food and beds, the server writes each step server to server, and no page is needed for it. So
// closing every desk tab the moment the grant is answered, or killing the desk's server with
// SIGKILL then and starting it again with no page open, still ends in one run: each step written
// once at its partner, every row of it on the ledger. What the test checks it reads where a person
// would: the partner's own server and page, and a desk page opened afterwards (the card, the
// exported ledger, "Receipts, both sides").

let names = 0;
const dispatcherName = (who: string): string => `${who} ${Date.now().toString(36)}${(names += 1)}`;

/** Clicks Approve on A-1 (the virtual authenticator answers) and resolves once the desk's server granted it. */
async function approve(page: Page): Promise<void> {
  const granted = page.waitForResponse((response) =>
    /^\/api\/approvals\/[^/]+\/grant$/.test(new URL(response.url()).pathname),
  );
  await page.locator('#approval-A-1 button.approve').click();
  const answer = await granted;
  expect(await answer.json()).toMatchObject({ ok: true, run: 'running' });
}

test('an approved run goes on with every desk tab closed at once: each step written once, its rows on the ledger a new page reads', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const context = page.context();
  await addPasskeyAuthenticator(page);
  await openDeskSignedOut(page);
  await enrolDispatcher(page, dispatcherName('Ada'));
  await scenarioToTheHalt(page);
  const challenge = await challengeOf(page);
  // A second tab of the same dispatcher, acting beside the first.
  const second = await context.newPage();
  await openDesk(second);

  await approve(page);
  await Promise.all(context.pages().map((open) => open.close()));
  expect(context.pages()).toHaveLength(0);

  // No desk page is open: the desk's server runs the plan to its end by itself.
  expect(await runEnded(challenge)).toBe('done');
  await expectDoneOnce(await context.newPage(), browser);
});

test("the desk's server killed (SIGKILL) mid-run and started again with no page open: the run ends, each step written once, every row on the ledger", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const desk = await deskInItsOwnProcess();
  const link = desk.setupLink;
  try {
    const context = page.context();
    await addPasskeyAuthenticator(page);
    await openDeskSignedOut(page);
    await enrolDispatcher(page, dispatcherName('Bo'), link);
    await scenarioToTheHalt(page);
    const challenge = await challengeOf(page);

    // The grant has been answered and the run begun on the server: it is killed there and then,
    // and every desk page is closed, so nothing but the server can take the run up.
    await approve(page);
    await desk.kill();
    await Promise.all(context.pages().map((open) => open.close()));
    expect(await serverRunStatus(challenge)).toBeNull();
    // Whatever the kill interrupted, no partner holds a step twice.
    expect((await partnerWrites('pantry')).length).toBeLessThanOrEqual(1);
    expect((await partnerWrites('shelter')).length).toBeLessThanOrEqual(1);

    await desk.restart();
    // With every partner up, the run the server takes up ends done.
    expect(await runEnded(challenge)).toBe('done');
    await expectDoneOnce(await context.newPage(), browser);
  } finally {
    await desk.giveBack();
  }
});

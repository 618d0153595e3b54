import { expect, test } from './fixtures.ts';
import { deskInItsOwnProcess } from './desk-process.ts';
import { openDeskSignedOut, scenarioToTheHalt } from './desk-page.ts';
import { addPasskeyAuthenticator, enrolDispatcher } from './passkey.ts';
import { challengeOf, expectDoneOnce, partnerWrites, runEnded } from './server-run.ts';

// A write a partner committed whose answer the desk may never have recorded (issue 16 item 5,
// issue 29). The desk's server runs Food and beds server to server; the moment the pantry's own
// server holds its write, the desk's server is killed with SIGKILL, so the pantry's answer is
// lost with it, or lands just before, and every desk page is closed. Started again with no page
// open, the server takes the run up: it asks each partner by the step's idempotency key before
// writing anything, so the pantry's step is never written twice and the shelter's is written once.
// (The page's own take-up of a run, which this spec tested before, is gone: runs are the server's.)

test('a write the pantry committed as the desk died is asked for by key after the restart: each step written once, the run done, receipts matched both sides', async ({
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
    await enrolDispatcher(page, `Cy ${Date.now().toString(36)}`, link);
    await scenarioToTheHalt(page);
    const challenge = await challengeOf(page);

    await page.locator('#approval-A-1 button.approve').click();
    // The pantry's own server holds the write: the desk's server dies there and then.
    await expect.poll(() => partnerWrites('pantry'), { timeout: 30_000, intervals: [10] }).toEqual(['reserve_parcels']);
    await desk.kill();
    await Promise.all(context.pages().map((open) => open.close()));
    expect((await partnerWrites('shelter')).length).toBeLessThanOrEqual(1);

    await desk.restart();
    expect(await runEnded(challenge)).toBe('done');
    await expectDoneOnce(await context.newPage(), browser);
  } finally {
    await desk.giveBack();
  }
});

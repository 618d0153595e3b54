import { axeScan } from './axe.ts';
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { overflowAtPhoneWidth } from './fits-a-phone.ts';
import type { LedgerRow } from '@warrant/ledger';
import { agentFor, laneOf, type Agent } from './agent.ts';
import { openDeskAsDispatcher, toTheHalt } from './desk-page.ts';
import { startSite, stopSite } from './site-control.ts';
import { POLYFILL } from './lanes.ts';
import { partnerWrites } from './server-run.ts';

// A lease whose partner is gone fails at once, with a row saying why (issue 15, item 6): the
// partner's frame navigated elsewhere (an agent holding the browser can do that to any frame), or
// the partner's server stopped (stopped for real: its serve-all closes it, connections and all,
// and starts it again). The desk then says the partner is down while it is, and a call in flight
// on the lease ends at once, not when the lease's time runs out — so an approved run undoes the
// steps it did while its leases on the other partners still live, and both sides' receipts match.

const FAMILY = {
  people: 4,
  needs: ['food', 'bed'],
  place: 'Harbour Street community hall',
  note: 'Two adults and two children.',
};
const dayOf = (day: Date): string =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

// Whatever a test stopped is serving again before the next test resets it.
test.afterEach(async () => {
  for (const site of ['pantry', 'shelter'] as const) await startSite(site);
});

function result(answer: unknown): Record<string, unknown> {
  return answer as Record<string, unknown>;
}

/** A dispatcher at the desk, and an agent that took a request in and opened read leases on the pantry and the shelter. */
async function readLeases(page: Page, agent: Agent): Promise<{ request: string; pantry: string; shelter: string }> {
  await openDeskAsDispatcher(page);
  await expect.poll(() => agent.names()).toContain('intake_request');
  const intake = result(await agent.call('intake_request', { ...FAMILY, deadline: `${dayOf(new Date())}T21:00` }));
  expect(intake).toMatchObject({ ok: true });
  const request = (intake['request'] as { id: string }).id;
  await expect.poll(() => agent.names()).toContain('open_lease');
  const leases: Record<string, string> = {};
  for (const partner of ['pantry', 'shelter']) {
    const opened = result(await agent.call('open_lease', { partner, purpose: 'read_capacity', ttl: 240, request }));
    expect(opened).toMatchObject({ ok: true, lease: { state: 'active' } });
    leases[partner] = (opened['lease'] as { id: string }).id;
  }
  return { request, pantry: leases['pantry'] as string, shelter: leases['shelter'] as string };
}

/** The desk's ledger rows as its server keeps them. */
async function deskRows(): Promise<LedgerRow[]> {
  const answer = (await (await fetch(`${SITES.desk.origin}/api/logs/ledger`)).json()) as {
    entries: { record: LedgerRow }[];
  };
  return answer.entries.map((entry) => entry.record);
}

/** The desk's rows once the run of approval A-1 has its last row on the desk's server. */
async function rowsOfTheEndedRun(): Promise<LedgerRow[]> {
  await expect
    .poll(async () => (await deskRows()).some((row) => row.event === 'plan_finished' && row.approval === 'A-1'))
    .toBe(true);
  return deskRows();
}

async function failedRow(lease: string): Promise<LedgerRow | undefined> {
  return (await deskRows()).find((row) => row.event === 'lease_failed' && row.lease === lease);
}

/** The frame mounted for a lease of this purpose on this partner. */
function leaseFrame(page: Page, site: 'pantry' | 'shelter', purpose: 'read_capacity' | 'execute_plan'): Frame {
  const frame = page
    .frames()
    .find(
      (candidate) =>
        candidate.url().startsWith(SITES[site].origin) && candidate.url().includes(`lease-purpose=${purpose}`),
    );
  if (!frame) throw new Error(`no ${purpose} frame of the ${site} on the desk`);
  return frame;
}

/** Navigates a partner's frame elsewhere, as an agent holding the browser can (Page.navigate on the frame). */
async function navigateAway(frame: Frame): Promise<void> {
  // The desk removes the frame as soon as it sees the navigation, so the frame may be gone before Playwright hears it arrive.
  await frame.goto('about:blank', { waitUntil: 'commit' }).catch((error: unknown) => {
    if (!/detached/i.test(String(error))) throw error;
  });
}

const leaseRow = (page: Page, lease: string) => page.locator(`#leases li.lease[data-lease="${lease}"]`);

test(
  'a read lease whose partner frame is navigated elsewhere fails at once, with a row saying why, and the next read on it is refused',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = agentFor(page, laneOf(testInfo));
    const { request, pantry, shelter } = await readLeases(page, agent);
    await navigateAway(leaseFrame(page, 'pantry', 'read_capacity'));

    await expect(leaseRow(page, pantry)).toHaveAttribute('data-state', 'failed');
    await expect(leaseRow(page, pantry)).toContainText('Ended: the partner frame navigated away');
    await expect
      .poll(async () => (await failedRow(pantry))?.detail)
      .toMatch(/reason="the partner frame navigated away/);
    await expect(page.locator(`#partner-frames iframe[data-lease="${pantry}"]`)).toHaveCount(0);

    // The next read on it is refused at once; the shelter's lease, whose frame stayed, still reads.
    const refused = result(await agent.call('find_capacity', { request, partners: ['pantry'] }));
    expect(refused).toMatchObject({ ok: false, isError: true, code: 'NO_ACTIVE_READ_LEASE' });
    await expect(leaseRow(page, shelter)).toHaveAttribute('data-state', 'active');
    const read = result(await agent.call('find_capacity', { request, partners: ['shelter'] }));
    expect(read).toMatchObject({ ok: true });
    expect(read['reads']).toEqual(expect.arrayContaining([expect.objectContaining({ partner: 'shelter', ok: true })]));
    expect(
      (read['reads'] as { partner: string; ok: boolean }[]).every((one) => one.partner === 'shelter' && one.ok),
    ).toBe(true);
  },
);

test("a read lease whose partner's server stops fails at once; the desk says the partner is down while it is, and leases work again once it is back", async ({
  page,
}, testInfo) => {
  // Four full axe passes (a partner down, then back, at two widths): the slow test's time on a busy machine.
  test.slow();
  const agent = agentFor(page, laneOf(testInfo));
  const { request, pantry } = await readLeases(page, agent);

  await stopSite('pantry');
  await expect(leaseRow(page, pantry)).toHaveAttribute('data-state', 'failed');
  await expect(leaseRow(page, pantry)).toContainText("Ended: the partner's server cannot be reached");
  await expect
    .poll(async () => (await failedRow(pantry))?.detail)
    .toMatch(/reason="the partner's server cannot be reached/);
  const down = page.locator('#partners-down li[data-partner="pantry"]');
  await expect(down).toContainText('Food pantry is down: its server cannot be reached.');
  await expect(page.locator('#partners-down li[data-partner="shelter"]')).toHaveCount(0);
  // The page with the banner is heard and read like the rest: no serious or critical axe violation, at either width.
  await expectAccessibleAtBothWidths(page, 'a partner down');

  await startSite('pantry');
  // Where it said the pantry was down, the desk says it is back.
  await expect(down).toHaveAttribute('data-state', 'back');
  await expect(down).toContainText('Food pantry is back: its server answers again.');
  await expect(page.locator('#partners-down li[data-state="down"]')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'a partner back');
  const again = result(
    await agent.call('open_lease', { partner: 'pantry', purpose: 'read_capacity', ttl: 60, request }),
  );
  expect(again).toMatchObject({ ok: true, lease: { state: 'active' } });
});

/** The whole desk page (the partners' own pages in their frames are checked on their own origins) at 1440 and 390 px, and it fits a phone. */
async function expectAccessibleAtBothWidths(page: Page, state: string): Promise<void> {
  const size = page.viewportSize();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await axeScan(page, { exclude: '#partner-frames iframe' });
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      state,
    ).toEqual([]);
  }
  expect(await overflowAtPhoneWidth(page, state)).toEqual([]);
  if (size) await page.setViewportSize(size);
}

async function ownPageHolds(page: Page, site: 'pantry' | 'shelter'): Promise<void> {
  const own = await page.context().newPage();
  await own.goto(`${SITES[site].origin}/`);
  await expect(own.locator('body')).toHaveAttribute('data-ready', 'true');
  if (site === 'pantry') {
    await expect(own.locator('#held-count')).toHaveText('0');
    await expect(own.locator('#reservations [data-reservation][data-status="held"]')).toHaveCount(0);
  } else {
    await expect(own.locator('#holds [data-hold][data-status="held"]')).toHaveCount(0);
  }
  await own.close();
}

async function receiptsMatchEverywhere(page: Page): Promise<void> {
  await page.click('#check-receipts');
  await expect(page.locator('#receipts-result')).toContainText('Every partner holds what the ledger says');
  await expect(page.locator('#receipts-list > li[data-partner="pantry"]')).toHaveAttribute(
    'data-matched',
    /^([1-9]\d*)\/\1$/,
  );
  await expect(page.locator('#receipts-list > li[data-partner="shelter"]')).toHaveAttribute(
    'data-matched',
    /^(\d+)\/\1$/,
  );
}

test("an approved run whose second partner's server is down fails at once: the first step is undone, the card says where it failed and why, both sides' receipts match once it is back, and Try again runs the plan under a new passkey approval", async ({
  page,
}) => {
  await toTheHalt(page, 'Ada Okafor');
  // The shelter's server stops while the approval waits: the desk says so.
  await stopSite('shelter');
  await expect(page.locator('#partners-down li[data-partner="shelter"]')).toContainText('Shelter');
  const card = page.locator('#approval-A-1');
  await card.locator('button.approve').click();

  // The desk's server wrote the pantry's step, could not reach the shelter, and undid the pantry's.
  // What the shelter holds it cannot know while the shelter is down: the run failed there, and says so.
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'failed', { timeout: 30_000 });
  await expect(card.locator('[data-run]')).toContainText("Failed at Shelter: shelter's server cannot be reached");
  const rows = await rowsOfTheEndedRun();
  expect(rows.some((row) => row.event === 'step_compensated' && row.to === 'pantry')).toBe(true);
  expect(rows.some((row) => row.event === 'compensation_failed')).toBe(false);
  await ownPageHolds(page, 'pantry');

  await startSite('shelter');
  await expect(page.locator('#partners-down li[data-partner="shelter"]')).toContainText('Shelter is back');
  await expect(page.locator('#partners-down li[data-state="down"]')).toHaveCount(0);
  await ownPageHolds(page, 'shelter');
  await receiptsMatchEverywhere(page);

  // The shelter is back: the person tries again. A new approval of the same plan waits, brought into view
  // and focused; their passkey again, and the run writes both steps, each once.
  await expect(card.locator('.try-again p')).toContainText('When Shelter is back, try the same plan again');
  await card.getByRole('button', { name: 'Try again' }).click();
  const again = page.locator('#approval-A-2');
  await expect(again).toHaveAttribute('data-status', 'pending');
  // The same plan: the digest the person's passkey binds is the failed run's.
  await expect(again.locator('.digest-value')).toHaveText((await card.locator('.digest-value').textContent()) ?? '');
  await expect(page.locator('#approval-A-2-title')).toBeFocused();
  await expect(card.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await again.locator('button.approve').click();
  await expect(again.locator('[data-run]')).toHaveAttribute('data-run', 'done', { timeout: 30_000 });
  expect(await partnerWrites('pantry')).toEqual(['reserve_parcels', 'release_parcels', 'reserve_parcels']);
  expect(await partnerWrites('shelter')).toEqual(['hold_beds']);
  await receiptsMatchEverywhere(page);
});

test("the shelter down at approval: the run fails, the desk's server closes the request's leases, the page removes their frames and says none is open, and close_lease on one answers that it is closed", async ({
  page,
}, testInfo) => {
  const agent = agentFor(page, laneOf(testInfo));
  const { request, pantry, shelter } = await readLeases(page, agent);
  await expect(page.locator('#partner-frames iframe')).toHaveCount(2);
  await expect.poll(() => agent.names()).toContain('draft_plan');
  const drafted = result(
    await agent.call('draft_plan', {
      request,
      label: 'Food and a family room for tonight',
      steps: [
        {
          partner: 'pantry',
          tool: 'reserve_parcels',
          args: { kind: 'family', count: 1, dietary: 'vegetarian', pickup_by: pickupDay() },
        },
        { partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 1, night: dayOf(new Date()) } },
      ],
    }),
  );
  expect(drafted).toMatchObject({ ok: true });
  await expect.poll(() => agent.names()).toContain('commit_plan');
  expect(result(await agent.call('commit_plan', { plan: (drafted['plan'] as { id: string }).id }))).toMatchObject({
    ok: true,
    approval_id: 'A-1',
  });

  // The shelter's server stops while the approval waits: its read lease fails with it (its page said
  // so); the pantry's stays open until the run's end.
  await stopSite('shelter');
  await expect(leaseRow(page, shelter)).toHaveAttribute('data-state', 'failed');
  await expect(leaseRow(page, pantry)).toHaveAttribute('data-state', 'active');
  const card = page.locator('#approval-A-1');
  await card.locator('button.approve').click();
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'failed', { timeout: 30_000 });

  // The desk's server closed the pantry's read lease with the run's end; the page follows its record.
  const why = 'closed when the run of A-1 ended: failed at Shelter';
  await expect(leaseRow(page, pantry)).toHaveAttribute('data-state', 'closed');
  await expect(leaseRow(page, pantry)).toContainText(`Ended: ${why}`);
  await expect(page.locator('#partner-frames iframe')).toHaveCount(0);
  await expect(page.locator('#live-lease-count')).toHaveText('0');
  await expect(page.locator('#leases')).toContainText('No lease is open');
  const closedRows = async () =>
    (await deskRows()).filter((row) => row.event === 'lease_closed' && row.lease === pantry);
  await expect
    .poll(async () => (await closedRows()).map((row) => row.detail))
    .toEqual([expect.stringContaining(`reason="${why}"`)]);

  // The agent that opened them closes them after: each is answered as closed, and nothing more is recorded.
  await expect.poll(() => agent.names()).toContain('close_lease');
  const closed = result(await agent.call('close_lease', { lease: pantry }));
  expect(closed).toMatchObject({ ok: true, lease: { id: pantry, state: 'closed' } });
  expect(String(closed['message'])).toMatch(/already closed/);
  expect(result(await agent.call('close_lease', { lease: shelter }))).toMatchObject({
    ok: true,
    lease: { id: shelter, state: 'failed' },
  });
  expect(await closedRows()).toHaveLength(1);
});

/** The first day from today the pantry is open (it is closed on Sundays). */
function pickupDay(): string {
  const day = new Date();
  if (day.getDay() === 0) day.setDate(day.getDate() + 1);
  return dayOf(day);
}

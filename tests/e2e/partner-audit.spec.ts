import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import type { LedgerRow } from '@warrant/ledger';
import { agentFor, laneOf, type Agent } from './agent.ts';
import { approveWithPasskey } from './passkey.ts';
import { openDeskAsDispatcher } from './desk-page.ts';

// A partner keeps what it saw of the desk's ledger: with its authorized write the pantry's server
// stored the desk's signed tree head, and its staff's "Check the desk's record" checks the desk's
// rows that name its receipts against the desk's signed heads. Here the relief scenario runs to a
// dispatcher's passkey approval, then the desk's stored row of the pantry's receipt is rewritten in
// its database behind its server (the browser tests' desk server has a route for exactly that), and
// the pantry's own page, in every tab, says the desk's record changed.

const FAMILY = {
  people: 4,
  needs: ['food', 'bed'],
  place: 'Harbour Street community hall',
  note: 'Two adults and two children.',
};

const dayOf = (day: Date): string =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
/** The pantry is closed on Sundays: its pickup is the first open day from today. */
function pickupDay(): string {
  const day = new Date();
  if (day.getDay() === 0) day.setDate(day.getDate() + 1);
  return dayOf(day);
}

function ok(result: unknown): Record<string, unknown> {
  expect(result).toMatchObject({ ok: true });
  return result as Record<string, unknown>;
}

/** The agent's part, up to the halt: intake, read leases, capacity, draft, commit. */
async function agentToTheHalt(agent: Agent): Promise<void> {
  await expect.poll(() => agent.names()).toContain('intake_request');
  const intake = ok(await agent.call('intake_request', { ...FAMILY, deadline: `${dayOf(new Date())}T21:00` }));
  const request = (intake['request'] as { id: string }).id;
  await expect.poll(() => agent.names()).toContain('open_lease');
  for (const partner of ['pantry', 'shelter'])
    ok(await agent.call('open_lease', { partner, purpose: 'read_capacity', ttl: 240, request }));
  await expect.poll(() => agent.names()).toContain('find_capacity');
  ok(await agent.call('find_capacity', { request }));
  await expect.poll(() => agent.names()).toContain('draft_plan');
  const steps = [
    {
      partner: 'pantry',
      tool: 'reserve_parcels',
      args: { kind: 'family', count: 1, dietary: 'vegetarian', pickup_by: pickupDay() },
    },
    { partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 1, night: dayOf(new Date()) } },
  ];
  const drafted = ok(await agent.call('draft_plan', { request, label: 'Food and a family room for tonight', steps }));
  await expect.poll(() => agent.names()).toContain('commit_plan');
  ok(await agent.call('commit_plan', { plan: (drafted['plan'] as { id: string }).id }));
}

/** The desk's ledger rows as its server keeps them. */
async function deskRows(): Promise<LedgerRow[]> {
  const answer = (await (await fetch(`${SITES.desk.origin}/api/logs/ledger`)).json()) as {
    entries: { record: LedgerRow }[];
  };
  return answer.entries.map((entry) => entry.record);
}

async function openPantry(page: Page): Promise<void> {
  await page.goto(`${SITES.pantry.origin}/`);
  await expect(page.locator('#check-desk')).toBeVisible();
}

test("a desk row rewritten in the desk's database behind its server: the pantry's check says on its own page, in every tab, that the desk's record changed", async ({
  page,
  context,
}, testInfo) => {
  await openDeskAsDispatcher(page);
  await agentToTheHalt(agentFor(page, laneOf(testInfo)));
  const card = page.locator('#approval-A-1');
  await approveWithPasskey(card);
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done');

  // The pantry's receipt, as the desk recorded it.
  await expect
    .poll(async () => (await deskRows()).some((row) => row.event === 'plan_finished'), { timeout: 30_000 })
    .toBe(true);
  const receiptRow = (await deskRows()).find(
    (row) => row.event === 'tool_result' && row.from === 'pantry' && /receipt=\S+/.test(row.detail),
  );
  if (!receiptRow) throw new Error("the desk recorded no row of the pantry's receipt");

  // Before anything is rewritten, the pantry's staff check the desk: it holds.
  const staff = page;
  await openPantry(staff);
  const other = await context.newPage();
  await openPantry(other);
  await staff.locator('#check-desk').click();
  await expect(staff.locator('#desk-audit-latest')).toHaveAttribute('data-outcome', 'passed');
  await expect(staff.locator('#desk-audit-latest')).toContainText(/^Desk record checked \d\d:\d\d: /);

  // Someone holding the desk's database changes what the row of the pantry's receipt says.
  const rewritten = await fetch(`${SITES.desk.origin}/api/test/rewrite-ledger-row`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seq: receiptRow.seq, detail: `${receiptRow.detail} note=amended` }),
  });
  expect(await rewritten.json()).toMatchObject({ ok: true });

  await staff.locator('#check-desk').click();
  for (const tab of [staff, other]) {
    await expect(tab.locator('#desk-audit-latest')).toHaveAttribute('data-outcome', 'failed');
    await expect(tab.locator('#desk-findings li[data-code="ROW_NOT_IN_HEAD"]')).toContainText(
      `The desk's record changed after we saw it: its row ${receiptRow.seq}, which names our receipt`,
    );
  }
});

import { expect, test } from './fixtures.ts';
import { verifyCanonical } from '@warrant/authority';
import { COMMIT_NEXT, PARTNER_MANIFEST_PATH, readPartnerManifest } from '@warrant/broker';
import { SITES } from '@warrant/config';
import { verifyLedger } from '@warrant/ledger';
import { isoDay } from '../../packages/partner-kit/src/week.ts';
import { agentFor, laneOf } from './agent.ts';
import { approveWithPasskey } from './passkey.ts';
import { exportedLedgerFile, openDeskAsDispatcher } from './desk-page.ts';
import { overflowAtPhoneWidth } from './fits-a-phone.ts';

// The fifth partner, the laundry, added as data: its own site and server, a row in the origin
// registry and an entry in the desk's partners.json, and no change to any package. The relief
// scenario runs through it in both lanes as through the others: an agent (a real caller) takes
// intake, a read lease, the capacity read and a plan to the halt; a person approves with a passkey;
// the write lands at the laundry with a receipt the laundry signed with the key it publishes, and
// the desk's ledger holds that receipt, verified.

const today = (): string => isoDay(new Date());

function ok(result: unknown): Record<string, unknown> {
  expect(result).toMatchObject({ ok: true });
  return result as Record<string, unknown>;
}

interface LaundryWrite {
  readonly kind: string;
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly receipt: {
    readonly id: string;
    readonly tool: string;
    readonly request: string;
    readonly digest: string;
    readonly signature: string;
  };
}

/** What the laundry's own server holds: its writes, each with the receipt it signed. */
async function laundryWrites(): Promise<LaundryWrite[]> {
  const record = (await (await fetch(`${SITES.laundry.origin}/api/record`)).json()) as { entries: LaundryWrite[] };
  return record.entries.filter((entry) => entry.kind === 'write');
}

test('the laundry, added as data: an agent leases it, reads its loads, drafts a wash slot and halts; a person approves with a passkey; the laundry books it with a signed receipt the ledger holds, verified', async ({
  page,
}, testInfo) => {
  await openDeskAsDispatcher(page);
  const agent = agentFor(page, laneOf(testInfo));

  // Lease: the laundry is offered like every partner, and its frame comes up on its own origin.
  await expect.poll(() => agent.names()).toEqual(['intake_request', 'read_ledger']);
  const intake = ok(
    await agent.call('intake_request', {
      people: 3,
      needs: ['bed'],
      place: 'Harbour Street community hall',
      note: 'A family of three, clothes soaked after a flat flood.',
      deadline: `${today()}T20:00`,
    }),
  );
  const request = (intake['request'] as { id: string }).id;
  await expect.poll(() => agent.names()).toContain('open_lease');
  const opened = ok(
    await agent.call('open_lease', { partner: 'laundry', purpose: 'read_capacity', ttl: 240, request }),
  );
  expect(opened).toMatchObject({
    lease: { partner: 'laundry', purpose: 'read_capacity', state: 'active' },
    tools: ['laundry_capacity', 'read_laundry_notes'],
  });
  await expect(page.locator('#partner-frames iframe[data-partner="laundry"]')).toHaveCount(1);

  // Read: the desk's configured capacity reads, through the broker, quarantined.
  await expect.poll(() => agent.names()).toContain('find_capacity');
  const capacity = ok(await agent.call('find_capacity', { request }));
  expect(capacity['reads']).toEqual([
    { partner: 'laundry', tool: 'laundry_capacity', ok: true },
    { partner: 'laundry', tool: 'read_laundry_notes', ok: true },
  ]);
  expect(String(capacity['data'])).toMatch(/^<<<data [0-9a-f]{16}>>>/);
  expect(String(capacity['data'])).toContain('"window":"evening"');

  // Plan: a write the laundry's manifest declares, with its undo, under the scope it gives execute_plan.
  await expect.poll(() => agent.names()).toContain('draft_plan');
  const drafted = ok(
    await agent.call('draft_plan', {
      request,
      label: 'Two loads of washing tonight',
      steps: [{ partner: 'laundry', tool: 'book_wash_slot', args: { day: today(), window: 'evening', loads: 2 } }],
    }),
  );
  // A tool the manifest does not list is not plannable.
  expect(
    await agent.call('draft_plan', {
      request,
      label: 'Everything',
      steps: [{ partner: 'laundry', tool: 'book_every_slot', args: {} }],
    }),
  ).toMatchObject({ ok: false });
  await expect.poll(() => agent.names()).toContain('commit_plan');
  const halt = ok(await agent.call('commit_plan', { plan: (drafted['plan'] as { id: string }).id }));
  expect(halt).toMatchObject({
    status: 'awaiting_human_approval',
    approval_id: 'A-1',
    digest: drafted['digest'],
    nothing_ran: { partner_state_changed: false, lease_created: false, step_invoked: false },
  });
  expect(halt['next']).toMatch(new RegExp(`^${COMMIT_NEXT}; to learn the outcome later, call read_ledger`));
  expect(await laundryWrites()).toEqual([]);

  // Approve: the digest the person sees names the laundry's origin and tool.
  const card = page.locator('#approval-A-1');
  await expect(card).toHaveAttribute('data-status', 'pending');
  await expect(card.locator('.canonical-bytes')).toContainText(`"origin":"${SITES.laundry.origin}"`);
  await expect(card.locator('.canonical-bytes')).toContainText('"tool":"book_wash_slot"');
  await approveWithPasskey(card);
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done');
  await expect(card.locator('li[data-state="done"]')).toHaveCount(1);

  // The run over, the desk closes the request's leases, the read lease's frame with them.
  await expect(page.locator('#partner-frames iframe[data-partner="laundry"]')).toHaveCount(0);
  // The desk after the run, and the laundry's own page with the booking, fit a phone.
  const wide = await overflowAtPhoneWidth(page, 'the desk after the laundry run');
  // Write: the laundry's own page shows the booking the desk's server made there.
  const own = await page.context().newPage();
  await own.goto(`${SITES.laundry.origin}/`);
  await expect(own.locator('#bookings [data-booking][data-status="booked"]')).toHaveCount(1);
  await expect(own.locator('#bookings [data-booking]')).toContainText(request);
  wide.push(...(await overflowAtPhoneWidth(own, "the laundry's own page with a booking")));
  await own.close();
  expect(wide).toEqual([]);

  // Receipt: signed by the laundry with the key it publishes, and on the desk's ledger, verified.
  const [write] = await laundryWrites();
  expect(write).toMatchObject({
    tool: 'book_wash_slot',
    args: { day: today(), window: 'evening', loads: 2, request },
    receipt: { tool: 'book_wash_slot', request },
  });
  const manifest = readPartnerManifest(await (await fetch(`${SITES.laundry.origin}${PARTNER_MANIFEST_PATH}`)).json());
  if (!manifest.ok) throw new Error(manifest.problem);
  const { signature, ...signed } = write!.receipt;
  expect(verifyCanonical(manifest.manifest.receipt_key!, signed, signature)).toBe(true);

  const { text, rows } = await exportedLedgerFile(page);
  expect(verifyLedger(text)).toMatchObject({ ok: true, rows: rows.length });
  const reads = rows.filter(
    (row) => row.event === 'tool_result' && row.to === 'desk' && row.from === 'laundry' && row.approval === '',
  );
  // Both reads, made at once: the ledger holds them in the order they were answered.
  expect(reads.map((row) => /tool=(\w+)/.exec(row.detail)?.[1]).sort()).toEqual([
    'laundry_capacity',
    'read_laundry_notes',
  ]);
  const writes = rows.filter((row) => row.event === 'tool_result' && row.approval === 'A-1');
  expect(writes).toHaveLength(1);
  expect(writes[0]).toMatchObject({ from: 'laundry', status: 'ok' });
  expect(writes[0]!.detail).toContain(
    `receipt=${write!.receipt.id} receipt_digest=${write!.receipt.digest} verified=yes`,
  );
  expect(rows.find((row) => row.event === 'approval_signed')).toMatchObject({
    actor: 'human',
    approval: 'A-1',
    detail: expect.stringMatching(/name="Ada Okafor"/),
  });
});

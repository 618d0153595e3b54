import { readFileSync } from 'node:fs';
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PARTNER_ENVELOPE } from '@warrant/broker';
import { SITES } from '@warrant/config';
import { parseLedger, type LedgerRow } from '@warrant/ledger';
import { agentFor, laneOf } from './agent.ts';
import { addPasskeyAuthenticator, approveWithPasskey, enrolDispatcher } from './passkey.ts';

// The partner frames as defence in depth (issue 16, item 4): a frame the desk mounts for a read
// lease registers its reads only, and its writes appear only in a frame mounted for execute_plan;
// the broker's port to a frame is bound once. Neither is the boundary (each partner's server
// refuses an unauthorized write, authority.spec): they keep what a frame offers to what its lease
// is for. What the test checks it reads where anyone could: the frame's tools as an agent over
// CDP sees them (native), and the desk's exported ledger (both lanes).

const WRITES = ['reserve_parcels', 'release_parcels', 'hold_beds', 'release_beds'];

async function exportedLedger(page: Page): Promise<LedgerRow[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-ledger')]);
  const parsed = parseLedger(readFileSync(await download.path(), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
}

/** The desk opened by a dispatcher with a passkey, the relief scenario run to its halt (read leases on the pantry and the shelter). */
async function toTheHalt(page: Page, who: string): Promise<void> {
  await addPasskeyAuthenticator(page);
  await page.goto(`${SITES.desk.origin}/`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await enrolDispatcher(page, who);
  await page.click('#run-scenario');
  await expect(page.locator('#runner')).toHaveAttribute('data-status', 'awaiting_approval', { timeout: 30_000 });
  await expect(page.locator('#partner-frames iframe')).toHaveCount(2);
}

/** The tools each lease's frame was found with, by the broker's own discovery, and what it declared apart. */
function discovery(rows: readonly LedgerRow[]): Array<{ lease: string; partner: string; purpose: string; names: string[]; declared: string[] }> {
  const purposes = new Map(rows.filter((row) => row.event === 'lease_opened').map((row) => [row.lease, /purpose=(\w+)/.exec(row.detail)?.[1] ?? '']));
  return rows
    .filter((row) => row.event === 'tools_discovered')
    .map((row) => ({
      lease: row.lease,
      partner: row.from,
      purpose: purposes.get(row.lease) ?? '',
      names: /names=(\S+)/.exec(row.detail)?.[1]?.split(',') ?? [],
      declared: /declared=(\S+)/.exec(row.detail)?.[1]?.split(',') ?? [],
    }));
}

function partnerFrame(page: Page, site: 'pantry' | 'shelter'): Frame {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(SITES[site].origin));
  if (!frame) throw new Error(`no ${site} frame on the desk`);
  return frame;
}

test('a read lease’s frame registers its reads and no write; an execute_plan frame registers the writes, and the run writes through it', async ({ page }, testInfo) => {
  const lane = laneOf(testInfo);
  await toTheHalt(page, `Frames ${lane} ${Date.now().toString(36)}`);
  const shelter = partnerFrame(page, 'shelter');
  await expect(shelter.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(shelter.locator('html')).toHaveAttribute('data-writes', 'false');
  if (lane === 'native') {
    // As an agent over CDP sees the frame: its reads, none of its writes.
    const names = (await shelter.webmcp.tools()).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['list_bed_availability', 'check_accessibility', 'read_shelter_notes']));
    expect(names.filter((name) => WRITES.includes(name))).toEqual([]);
  }
  // The frame's own page says why its writes are not offered.
  await expect(shelter.locator('#out-of-order [data-tool="hold_beds"]')).toContainText('execute_plan');

  const card = page.locator('#approval-A-1');
  await approveWithPasskey(card);
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done');
  await expect.poll(async () => (await exportedLedger(page)).some((row) => row.event === 'plan_finished' && row.approval === 'A-1'), { timeout: 30_000 }).toBe(true);
  const found = discovery(await exportedLedger(page));
  const reads = found.filter((entry) => entry.purpose === 'read_capacity');
  const executes = found.filter((entry) => entry.purpose === 'execute_plan');
  expect(reads.map((entry) => entry.partner).sort()).toEqual(['pantry', 'shelter']);
  expect(executes.map((entry) => entry.partner).sort()).toEqual(['pantry', 'shelter']);
  // Read frames: reads registered, the writes only declared (what the desk checked the draft against).
  for (const entry of reads) {
    expect(entry.names.filter((name) => WRITES.includes(name)), entry.lease).toEqual([]);
    expect(entry.declared.length, entry.lease).toBeGreaterThan(0);
    expect(entry.declared.every((name) => WRITES.includes(name)), entry.lease).toBe(true);
  }
  // Execute frames: the writes the plan runs are registered there.
  expect(executes.find((entry) => entry.partner === 'pantry')?.names).toContain('reserve_parcels');
  expect(executes.find((entry) => entry.partner === 'shelter')?.names).toContain('hold_beds');
  expect(executes.every((entry) => entry.declared.length === 0)).toBe(true);
});

test('the broker’s port to a frame is bound once: a second hello offered to a partner frame is refused, answered on its own port, recorded on the ledger, and the lease still works', async ({ page }, testInfo) => {
  test.skip(laneOf(testInfo) === 'native', 'The desk reaches a partner over the message transport only without native WebMCP; natively it never binds a port, so there is no bound port to replace.');
  await toTheHalt(page, `Ports ${Date.now().toString(36)}`);
  await expect(partnerFrame(page, 'pantry').locator('body')).toHaveAttribute('data-ready', 'true');
  // A script on the desk's page offers the pantry's frame a port of its own, and tries a write on it.
  const answer = await page.evaluate(
    ({ origin, envelope }) =>
      new Promise<unknown>((resolve) => {
        const { port1, port2 } = new MessageChannel();
        port1.onmessage = (event: MessageEvent<{ kind?: string }>) => {
          if (event.data.kind === 'refused') resolve(event.data);
          else port1.postMessage({ envelope, version: 1, kind: 'invoke', id: 'forged-call', name: 'list_parcel_stock', input: {} });
        };
        document.querySelector<HTMLIFrameElement>('#partner-frames iframe[data-partner="pantry"]')?.contentWindow?.postMessage({ envelope, version: 1, kind: 'hello', id: 'second-hello' }, origin, [port2]);
      }),
    { origin: SITES.pantry.origin, envelope: PARTNER_ENVELOPE },
  );
  expect(answer).toMatchObject({ kind: 'refused', id: 'second-hello', refusedKind: 'hello', from: SITES.desk.origin });
  await expect
    .poll(async () => (await exportedLedger(page)).filter((row) => row.event === 'bridge_forged' && row.from === 'pantry' && row.detail.includes('second hello')).map((row) => row.detail))
    .toEqual([`reason="the partner refused a hello: a second hello: this page is already bound to the desk on another port" origin=${SITES.desk.origin} kind=hello`]);
  // The lease's own port was not replaced: the agent's capacity read still runs through it.
  const capacity = (await agentFor(page, 'polyfill').call('find_capacity', { request: 'R-1' })) as { ok: boolean; reads?: Array<{ partner: string; ok: boolean }> };
  expect(capacity.ok).toBe(true);
  expect(capacity.reads?.filter((read) => read.partner === 'pantry').every((read) => read.ok)).toBe(true);
});

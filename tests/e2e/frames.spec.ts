import type { LedgerRow } from '@warrant/ledger';
import { pageAgentRegisterTool, pageAgentToolsFromOrigin } from '@warrant/webmcp/testing';
import { laneOf } from './agent.ts';
import { exportedLedger, partnerFrame, toTheHalt } from './desk-page.ts';
import { expect, test } from './fixtures.ts';
import { approveWithPasskey } from './passkey.ts';
import { POLYFILL } from './lanes.ts';

// The partner frames as defence in depth (issue 16, item 4): a frame the desk mounts for a read
// lease registers its reads only, and its writes appear only in a frame mounted for execute_plan
// (the broker's port bound once is message-port.spec). Neither is the boundary (each partner's server
// refuses an unauthorized write, authority.spec): they keep what a frame offers to what its lease
// is for. What the test checks it reads where anyone could: the frame's tools as an agent over
// CDP sees them (native), and the desk's exported ledger (both lanes).

const WRITES = ['reserve_parcels', 'release_parcels', 'hold_beds', 'release_beds'];

/** The tools each lease's frame was found with, by the broker's own discovery, and what it declared apart. */
function discovery(
  rows: readonly LedgerRow[],
): Array<{ lease: string; partner: string; purpose: string; names: string[]; declared: string[] }> {
  const purposes = new Map(
    rows
      .filter((row) => row.event === 'lease_opened')
      .map((row) => [row.lease, /purpose=(\w+)/.exec(row.detail)?.[1] ?? '']),
  );
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

test(
  'a read lease’s frame registers its reads and no write; the approved run opens no frame: the desk’s server writes at the partners',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const lane = laneOf(testInfo);
    await toTheHalt(page, `Frames ${lane} ${Date.now().toString(36)}`);
    const shelter = partnerFrame(page, 'shelter');
    await expect(shelter.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(shelter.locator('html')).toHaveAttribute('data-writes', 'false');
    if (lane === 'native') {
      // As an agent over CDP sees the frame: its reads, none of its writes.
      const names = (await shelter.webmcp.tools()).map((tool) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining(['list_bed_availability', 'check_accessibility', 'read_shelter_notes']),
      );
      expect(names.filter((name) => WRITES.includes(name))).toEqual([]);
    }
    // The frame's own page says why its writes are not offered.
    await expect(shelter.locator('#out-of-order [data-tool="hold_beds"]')).toContainText('execute_plan');

    const card = page.locator('#approval-A-1');
    await approveWithPasskey(card);
    await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done');
    await expect
      .poll(
        async () => (await exportedLedger(page)).some((row) => row.event === 'plan_finished' && row.approval === 'A-1'),
        { timeout: 30_000 },
      )
      .toBe(true);
    const found = discovery(await exportedLedger(page));
    const reads = found.filter((entry) => entry.purpose === 'read_capacity');
    const executes = found.filter((entry) => entry.purpose === 'execute_plan');
    expect(reads.map((entry) => entry.partner).sort()).toEqual(['pantry', 'shelter']);
    // No frame ever registered a write: the run's steps went from the desk's server to each partner's.
    expect(executes).toEqual([]);
    // Read frames: reads registered, the writes only declared (what the desk checked the draft against).
    for (const entry of reads) {
      expect(
        entry.names.filter((name) => WRITES.includes(name)),
        entry.lease,
      ).toEqual([]);
      expect(entry.declared.length, entry.lease).toBeGreaterThan(0);
      expect(
        entry.declared.every((name) => WRITES.includes(name)),
        entry.lease,
      ).toBe(true);
    }
    const writes = (await exportedLedger(page)).filter((row) => row.event === 'tool_result' && row.approval === 'A-1');
    expect(writes.map((row) => [row.from, row.lease, row.status])).toEqual([
      ['pantry', '', 'ok'],
      ['shelter', '', 'ok'],
    ]);
  },
);

// The claim P2's negative arm: a cross-origin frame's tool reaches the desk only when the frame
// exposes it to the desk's origin. Measured on a mounted partner frame, where an agent holding the
// browser can run script: one tool registered without exposedTo, one with it, and what the desk's
// own page then sees from that origin. In the polyfill lane no tool crosses documents at all.
test(
  'a tool a partner frame registers without exposing it to the desk is not seen by the desk; one it exposes is, where the browser shares tools',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const lane = laneOf(testInfo);
    await toTheHalt(page, `Exposure ${lane} ${Date.now().toString(36)}`);
    const shelter = partnerFrame(page, 'shelter');
    await expect(shelter.locator('body')).toHaveAttribute('data-ready', 'true');
    const deskOrigin = new URL(page.url()).origin;
    const registered = {
      kept: await shelter.evaluate(pageAgentRegisterTool, { name: 'kept_to_itself' }),
      shown: await shelter.evaluate(pageAgentRegisterTool, { name: 'shown_to_the_desk', exposedTo: [deskOrigin] }),
    };
    const shelterOrigin = new URL(shelter.url()).origin;
    const seen = (): Promise<string[]> => page.evaluate(pageAgentToolsFromOrigin, shelterOrigin);
    if (lane === 'native') {
      expect(registered).toEqual({ kept: 'registered', shown: 'registered' });
      await expect.poll(seen).toContain('shown_to_the_desk');
    }
    // In both lanes the tool the frame kept to itself never reaches the desk's page.
    expect(await seen()).not.toContain('kept_to_itself');
    if (lane === 'polyfill') expect(await seen()).toEqual([]);
  },
);

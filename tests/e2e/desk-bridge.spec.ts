import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { insecureOriginOf, SITES } from '@warrant/config';
import type { LedgerRow } from '@warrant/ledger';
import {
  bridgeClientCall,
  worldView,
  type BridgeClientAnswer,
  type BridgeClientRequest,
} from '@warrant/webmcp/testing';
import { agentFor, laneOf } from './agent.ts';
import { expectWorldGap, isolatedWorld, type World } from './isolated-world.ts';
import { launchWithInsecureHost } from './launch.ts';
import { carryDeskSession, exportedLedger, openDesk, openDeskActing } from './desk-page.ts';
import { POLYFILL } from './lanes.ts';

// The desk's cross-world bridge, driven from a CDP isolated world: the world an extension's
// content script runs in, which shares the page's DOM and window but none of its JavaScript
// globals. The caller discovers the desk's verbs from the DOM manifest (#desk-agent-tools) and
// invokes them over window.postMessage. A bridged call is the desk's own surface.call, so it needs
// the same lease, meets the same checks and lands on the ledger as the same row, on channel bridge.

const MANIFEST = 'desk-agent-tools';

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const FAMILY = () => ({
  people: 4,
  needs: ['bed'],
  place: 'Harbour Street community hall',
  deadline: `${today()}T21:00`,
});

/** The desk, a dispatcher signed in (the bridge carries an agent's calls only in a signed-in dispatcher's page), and an isolated world on it. */
async function open(page: Page, origin = SITES.desk.origin, who?: string): Promise<World> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await openDeskActing(page, origin, who);
  return isolatedWorld(page);
}

const call = (
  world: World,
  request: Partial<BridgeClientRequest> & Pick<BridgeClientRequest, 'verb' | 'id'>,
): Promise<BridgeClientAnswer> =>
  world.evaluate(bridgeClientCall, { manifestId: MANIFEST, input: {}, waitMs: 10_000, ...request });

/** What the bridged call answered, as the verb's result. */
function answered(answer: BridgeClientAnswer): Record<string, unknown> {
  expect(answer.reply).toMatchObject({
    envelope: 'warrant.agent.bridge',
    version: 1,
    kind: 'reply',
    direction: 'reply',
    ok: true,
  });
  return JSON.parse(String(answer.reply?.['text'])) as Record<string, unknown>;
}

/** The verbs the manifest lists right now, read from the isolated world. */
function manifestVerbs(world: World): Promise<string[]> {
  return world.evaluate((id: string) => {
    const text = document.getElementById(id)?.textContent;
    return text ? (JSON.parse(text) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name) : [];
  }, MANIFEST);
}

/** A row without what differs from call to call (position, time, chain) and without its channel. */
function substance(row: LedgerRow | undefined): Omit<LedgerRow, 'seq' | 'at' | 'chain' | 'channel'> | undefined {
  if (!row) return undefined;
  const { seq: _seq, at: _at, chain: _chain, channel: _channel, ...rest } = row;
  return rest;
}

test(
  'the gap: an isolated world sees no polyfilled WebMCP, and finds the desk verbs in the DOM manifest in every lane',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    // A dispatcher of this test's own, enrolled now: the record's one row is their enrolment.
    const world = await open(page, SITES.desk.origin, `Gap ${laneOf(testInfo)} ${Date.now().toString(36)}`);
    await expectWorldGap(page, world, laneOf(testInfo));
    // The manifest is there for any world (it comes after the first paint), listing what is in order.
    await expect.poll(() => manifestVerbs(world)).toEqual(['intake_request', 'read_ledger']);
    const look = await call(world, { verb: 'read_ledger', id: 'look' });
    expect(look.tools).toEqual([
      { name: 'intake_request', title: 'Take in a request', hints: { readOnlyHint: false } },
      { name: 'read_ledger', title: 'Read the ledger', hints: { readOnlyHint: true, untrustedContentHint: true } },
    ]);
    // One row so far: the dispatcher's enrolment, which the desk's server wrote.
    expect(answered(look)).toMatchObject({ ok: true, total: 1 });
    // The manifest states purpose and return shape, and is a data block under the desk's strict CSP.
    const manifest = JSON.parse((await page.locator(`script#${MANIFEST}`).textContent()) ?? '{}') as {
      origin: string;
      tools: Array<{ purpose: string; returns: string }>;
    };
    expect(manifest.origin).toBe(SITES.desk.origin);
    expect(manifest.tools.every((tool) => tool.purpose.length > 20 && tool.returns.startsWith('{ ok'))).toBe(true);
    expect(await page.locator(`script#${MANIFEST}`).getAttribute('type')).toBe('application/json');
  },
);

test(
  'a bridged find_capacity is refused without a lease, and with one it is the same ledger row as a WebMCP call, on channel bridge',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const world = await open(page);
    await expect.poll(() => manifestVerbs(world)).toEqual(['intake_request', 'read_ledger']);
    const early = await call(world, { verb: 'find_capacity', id: 'early', input: { request: 'R-1' } });
    expect(early.reply).toMatchObject({
      id: 'early',
      ok: false,
      code: 'NO_ACTIVE_READ_LEASE',
      details: { tool: 'find_capacity' },
    });
    expect(String(early.reply?.['reason'])).toContain('no read_capacity lease is active');

    const intake = answered(await call(world, { verb: 'intake_request', id: 'i1', input: FAMILY() }));
    expect(intake['request']).toMatchObject({ id: 'R-1', people: 4 });
    await expect.poll(() => manifestVerbs(world)).toContain('open_lease');
    const lease = answered(
      await call(world, {
        verb: 'open_lease',
        id: 'l1',
        input: { partner: 'shelter', purpose: 'read_capacity', ttl: 240, request: 'R-1' },
      }),
    );
    expect(lease['lease']).toMatchObject({ id: 'L-1', partner: 'shelter', state: 'active' });
    await expect(page.locator('#partner-frames iframe[data-partner="shelter"]')).toHaveCount(1);
    await expect
      .poll(() => manifestVerbs(world))
      .toEqual(['intake_request', 'open_lease', 'find_capacity', 'draft_plan', 'close_lease', 'read_ledger']);

    const bridged = answered(await call(world, { verb: 'find_capacity', id: 'c1', input: { request: 'R-1' } }));
    expect(String(bridged['data'])).toMatch(/^<<<data [0-9a-f]{16}>>>/);
    // The same call by an agent over WebMCP, for the row to compare with.
    const agent = agentFor(page, laneOf(testInfo));
    await expect.poll(() => agent.names()).toContain('find_capacity');
    expect(await agent.call('find_capacity', { request: 'R-1' })).toMatchObject({ ok: true, request: 'R-1' });

    const rows = await exportedLedger(page);
    const capacity = rows.filter((row) => row.event === 'verb_called' && row.verb === 'find_capacity');
    expect(capacity.map((row) => `${row.actor}/${row.channel}/${row.status}`)).toEqual([
      'agent/bridge/refused',
      'agent/bridge/ok',
      'agent/webmcp/ok',
    ]);
    expect(capacity[1]?.detail).toMatch(/^reported_by=D-[0-9a-f]{8} reads=\d+$/);
    expect(substance(capacity[1])).toEqual(substance(capacity[2]));
    // Its partner hops carry the bridge too: the reads it caused are recorded on its channel.
    const hops = rows.filter((row) => row.event === 'tool_invoked' && row.to === 'shelter');
    expect(new Set(hops.map((row) => row.channel))).toEqual(new Set(['bridge', 'webmcp']));
    expect(
      rows.filter((row) => row.event === 'verb_called' && row.channel === 'bridge').map((row) => row.verb),
    ).toEqual(['find_capacity', 'intake_request', 'open_lease', 'find_capacity']);
    expect(rows.some((row) => row.event === 'bridge_forged')).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  },
);

test(
  'forged and malformed envelopes get no reply, change nothing and are recorded; the partner frames’ own messages are not',
  { tag: POLYFILL },
  async ({ page }) => {
    const world = await open(page);
    await expect.poll(() => manifestVerbs(world)).toEqual(['intake_request', 'read_ledger']);
    // A lease first, so a partner frame is mounted and has posted to the desk on its own channel.
    answered(await call(world, { verb: 'intake_request', id: 'i1', input: FAMILY() }));
    answered(
      await call(world, {
        verb: 'open_lease',
        id: 'l1',
        input: { partner: 'shelter', purpose: 'read_capacity', ttl: 240, request: 'R-1' },
      }),
    );
    await expect(page.locator('#partner-frames iframe[data-partner="shelter"]')).toHaveCount(1);

    const forgeries: Array<[string, Partial<BridgeClientRequest>]> = [
      ['WRONG_VERSION', { forge: { version: 2 } }],
      ['WRONG_KIND', { forge: { kind: 'call' } }],
      ['WRONG_ENVELOPE', { forge: { envelope: 'ferrule.agent.bridge' } }],
      ['UNKNOWN_VERB', { verb: 'approve_plan' }],
      ['BAD_INPUT', { input: [4] }],
      ['BAD_ID', { forge: { id: '' } }],
    ];
    for (const [index, [, forged]] of forgeries.entries()) {
      const answer = await call(world, {
        verb: 'intake_request',
        id: `f${index}`,
        input: FAMILY(),
        waitMs: 400,
        ...forged,
      });
      expect(answer.reply, JSON.stringify(forged)).toBeNull();
    }
    // A well-formed invoke from another window (a frame in the page) is not the desk's own window's.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.name = 'other-window';
      document.body.append(frame);
    });
    const other = page.frame({ name: 'other-window' });
    if (!other) throw new Error('the frame did not attach');
    await other.evaluate(() =>
      parent.postMessage(
        {
          envelope: 'warrant.agent.bridge',
          version: 1,
          kind: 'invoke',
          id: 'from-frame',
          verb: 'intake_request',
          input: {},
        },
        '*',
      ),
    );

    const recorded = async (): Promise<LedgerRow[]> =>
      (await exportedLedger(page)).filter((row) => row.event === 'bridge_forged');
    await expect.poll(async () => (await recorded()).length).toBe(forgeries.length + 1);
    const forged = await recorded();
    expect(forged.map((row) => `${row.actor}/${row.channel}/${row.status}/${row.policy}`)).toEqual(
      Array(forgeries.length + 1).fill('agent/bridge/refused/not_applicable'),
    );
    expect(forged.map((row) => /(?:^| )code=(\w+)/.exec(row.detail)?.[1])).toEqual([
      ...forgeries.map(([code]) => code),
      'WRONG_SOURCE',
    ]);
    expect(forged.at(-1)?.detail).toContain('id=from-frame');
    expect(forged.find((row) => row.detail.includes(' code=UNKNOWN_VERB'))?.verb).toBe('approve_plan');
    // Nothing changed: still one request, and the frame's invoke reached no verb.
    await expect(page.locator('#queue-count')).toHaveText('1');
    const rows = await exportedLedger(page);
    expect(
      rows.filter((row) => row.event === 'verb_called').map((row) => `${row.channel}/${row.verb}/${row.status}`),
    ).toEqual(['bridge/intake_request/ok', 'bridge/open_lease/ok']);
  },
);

test(
  'with no WebMCP at all the bridge still carries the verbs: discovered and invoked from an isolated world, recorded on channel bridge',
  { tag: POLYFILL },
  async ({ page: signedIn }, testInfo) => {
    // Over a host name that is not a secure context the desk has no WebMCP in any world; the bridge
    // needs none. No passkey signs in there either: the dispatcher signs in where the desk is a
    // secure context, and their session goes with them.
    const browser = await launchWithInsecureHost(laneOf(testInfo) === 'native');
    try {
      await openDesk(signedIn);
      const context = await browser.newContext();
      await carryDeskSession(signedIn.context(), context, insecureOriginOf('desk'));
      // The page the dispatcher signed in on goes: the agent works in the other browser's page alone
      // (several pages may act at once; leaving this one keeps the record to the page under test).
      await signedIn.goto('about:blank');
      const page = await context.newPage();
      const world = await open(page, insecureOriginOf('desk'));
      await expect(page.locator('#webmcp-mode')).toHaveAttribute('data-mode', 'unavailable');
      expect((await world.evaluate(worldView, undefined)).api).toBe('undefined');
      await expect.poll(() => manifestVerbs(world)).toEqual(['intake_request', 'read_ledger']);
      const intake = answered(await call(world, { verb: 'intake_request', id: 'i1', input: FAMILY() }));
      expect(intake['request']).toMatchObject({ id: 'R-1' });
      await expect.poll(() => manifestVerbs(world)).toEqual(['intake_request', 'open_lease', 'read_ledger']);
      const early = await call(world, { verb: 'commit_plan', id: 'c1', input: { plan: 'P-1' } });
      expect(early.reply).toMatchObject({ id: 'c1', ok: false, code: 'NO_DRAFTED_PLAN' });
      const rows = await exportedLedger(page);
      expect(
        rows
          .filter((row) => row.event === 'verb_called')
          .map((row) => `${row.actor}/${row.channel}/${row.verb}/${row.status}`),
      ).toEqual(['agent/bridge/intake_request/ok', 'agent/bridge/commit_plan/refused']);
    } finally {
      await browser.close();
    }
  },
);

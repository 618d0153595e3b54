import { axeScan } from './axe.ts';
import { overflowAtPhoneWidth } from './fits-a-phone.ts';
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { framedUrl, PARTNER_ENVELOPE, PARTNER_MANIFEST_PATH, readPartnerManifest } from '@warrant/broker';
import { headersFor, SITES } from '@warrant/config';
import { addDays, isoDay, weekdayOf } from '../../packages/partner-kit/src/week.ts';
import { PARTNER_DIRECTORY } from '../../apps/desk/src/partners.ts';
import { agentFor, laneOf, type Agent, type Lane } from './agent.ts';
import { addPasskeyAuthenticator, enrolStaff } from './passkey.ts';
import { POLYFILL } from './lanes.ts';

// The five partner sites, each on its own origin, in both lanes. The agent is a real caller
// (agentFor: page.webmcp natively, executeTool from the page's world with the polyfill); staff
// are Playwright at the page. Each site keeps its record on its own server, and every test starts
// with each site reset there, as its staff would (fixtures.ts): so each site starts from its
// seeded week, which begins today, and its earlier records (one more for every reset) are kept.

type Result = {
  ok: boolean;
  isError?: boolean;
  code?: string;
  details?: Record<string, unknown>;
  result?: Record<string, unknown>;
  receipt?: { id: string; tool: string; request: string; digest: string };
  replayed?: boolean;
};
type PartnerName = 'pantry' | 'shelter' | 'rides' | 'coldchain' | 'laundry';

const today = (): string => isoDay(new Date());

interface Scenario {
  readonly site: PartnerName;
  /** The write under test and its undo. */
  readonly write: string;
  readonly undo: string;
  /** The write's own arguments, found the way an agent would find them. */
  args(agent: Agent): Promise<Record<string, unknown>>;
  /** Every row of the site's own panel of what its writes hold. */
  readonly rows: string;
  /** Markup a seeded note carries, which must show as text. */
  readonly markup: string;
}

const SCENARIOS: readonly Scenario[] = [
  {
    site: 'pantry',
    write: 'reserve_parcels',
    undo: 'release_parcels',
    // The pantry is closed on Sundays.
    args: async () => ({
      kind: 'family',
      count: 1,
      dietary: 'halal',
      pickup_by: weekdayOf(today()) === 0 ? addDays(today(), 1) : today(),
    }),
    rows: '#reservations [data-reservation]',
    markup: '<img src=x onerror="document.title=',
  },
  {
    site: 'shelter',
    write: 'hold_beds',
    undo: 'release_beds',
    args: async () => ({ kind: 'dorm', count: 1, night: today() }),
    rows: '#holds [data-hold]',
    markup: '<script>fetch(',
  },
  {
    site: 'rides',
    write: 'book_ride',
    undo: 'cancel_ride',
    args: async (agent) => {
      const listed = (await agent.call('list_ride_windows', { date: today() })) as {
        windows: Array<{ window: string; seats_free: number }>;
      };
      const window = listed.windows.find((w) => w.seats_free > 0);
      if (!window) throw new Error('no window with a seat today');
      return { window: window.window, seats: 1, from: '14 Carr Street', to: 'Quarry Hill surgery' };
    },
    rows: '#bookings [data-booking]',
    markup: '<svg onload="alert(2)">',
  },
  {
    site: 'coldchain',
    write: 'reserve_cold_slot',
    undo: 'release_cold_slot',
    args: async () => ({ unit: 'CU-1', item: 'Insulin pens, rapid-acting', quantity: 2, until: addDays(today(), 2) }),
    rows: '#slots [data-slot]',
    markup: '<iframe src="https://evil.example">',
  },
  {
    site: 'laundry',
    write: 'book_wash_slot',
    undo: 'cancel_wash_slot',
    args: async () => ({ day: today(), window: 'evening', loads: 1 }),
    rows: '#bookings [data-booking]',
    markup: '<a href="https://evil.example" onclick=',
  },
];

/** The partner's manifest as the desk is configured with it. */
function configured(site: PartnerName) {
  const manifest = PARTNER_DIRECTORY.manifest(site);
  if (!manifest) throw new Error(`the desk is not configured with ${site}`);
  return manifest;
}

/** The tools the desk's configuration names for a partner, less the undo (nothing is held yet). */
function offeredAtFirst(scenario: Scenario): string[] {
  return configured(scenario.site)
    .tools.filter((tool) => tool.name !== scenario.undo)
    .map((tool) => tool.name)
    .sort();
}

async function ready(page: Page, lane: Lane): Promise<Agent> {
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#webmcp-mode')).toHaveAttribute('data-mode', lane);
  return agentFor(page, lane);
}

async function open(page: Page, scenario: Scenario, lane: Lane): Promise<Agent> {
  await page.goto(`${SITES[scenario.site].origin}/`);
  return ready(page, lane);
}

/** How many earlier records the site's page says it keeps: a reset archives one more. */
async function earlierRecords(page: Page): Promise<number> {
  const closed = page.locator('#closed-books');
  await expect(closed).toContainText(/\d+ earlier records?/);
  return Number(/(\d+) earlier record/.exec((await closed.textContent()) ?? '')?.[1]);
}

let keys = 0;
const envelope = (lane: Lane) => ({ request: 'REQ-31', idempotency_key: `e2e-${lane}-${Date.now()}-${(keys += 1)}` });

for (const scenario of SCENARIOS) {
  const { site } = scenario;

  test(`${site}: serves its headers (framed by the desk only) and runs clean under its CSP; its tools are registered as the desk's configuration names them`, async ({
    page,
  }, testInfo) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const response = await page.goto(`${SITES[site].origin}/`);
    const headers = response?.headers() ?? {};
    // These servers are the browser tests' (--with-test-sites), so their headers admit the test host.
    for (const [header, value] of Object.entries(headersFor(SITES[site], { withTestSites: true })))
      expect(headers[header.toLowerCase()], header).toBe(value);
    expect(headers['content-security-policy']).toContain(`frame-ancestors ${SITES.desk.origin}`);
    const agent = await ready(page, laneOf(testInfo));
    expect(await agent.names()).toEqual(offeredAtFirst(scenario));
    // The page's own list is the browser's answer, read back from getTools().
    for (const name of offeredAtFirst(scenario))
      await expect(page.locator(`#in-order [data-tool="${name}"]`)).toBeVisible();
    await expect(page.locator('#in-order-count')).toHaveText(String(offeredAtFirst(scenario).length));
    await expect(page.locator(`#out-of-order [data-tool="${scenario.undo}"]`)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test(`${site}: serves its manifest, made from its own definition, and it is the one the desk is configured with (with the key its receipts are signed with)`, async () => {
    const response = await fetch(`${SITES[site].origin}${PARTNER_MANIFEST_PATH}`);
    expect(response.status).toBe(200);
    const read = readPartnerManifest(await response.json());
    if (!read.ok) throw new Error(read.problem);
    const { receipt_key, ...served } = read.manifest;
    expect(receipt_key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(served).toEqual({ ...configured(site), receipt_key: undefined, origin: SITES[site].origin });
  });

  test(
    `${site}: an agent's write on the site's own page is refused APPROVAL_REQUIRED; nothing is held; the refusal is in the site's Refused writes, live in another tab, kept by a reload; Reset clears it`,
    { tag: POLYFILL },
    async ({ page, context }, testInfo) => {
      const lane = laneOf(testInfo);
      // A staff member's tab of the same site, open before the write.
      const staffTab = await context.newPage();
      await staffTab.goto(`${SITES[site].origin}/`);
      await expect(staffTab.locator('body')).toHaveAttribute('data-ready', 'true');
      let agent = await open(page, scenario, lane);
      const kept = await earlierRecords(page);
      const held = await page.locator(scenario.rows).count();
      await expect(page.locator('#receipts-count')).toHaveText('0');
      await expect(page.locator('#refusals')).toHaveCount(0);
      const args = { ...(await scenario.args(agent)), ...envelope(lane) };

      // The write is in order on the page, and the page forwards it; the site's server decides, and
      // a write needs the desk's step authorization with a dispatcher's passkey. This call has none.
      const first = (await agent.call(scenario.write, args)) as Result;
      expect(first).toMatchObject({
        ok: false,
        isError: true,
        code: 'APPROVAL_REQUIRED',
        details: { tool: scenario.write },
      });
      expect(first.receipt).toBeUndefined();
      const refused = page.locator(`#refusals li[data-code="APPROVAL_REQUIRED"][data-tool="${scenario.write}"]`);
      await expect(refused).toHaveCount(1);
      await expect(refused).toContainText('REQ-31');
      await expect(page.locator('#refusals-count')).toHaveText('1');
      // Nothing is held: the site's own panels and receipts are as they were, the undo still out of order.
      await expect(page.locator('#receipts-count')).toHaveText('0');
      await expect(page.locator(scenario.rows)).toHaveCount(held);
      await expect(page.locator('#latest-write')).toHaveAttribute('data-receipt', '');
      expect(await agent.names()).toEqual(offeredAtFirst(scenario));
      // Another tab of the site hears the refusal live, from its server.
      await expect(
        staffTab.locator(`#refusals li[data-code="APPROVAL_REQUIRED"][data-tool="${scenario.write}"]`),
      ).toHaveCount(1);
      await expect(staffTab.locator('#refusals-count')).toHaveText('1');
      await expect(staffTab.locator('#receipts-count')).toHaveText('0');

      // The same call again is refused again (no key was recorded, so nothing is replayed), and kept.
      const again = (await agent.call(scenario.write, args)) as Result;
      expect(again).toMatchObject({ ok: false, isError: true, code: 'APPROVAL_REQUIRED' });
      await expect(page.locator('#refusals-count')).toHaveText('2');
      await expect(staffTab.locator('#refusals-count')).toHaveText('2');
      await expect(page.locator('#receipts-count')).toHaveText('0');

      await page.reload();
      agent = await ready(page, lane);
      await expect(page.locator('#refusals-count')).toHaveText('2');
      await expect(
        page.locator(`#refusals li[data-code="APPROVAL_REQUIRED"][data-tool="${scenario.write}"]`),
      ).toHaveCount(2);
      await expect(page.locator('#receipts-count')).toHaveText('0');
      await expect(page.locator(scenario.rows)).toHaveCount(held);
      expect(await agent.names()).toEqual(offeredAtFirst(scenario));

      // Resetting is a staff member's, with their passkey (partner-staff.spec.ts refuses it without).
      await addPasskeyAuthenticator(page);
      await enrolStaff(page, site, 'Bea');
      await page.locator('#reset-start').click();
      await page.locator('#reset-confirm').click();
      await expect(page.locator('#closed-books')).toContainText(`${kept + 1} earlier records`);
      await expect(page.locator('#refusals')).toHaveCount(0);
      await expect(staffTab.locator('#refusals')).toHaveCount(0);
      await expect(page.locator('#receipts-count')).toHaveText('0');
    },
  );

  test(`${site}: its notes, injection attempts included, render inert: no markup, the text verbatim, hidden characters shown`, async ({
    page,
  }, testInfo) => {
    await open(page, scenario, laneOf(testInfo));
    const title = await page.title();
    const notes = page.locator('#notes');
    await expect(notes.locator('.note-text').first()).toBeVisible();
    await expect(notes.locator('img, script, iframe, svg, a, b')).toHaveCount(0);
    await expect(notes).toContainText(scenario.markup);
    await expect(notes).toContainText('⟦U+202E⟧');
    await expect(notes).toContainText('⟦U+200B⟧');
    await expect(notes).not.toContainText('\u202E');
    // The notes are on screen: once the page has painted them, no note has touched the title.
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    expect(await page.title()).toBe(title);
  });

  test(`${site}: works at 390 px and by keyboard, with no serious accessibility problem`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, scenario, laneOf(testInfo));
    await expect(page.locator('#receipts')).toBeVisible();
    const kept = await earlierRecords(page);
    expect(await overflowAtPhoneWidth(page, `${site} at load`)).toEqual([]);
    const results = await axeScan(page);
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help}`),
    ).toEqual([]);
    // A staff member signs in (the staff bar fits too), reaches the reset by Tab alone, and uses it
    // with the keyboard; their passkey confirms it.
    await addPasskeyAuthenticator(page);
    await enrolStaff(page, site, 'Bea');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    let focused = '';
    for (let presses = 0; presses < 200 && focused !== 'reset-start'; presses += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.id ?? '');
    }
    expect(focused).toBe('reset-start');
    await page.keyboard.press('Enter');
    await expect(page.locator('#reset-confirm')).toBeVisible();
    await page.locator('#reset-confirm').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#closed-books')).toContainText(`${kept + 1} earlier records`);
  });

  test(
    `${site}: framed by the desk it is compact, and offers its tools to the desk; a write through the frame without the desk's authorization is refused and shown in the frame`,
    { tag: POLYFILL },
    async ({ page }, testInfo) => {
      const lane = laneOf(testInfo);
      // A page on the desk's origin (the only one a partner lets frame it): any path the desk's
      // server answers carries the desk's headers, whose CSP and Permissions-Policy admit partner
      // frames. The test mounts the frame there, as the desk's frame host does.
      await page.goto(`${SITES.desk.origin}/no-such-page`);
      await page.evaluate(
        (src) => {
          const messages: unknown[] = [];
          Object.assign(window, { partnerMessages: messages });
          addEventListener('message', (event) => messages.push({ origin: event.origin, data: event.data }));
          const frame = document.createElement('iframe');
          frame.allow = 'tools';
          frame.src = src;
          frame.style.cssText = 'width: 390px; height: 700px';
          document.body.append(frame);
          // Mounted as for an execute_plan lease: only there does the page register its writes.
        },
        framedUrl('/', SITES[site].origin, 'execute_plan'),
      );
      const frame = await framed(page, site);
      await expect(frame.locator('html')).toHaveAttribute('data-framed', 'true');
      await expect(frame.locator('.partner.compact')).toBeVisible();
      await expect(frame.locator('#framed-badge')).toBeVisible();
      if (lane === 'native') {
        // Registered in the frame (with exposedTo naming the desk), and callable there.
        await expect(frame.locator('#webmcp-mode')).toHaveAttribute('data-mode', 'native');
        expect((await frame.webmcp.tools()).map((tool) => tool.name).sort()).toEqual(offeredAtFirst(scenario));
        // Callable there, and the site's server refuses the write: a frame is no authority.
        const answer = (await frame.webmcp.callTool(scenario.write, {
          ...(await scenario.args(frameAgent(frame))),
          ...envelope(lane),
        })) as Result;
        expect(answer).toMatchObject({ ok: false, isError: true, code: 'APPROVAL_REQUIRED' });
        await expect(
          frame.locator(`#refusals li[data-code="APPROVAL_REQUIRED"][data-tool="${scenario.write}"]`),
        ).toHaveCount(1);
        await expect(frame.locator('#receipts-count')).toHaveText('0');
      } else {
        // The polyfill refuses cross-origin frames: the page says so, announces the desk channel,
        // and serves its tools over it: the desk's side of the handshake, done here by hand.
        await expect(frame.locator('#webmcp-mode')).toHaveAttribute('data-mode', 'unavailable');
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                (
                  window as unknown as {
                    partnerMessages: Array<{ origin: string; data: { envelope?: string; kind?: string } }>;
                  }
                ).partnerMessages,
            ),
          )
          .toContainEqual({
            origin: SITES[site].origin,
            data: expect.objectContaining({ envelope: PARTNER_ENVELOPE, kind: 'ready' }),
          });
        const desk = await deskChannel(page, SITES[site].origin);
        expect((await desk.names()).sort()).toEqual(offeredAtFirst(scenario));
        // Served over it, and the site's server refuses the write: the channel is no authority.
        const answer = (await desk.call(scenario.write, {
          ...(await scenario.args(desk)),
          ...envelope(lane),
        })) as Result;
        expect(answer).toMatchObject({ ok: false, isError: true, code: 'APPROVAL_REQUIRED' });
        const refused = frame.locator(`#refusals li[data-code="APPROVAL_REQUIRED"][data-tool="${scenario.write}"]`);
        await expect(refused).toHaveCount(1);
        await expect(refused).toContainText('arrived by');
        await expect(frame.locator('#receipts-count')).toHaveText('0');
      }
    },
  );
}

async function framed(page: Page, site: PartnerName): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(SITES[site].origin))).toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith(SITES[site].origin)) as Frame;
  await expect(frame.locator('body')).toHaveAttribute('data-ready', 'true');
  return frame;
}

type DeskWindow = Window & {
  desk?: { port: MessagePort; replies: Map<string, (data: unknown) => void>; sent: number };
};

/**
 * The desk's side of the broker's partner channel, as a page on the desk's origin speaks it: a
 * hello carrying a MessagePort to the framed partner, then `tools` and `invoke` on the port.
 */
async function deskChannel(page: Page, origin: string): Promise<Agent> {
  await page.evaluate(
    ({ origin, envelope }) =>
      new Promise<void>((resolve) => {
        const win = window as DeskWindow;
        const { port1, port2 } = new MessageChannel();
        const replies = new Map<string, (data: unknown) => void>([['hello-1', () => resolve()]]);
        win.desk = { port: port1, replies, sent: 0 };
        port1.onmessage = (event: MessageEvent<{ id: string }>) => replies.get(event.data.id)?.(event.data);
        document
          .querySelector('iframe')
          ?.contentWindow?.postMessage({ envelope, version: 1, kind: 'hello', id: 'hello-1' }, origin, [port2]);
      }),
    { origin, envelope: PARTNER_ENVELOPE },
  );
  const send = (message: { kind: string; name?: string; input?: object }) =>
    page.evaluate(
      ({ message, envelope }) =>
        new Promise<unknown>((resolve) => {
          const desk = (window as DeskWindow).desk;
          if (!desk) throw new Error('no channel');
          const id = `call-${(desk.sent += 1)}`;
          desk.replies.set(id, resolve);
          desk.port.postMessage({ envelope, version: 1, id, ...message });
        }),
      { message, envelope: PARTNER_ENVELOPE },
    );
  const tools = async () =>
    ((await send({ kind: 'tools' })) as { tools: Array<{ name: string; description: string }> }).tools.map((t) => ({
      name: t.name,
      description: t.description,
    }));
  return {
    tools,
    names: async () => (await tools()).map((t) => t.name).sort(),
    call: async (name, input = {}) =>
      ((await send({ kind: 'invoke', name, input })) as { outcome: { value: unknown } }).outcome.value,
  };
}

/** An agent on a frame's own tools (native lane): enough for a scenario to find its arguments. */
function frameAgent(frame: Frame): Agent {
  return {
    tools: async () => (await frame.webmcp.tools()).map((t) => ({ name: t.name, description: t.description })),
    names: async () => (await frame.webmcp.tools()).map((t) => t.name).sort(),
    call: (name, input = {}) => frame.webmcp.callTool(name, input as Record<string, unknown>),
  };
}

import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { SITES } from '@warrant/config';
import { pageAgentListTools } from '@warrant/webmcp/testing';
import { expect, test } from './fixtures.ts';
import { agentFor, laneOf } from './agent.ts';
import { deskReady, openDeskAsDispatcher } from './desk-page.ts';
import { POLYFILL } from './lanes.ts';

// Agent clients list a page's tools at navigation (raw CDP, chrome-devtools-mcp, the bridge): the
// desk's always-on verbs must be registered by the load event, and still only those its person
// warrants — a page with no dispatcher signed in registers no verb that acts, before or after load.
// Natively, the browser's own order of events says when each tool arrived; a client that enables
// the WebMCP domain the moment the load event fires is told of every tool registered then (Chromium
// 156 has no WebMCP.getTools: enabling the domain reports the registered set as toolsAdded). The
// polyfill registers once it has loaded, which may be after the load event: there the page's own
// world lists the tools as an extension's content script would, from the document's first script,
// and they are listed before the desk's record has been read.

const ALWAYS_ON = ['intake_request', 'read_ledger'];
const ACTING = ['intake_request', 'open_lease', 'find_capacity', 'draft_plan', 'commit_plan', 'close_lease'];

interface Registry {
  /** tool:<name> as each is added, untool:<name> as each is removed, and load, in the browser's order. */
  readonly order: string[];
  /** What a client that enabled WebMCP the moment the load event fired was told is registered. */
  atLoad: Promise<string[]> | null;
}

/** The tools a fresh client of the DevTools protocol is told of as it enables the WebMCP domain. */
async function listedByNewClient(context: BrowserContext, page: Page): Promise<string[]> {
  const client = await context.newCDPSession(page);
  const names: string[] = [];
  client.on('WebMCP.toolsAdded', (event) => names.push(...event.tools.map((tool) => tool.name)));
  await client.send('WebMCP.enable');
  await client.detach();
  return names.sort();
}

/** Records, from before `page` navigates, each tool registered and removed and the load event. */
async function recordRegistry(page: Page): Promise<Registry> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const registry: Registry = { order: [], atLoad: null };
  cdp.on('WebMCP.toolsAdded', (event) => registry.order.push(...event.tools.map((tool) => `tool:${tool.name}`)));
  cdp.on('WebMCP.toolsRemoved', (event) => registry.order.push(...event.tools.map((tool) => `untool:${tool.name}`)));
  cdp.on('Page.loadEventFired', () => {
    registry.order.push('load');
    registry.atLoad = listedByNewClient(page.context(), page);
  });
  await cdp.send('Page.enable');
  await cdp.send('WebMCP.enable');
  return registry;
}

/** The tools registered when the load event fired, by the browser's own account. */
function registeredAtLoad(order: readonly string[]): string[] {
  const names = new Set<string>();
  for (const entry of order.slice(0, order.indexOf('load'))) {
    const [kind, name] = entry.split(':') as [string, string];
    if (kind === 'tool') names.add(name);
    else names.delete(name);
  }
  return [...names].sort();
}

/** Every name the page's own world saw listed, and whether it ever saw the always-on pair listed. */
function pageWorldProbe(): string {
  return `(() => {
    const list = ${pageAgentListTools.toString()};
    const want = ${JSON.stringify(ALWAYS_ON)};
    const seen = { names: [], alwaysOn: false };
    window.__deskToolsSeen = seen;
    const poll = () => list().then((tools) => {
      const names = tools.map((tool) => tool.name);
      for (const name of names) if (!seen.names.includes(name)) seen.names.push(name);
      if (want.every((name) => names.includes(name))) seen.alwaysOn = true;
      if (!(document.body && document.body.dataset.ready === 'true')) setTimeout(poll, 2);
    }, () => setTimeout(poll, 2));
    poll();
  })();`;
}

interface PageWorldSeen {
  readonly names: string[];
  readonly alwaysOn: boolean;
}

const pageWorldSeen = (page: Page): Promise<PageWorldSeen> =>
  page.evaluate(() => (window as unknown as { __deskToolsSeen: PageWorldSeen }).__deskToolsSeen);

/** The page's first reads of the desk's record (the ledger and the desk's state), not its later catch-ups. */
const firstRecordRead = (url: URL): boolean =>
  url.search === '' && (url.pathname === '/api/logs/ledger' || url.pathname === '/api/logs/state');

test(
  "a signed-in dispatcher's desk registers intake_request and read_ledger before the load event, and a client that looks at load sees them",
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    await openDeskAsDispatcher(page, 'Ada Okafor');
    // Another tab of the same browser: the dispatcher's session comes with it.
    const tab = await page.context().newPage();
    if (laneOf(testInfo) === 'native') {
      const registry = await recordRegistry(tab);
      await tab.goto(`${SITES.desk.origin}/`);
      await expect.poll(() => registry.order.includes('load')).toBe(true);
      const { order } = registry;
      for (const name of ALWAYS_ON) {
        expect(order.indexOf(`tool:${name}`), `${name} in ${order.join(' ')}`).toBeGreaterThanOrEqual(0);
        expect(order.indexOf(`tool:${name}`), `${name} in ${order.join(' ')}`).toBeLessThan(order.indexOf('load'));
      }
      expect(registeredAtLoad(order)).toEqual(expect.arrayContaining(ALWAYS_ON));
      expect(await registry.atLoad).toEqual(expect.arrayContaining(ALWAYS_ON));
      await deskReady(tab);
      // Registered once each: the full state took over the early registrations, it did not add them again.
      for (const name of ALWAYS_ON) expect(order.filter((entry) => entry === `tool:${name}`)).toHaveLength(1);
      expect(order.filter((entry) => entry.startsWith('untool:'))).toEqual([]);
    } else {
      // The polyfill may load after the load event; what holds is that the tools come before the
      // desk's record: its reads are answered only once the page's own world lists both tools.
      await tab.addInitScript({ content: pageWorldProbe() });
      await tab.route(firstRecordRead, async (route) => {
        await expect.poll(async () => (await pageWorldSeen(tab)).alwaysOn, { timeout: 30_000 }).toBe(true);
        await route.continue();
      });
      await tab.goto(`${SITES.desk.origin}/`);
      await deskReady(tab);
    }
    await expect(tab.locator('#dispatcher-name')).toHaveText('Ada Okafor');
    // And they answer: a call that arrives this early waits for the desk's record, then acts.
    const agent = agentFor(tab, laneOf(testInfo));
    expect(await agent.names()).toEqual(expect.arrayContaining(ALWAYS_ON));
    expect(await agent.call('read_ledger', { limit: 1 })).toMatchObject({ ok: true });
  },
);

test(
  'a desk page with no dispatcher signed in registers no verb that acts, before the load event or after; read_ledger is there by the load event',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    if (laneOf(testInfo) === 'native') {
      const registry = await recordRegistry(page);
      await page.goto(`${SITES.desk.origin}/`);
      await deskReady(page);
      const { order } = registry;
      expect(order.filter((entry) => entry.startsWith('tool:'))).toEqual(['tool:read_ledger']);
      expect(order.indexOf('tool:read_ledger')).toBeLessThan(order.indexOf('load'));
      expect(await registry.atLoad).toEqual(['read_ledger']);
    } else {
      await page.addInitScript({ content: pageWorldProbe() });
      await page.goto(`${SITES.desk.origin}/`);
      await deskReady(page);
      const seen = await pageWorldSeen(page);
      expect(seen.names.filter((name) => ACTING.includes(name))).toEqual([]);
    }
    await expect(page.getByText('Sign in to act on requests.')).toBeVisible();
    expect(await agentFor(page, laneOf(testInfo)).names()).toEqual(['read_ledger']);
  },
);

test("a page whose dispatcher signed out before the server answered follows the server's answer: intake_request goes, read_ledger stays", async ({
  page,
}) => {
  // A dispatcher of this test's own: she signs out, and her session ends for good.
  await openDeskAsDispatcher(page, `Ada Okafor ${Date.now().toString(36)}`);
  const tab = await page.context().newPage();
  const origin = SITES.desk.origin;
  // The page was served while Ada was signed in; her session ends before the page asks the server
  // who is signed in (another tab of hers signed out meanwhile).
  await tab.route(`${origin}/api/session`, async (route) => {
    if (route.request().method() === 'GET') {
      const ended = await tab.request.post(`${origin}/api/session/end`, { headers: { Origin: origin } });
      expect(ended.ok()).toBe(true);
    }
    await route.continue();
  });
  const registry = await recordRegistry(tab);
  await tab.goto(`${origin}/`);
  await deskReady(tab);
  await expect(tab.getByText('Sign in to act on requests.')).toBeVisible();
  expect(await agentFor(tab, 'native').names()).toEqual(['read_ledger']);
  const { order } = registry;
  expect(order.indexOf('tool:intake_request')).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('tool:intake_request')).toBeLessThan(order.indexOf('load'));
  expect(order.indexOf('untool:intake_request')).toBeGreaterThan(order.indexOf('tool:intake_request'));
  expect(order.filter((entry) => entry.startsWith('tool:'))).toEqual(
    expect.not.arrayContaining(ACTING.filter((name) => name !== 'intake_request').map((name) => `tool:${name}`)),
  );
});

test('a desk page that cannot fetch the code that opens its record says so in words and leaves no verb registered, rather than holding calls forever', async ({
  page,
}, testInfo) => {
  // The record, the runtime and the panels come in a chunk of their own, asked for as the first script runs.
  await page.route(/\/assets\/open-desk-[^/]+\.js$/, (route) => route.abort());
  await page.goto(`${SITES.desk.origin}/`);
  await expect(
    page.getByText('The dispatch desk cannot open its record (its code could not be loaded).', { exact: false }),
  ).toBeVisible();
  await expect.poll(() => agentFor(page, laneOf(testInfo)).names()).toEqual([]);
});

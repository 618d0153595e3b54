import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { headersFor, SITES } from '@warrant/config';
import { bridgeClientCall, type BridgeClientAnswer, type BridgeClientRequest } from '@warrant/webmcp/testing';
import { laneOf } from './agent.ts';
import { expectWorldGap, isolatedWorld, type World } from './isolated-world.ts';
import { POLYFILL } from './lanes.ts';

// The cross-world bridge on the fixture turnstile, driven from a CDP isolated world: the world an
// extension's content script runs in, which shares the page's DOM and window but none of its
// JavaScript globals. The caller discovers the tools from the DOM manifest and invokes them over
// window.postMessage; the page answers through surface.call, so a bridged call meets every check.

const MANIFEST = 'turnstile-agent-tools';

async function open(page: Page): Promise<World> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await page.goto(`${SITES.fixture.origin}/`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  return isolatedWorld(page);
}

const call = (
  world: World,
  request: Partial<BridgeClientRequest> & Pick<BridgeClientRequest, 'verb' | 'id'>,
): Promise<BridgeClientAnswer> =>
  world.evaluate(bridgeClientCall, { manifestId: MANIFEST, input: {}, waitMs: 5000, ...request });

async function turnstile(page: Page): Promise<{ coins: number; open: boolean; passes: number }> {
  return JSON.parse((await page.locator('#state').textContent()) ?? '{}');
}

async function lines(page: Page, list: string): Promise<Array<Record<string, unknown>>> {
  return (await page.locator(`#${list} li`).allTextContents()).map(
    (line) => JSON.parse(line) as Record<string, unknown>,
  );
}

test('the gap: what an isolated world sees of WebMCP, per lane', { tag: POLYFILL }, async ({ page }, testInfo) => {
  const world = await open(page);
  await expectWorldGap(page, world, laneOf(testInfo));
  // Both lanes: the DOM manifest is there for any world.
  expect((await call(world, { verb: 'read_turnstile', id: 'look' })).tools.map((t) => t.name).sort()).toEqual([
    'insert_coin',
    'read_turnstile',
  ]);
});

test(
  'discovered from the DOM manifest and invoked over postMessage, a bridged call runs the same row',
  { tag: POLYFILL },
  async ({ page }) => {
    const world = await open(page);
    const first = await call(world, { verb: 'read_turnstile', id: 'r1' });
    // The manifest lists what the page has registered right now (read back from getTools).
    expect(first.tools.map((t) => t.name).sort()).toEqual(
      (await page.locator('#registered li').allTextContents()).sort(),
    );
    expect(first.tools.find((t) => t.name === 'read_turnstile')?.hints).toEqual({ readOnlyHint: true });
    expect(first.reply).toMatchObject({
      envelope: 'warrant.agent.bridge',
      version: 1,
      kind: 'reply',
      direction: 'reply',
      id: 'r1',
      ok: true,
    });
    expect(JSON.parse(String(first.reply?.['text']))).toEqual({
      ok: true,
      coins: 0,
      open: false,
      passes: 0,
      notes: [],
    });

    const paid = await call(world, { verb: 'insert_coin', id: 7, input: { amount: 2 } });
    expect(paid.reply).toMatchObject({ id: 7, ok: true });
    expect(JSON.parse(String(paid.reply?.['text']))).toEqual({ ok: true, coins: 2 });
    expect(paid.strays).toBe(0);
    // The page changed, and recorded the call as the agent's, through the bridge.
    expect(await turnstile(page)).toMatchObject({ coins: 2, open: false });
    expect((await lines(page, 'calls')).at(-1)).toMatchObject({
      name: 'insert_coin',
      caller: 'agent',
      channel: 'bridge',
      result: { ok: true, coins: 2 },
    });
    // The manifest follows the set: the fare is in, so the gate can be opened.
    await expect
      .poll(async () => (await call(world, { verb: 'read_turnstile', id: 'r2' })).tools.map((t) => t.name).sort())
      .toEqual(['insert_coin', 'open_gate', 'read_turnstile', 'refund_coins']);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    // The manifest is a data block under the page's strict CSP, which allows no inline script.
    expect(headersFor(SITES.fixture)['Content-Security-Policy']).toContain("script-src 'self'");
    expect(await page.locator(`script#${MANIFEST}`).getAttribute('type')).toBe('application/json');
  },
);

test(
  'a bridged call meets every check: out of order or with bad input, it is refused and changes nothing',
  { tag: POLYFILL },
  async ({ page }) => {
    const world = await open(page);
    const closed = await call(world, { verb: 'close_gate', id: 'c1' });
    expect(closed.reply).toMatchObject({
      id: 'c1',
      ok: false,
      code: 'NOT_IN_ORDER',
      details: { tool: 'close_gate', cite: 'gate' },
    });
    expect(String(closed.reply?.['reason'])).toContain('the gate is closed');
    const tooMany = await call(world, { verb: 'insert_coin', id: 'c2', input: { amount: 9 } });
    expect(tooMany.reply).toMatchObject({ id: 'c2', ok: false, code: 'INVALID_INPUT' });
    expect(await turnstile(page)).toMatchObject({ coins: 0, open: false, passes: 0 });
    expect(
      (await lines(page, 'calls')).map((c) => [c['name'], c['channel'], (c['result'] as { ok: boolean }).ok]),
    ).toEqual([
      ['close_gate', 'bridge', false],
      ['insert_coin', 'bridge', false],
    ]);
  },
);

test(
  'forged and malformed envelopes get no reply, change nothing, and are recorded',
  { tag: POLYFILL },
  async ({ page }) => {
    const world = await open(page);
    const forgeries: Array<[string, Partial<BridgeClientRequest>]> = [
      ['WRONG_VERSION', { forge: { version: 2 } }],
      ['WRONG_KIND', { forge: { kind: 'call' } }],
      ['WRONG_ENVELOPE', { forge: { envelope: 'ferrule.agent.bridge' } }],
      ['UNKNOWN_VERB', { verb: 'open_gate_free' }],
      ['BAD_INPUT', { input: [2] }],
      ['BAD_INPUT', { omit: ['input'] }],
      ['BAD_ID', { forge: { id: '' } }],
      ['OVERSIZED', { input: { amount: 2, pad: 'x'.repeat(70_000) } }],
    ];
    for (const [index, [, forged]] of forgeries.entries()) {
      const answer = await call(world, {
        verb: 'insert_coin',
        id: `f${index}`,
        input: { amount: 2 },
        waitMs: 400,
        ...forged,
      });
      expect(answer.reply, JSON.stringify(forged).slice(0, 80)).toBeNull();
    }
    // A well-formed invoke from another window (a frame in the page) is not the page's own.
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
          verb: 'insert_coin',
          input: { amount: 2 },
        },
        '*',
      ),
    );

    await expect.poll(async () => (await lines(page, 'bridge-rejections')).length).toBe(forgeries.length + 1);
    const rejections = await lines(page, 'bridge-rejections');
    expect(rejections.map((r) => r['code'])).toEqual([...forgeries.map(([code]) => code), 'WRONG_SOURCE']);
    expect(rejections.at(-1)).toMatchObject({ code: 'WRONG_SOURCE', id: 'from-frame', origin: SITES.fixture.origin });
    expect(await turnstile(page)).toMatchObject({ coins: 0, open: false, passes: 0 });
    expect(await lines(page, 'calls')).toEqual([]);
  },
);

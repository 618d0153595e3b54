import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { agentFor, laneOf, type Lane } from './agent.ts';
import { POLYFILL } from './lanes.ts';

// The kernel, proved in a real browser on the fixture turnstile, in both lanes.

interface Change {
  added: string[];
  removed: string[];
  total: number;
  ops: { register: number; abort: number; formOn: number; formOff: number };
}

async function open(page: Page, lane: Lane) {
  await page.goto(`${SITES.fixture.origin}/`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#mode')).toHaveText(lane);
  return agentFor(page, lane);
}

async function changes(page: Page): Promise<Change[]> {
  return (await page.locator('#changes li').allTextContents()).map((line) => JSON.parse(line) as Change);
}

async function state(page: Page): Promise<{ coins: number; open: boolean; passes: number; notes: string[] }> {
  return JSON.parse((await page.locator('#state').textContent()) ?? '{}');
}

test(
  'tools appear and disappear with state, read back from getTools',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    expect(await agent.names()).toEqual(['insert_coin', 'read_turnstile']);
    await agent.call('insert_coin', { amount: 2 });
    await expect.poll(() => agent.names()).toEqual(['insert_coin', 'open_gate', 'read_turnstile', 'refund_coins']);
    await page.click('#open');
    await expect.poll(() => agent.names()).toEqual(['close_gate', 'leave_note', 'read_turnstile']);
    await page.click('#reset');
    await expect.poll(() => agent.names()).toEqual(['insert_coin', 'read_turnstile']);
  },
);

test(
  "each reconcile's register and abort calls equal the symmetric difference",
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const lane = laneOf(testInfo);
    const agent = await open(page, lane);
    const key = (t: { name: string; description: string; inputSchema?: object }) =>
      JSON.stringify([t.name, t.description, t.inputSchema ?? null]);
    const steps = ['#add-coin', '#add-coin', '#add-coin', '#open', '#close', '#add-coin', '#reset'];
    for (const step of steps) {
      const before = new Set((await agent.tools()).filter((t) => t.name !== 'leave_note').map(key));
      const count = (await changes(page)).length;
      await page.click(step);
      await expect.poll(async () => (await changes(page)).length).toBeGreaterThan(count);
      await expect.poll(async () => (await changes(page)).at(-1)?.total).toBe((await agent.tools()).length);
      const after = new Set((await agent.tools()).filter((t) => t.name !== 'leave_note').map(key));
      const symmetric =
        [...before].filter((k) => !after.has(k)).length + [...after].filter((k) => !before.has(k)).length;
      const last = (await changes(page)).slice(count);
      const ops = last.reduce((n, c) => n + c.ops.register + c.ops.abort, 0);
      expect(ops, `after ${step}`).toBe(symmetric);
    }
  },
);

test(
  "a declarative form's tool toggles with legality, and its controls with it",
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    const form = page.locator('#note-form');
    await expect(form).not.toHaveAttribute('toolname', /.*/);
    await expect(form.locator('input')).toBeDisabled();
    expect(await agent.names()).not.toContain('leave_note');
    await page.click('#open');
    await expect(form).toHaveAttribute('toolname', 'leave_note');
    await expect(form.locator('input')).toBeEnabled();
    await expect.poll(() => agent.names()).toContain('leave_note');
    const result = await agent.call('leave_note', { note: 'back at six' });
    expect(JSON.stringify(result)).toContain('"ok":true');
    await expect.poll(async () => (await state(page)).notes).toEqual(['back at six']);
    await page.click('#close');
    await expect(form).not.toHaveAttribute('toolname', /.*/);
    await expect.poll(() => agent.names()).not.toContain('leave_note');
  },
);

test(
  'a tool whose own call makes it illegal still completes that call',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    await agent.call('insert_coin', { amount: 3 });
    await expect.poll(() => agent.names()).toContain('open_gate');
    const result = await agent.call('open_gate', { lingerMs: 300 });
    expect(result).toMatchObject({ ok: true, open: true, coins: 1 });
    await expect.poll(() => agent.names()).toEqual(['close_gate', 'leave_note', 'read_turnstile']);
  },
);

test(
  'bad input is refused with the field named, and nothing changes',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    const before = await state(page);
    const result = (await agent.call('insert_coin', { amount: 7 })) as {
      ok: boolean;
      code: string;
      message: string;
      details: { field: string };
    };
    expect(result.ok).toBe(false);
    expect(result.code).toBe('INVALID_INPUT');
    expect(result.details.field).toBe('amount');
    expect(result.message).toContain('amount');
    const missing = (await agent.call('insert_coin', {})) as { code: string; details: { field: string } };
    expect(missing).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'amount' } });
    expect(await state(page)).toEqual(before);
  },
);

test('executeTool reports the argument shape this lane accepted', { tag: POLYFILL }, async ({ page }, testInfo) => {
  const lane = laneOf(testInfo);
  await open(page, lane);
  await page.click('#probe-shape');
  // Chromium 156 takes an object; the pinned polyfill takes only a JSON string.
  await expect(page.locator('#shape')).toHaveText(lane === 'native' ? 'object' : 'string');
});

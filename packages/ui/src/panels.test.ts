// @vitest-environment jsdom
import { signal } from '@preact/signals';
import type { ChangeRecord, ExplainedRow } from '@warrant/surface';
import { settle } from '@warrant/surface/testing';
import type { ListedTool } from '@warrant/webmcp';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { h, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { initialTurnstile, legalNames, turnstileRows } from '../../../tests/fixture/src/turnstile.ts';
import { ChangeLine, describeChange } from './change-line.tsx';
import { InOrderPanel } from './in-order-panel.tsx';
import { ModeBadge } from './mode-badge.tsx';
import { mountSurface } from './mount-surface.ts';
import { OutOfOrderPanel } from './out-of-order-panel.tsx';
import { ToolList } from './tool-list.tsx';

// What a person (and a screen reader) finds in the panels: read from the DOM, as a browser test would.

let root: HTMLElement;
afterEach(() => {
  render(null, root);
  root.remove();
});

function mountInto(vnode: Parameters<typeof render>[0]): HTMLElement {
  root = document.createElement('div');
  document.body.append(root);
  render(vnode, root);
  return root;
}

const listed = (name: string, title: string, annotations?: ListedTool['annotations']): ListedTool => ({
  name,
  title,
  description: `${title}.`,
  origin: 'memory:',
  ...(annotations ? { annotations } : {}),
});

const explainedRow = (name: string, title: string, legal: boolean, reason?: string, cite?: string): ExplainedRow => ({
  name,
  title,
  kind: 'imperative',
  verdict: { legal, ...(reason ? { reason } : {}), ...(cite ? { cite } : {}) },
});

const change = (added: string[], removed: string[], total: number): ChangeRecord => ({
  seq: 1,
  added,
  removed,
  total,
  ops: { register: added.length, abort: removed.length, formOn: 0, formOff: 0 },
  deferred: [],
  errors: [],
  held: false,
});

const texts = (scope: Element, selector: string): string[] =>
  [...scope.querySelectorAll(selector)].map((node) => node.textContent ?? '');

describe('InOrderPanel', () => {
  it("lists each tool the browser reports, by title and name, and captions it as the agent's view from getTools()", () => {
    const tools = [
      listed('read_turnstile', 'Read the turnstile', { readOnlyHint: true }),
      listed('insert_coin', 'Insert coins'),
    ];
    const panel = mountInto(h(InOrderPanel, { tools }));
    const items = [...panel.querySelectorAll('section li[data-tool]')];
    expect(items.map((item) => item.getAttribute('data-tool'))).toEqual(['read_turnstile', 'insert_coin']);
    expect(texts(panel, 'li .tool-title')).toEqual(['Read the turnstile', 'Insert coins']);
    expect(texts(panel, 'li code')).toEqual(['read_turnstile', 'insert_coin']);
    expect(items[0]?.textContent).toContain('read-only');
    expect(panel.querySelector('#in-order-count')?.textContent).toBe('2');
    expect(panel.querySelector('.caption')?.textContent).toMatch(/What an agent sees.*getTools\(\)/);
    const heading = panel.querySelector('h2');
    expect(panel.querySelector('section')?.getAttribute('aria-labelledby')).toBe(heading?.id);
  });

  it('gives each tool its own "do this" slot, so every runner button has a unique accessible name', () => {
    const tools = [
      listed('insert_coin', 'Insert coins'),
      listed('open_gate', 'Open the gate'),
      listed('close_gate', 'Close the gate'),
    ];
    const ran: string[] = [];
    const panel = mountInto(
      h(InOrderPanel, {
        tools,
        doThis: (tool) =>
          h(
            'button',
            { type: 'button', 'aria-label': `Do this: ${tool.title}`, onClick: () => ran.push(tool.name) },
            '▷ do this',
          ),
      }),
    );
    const buttons = [...panel.querySelectorAll('button')];
    const names = buttons.map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Do this: Insert coins', 'Do this: Open the gate', 'Do this: Close the gate']);
    expect(new Set(names).size).toBe(buttons.length);
    buttons[1]?.click();
    expect(ran).toEqual(['open_gate']);
  });

  it("ToolList's ready-made runner button names its tool for a screen reader", () => {
    const ran: string[] = [];
    const panel = mountInto(
      h(ToolList, {
        tools: [listed('insert_coin', 'Insert coins'), listed('open_gate', 'Open the gate')],
        onRun: (name) => ran.push(name),
      }),
    );
    const buttons = [...panel.querySelectorAll('button')];
    expect(buttons.map((button) => button.textContent)).toEqual([
      '▷ do this: Insert coins',
      '▷ do this: Open the gate',
    ]);
    buttons[0]?.click();
    expect(ran).toEqual(['insert_coin']);
  });

  it('without WebMCP, says so and lists what the rules put in order instead', () => {
    const explained = [
      explainedRow('read_turnstile', 'Read the turnstile', true),
      explainedRow('open_gate', 'Open the gate', false, 'the fare is 2 coins', 'fare'),
    ];
    const panel = mountInto(
      h(InOrderPanel, {
        tools: null,
        explained,
        reason: 'This page is not a secure context; WebMCP needs https or localhost.',
      }),
    );
    expect(texts(panel, 'li[data-tool] code')).toEqual(['read_turnstile']);
    expect(panel.querySelector('#in-order-count')?.textContent).toBe('1');
    const caption = panel.querySelector('.caption')?.textContent ?? '';
    expect(caption).toContain('No WebMCP on this page');
    expect(caption).toContain('not a secure context');
  });

  it('scrolls in a region a keyboard can reach, with a label', () => {
    const panel = mountInto(h(InOrderPanel, { tools: [listed('insert_coin', 'Insert coins')] }));
    const region = panel.querySelector('.scroll-region');
    expect(region?.getAttribute('tabindex')).toBe('0');
    expect(region?.getAttribute('role')).toBe('region');
    expect(region?.getAttribute('aria-label')).toBe('Tools an agent can call now');
    expect(region?.querySelector('ul.tool-list')).not.toBeNull();
  });
});

describe('OutOfOrderPanel', () => {
  it('lists every absent tool with its reason and rule, the name in small print, and leaves the legal ones out', () => {
    const rows = [
      explainedRow('read_turnstile', 'Read the turnstile', true),
      explainedRow('open_gate', 'Open the gate', false, 'the fare is 2 coins', 'fare'),
      explainedRow('close_gate', 'Close the gate', false, 'the gate is closed', 'gate'),
    ];
    const panel = mountInto(h(OutOfOrderPanel, { rows }));
    const items = [...panel.querySelectorAll('#out-of-order li[data-tool]')];
    expect(items.map((item) => item.getAttribute('data-tool'))).toEqual(['open_gate', 'close_gate']);
    expect(texts(panel, 'li .tool-title')).toEqual(['Open the gate', 'Close the gate']);
    expect(texts(panel, 'li .reason')).toEqual(['the fare is 2 coins', 'the gate is closed']);
    expect(texts(panel, 'li .cite')).toEqual(['fare', 'gate']);
    expect(texts(panel, 'li small code')).toEqual(['open_gate', 'close_gate']);
    expect(panel.querySelector('#out-of-order-count')?.textContent).toBe('2');
    const region = panel.querySelector('.scroll-region');
    expect(region?.getAttribute('tabindex')).toBe('0');
    expect(region?.getAttribute('aria-label')).toBe('Tools out of order, and why');
  });

  it('says so when every tool is in order', () => {
    const panel = mountInto(h(OutOfOrderPanel, { rows: [explainedRow('read_turnstile', 'Read the turnstile', true)] }));
    expect(panel.querySelectorAll('li').length).toBe(0);
    expect(panel.textContent).toContain('Every tool is in order.');
  });
});

describe('ChangeLine', () => {
  it('says the change in words, counting tools in the first clause only', () => {
    expect(describeChange(change(['open_gate', 'refund_coins'], ['insert_coin'], 3))).toBe(
      '2 tools became available: open_gate, refund_coins; 1 left: insert_coin. 3 tools are in order now.',
    );
    expect(describeChange(change([], ['insert_coin'], 1))).toBe('1 tool left: insert_coin. 1 tool is in order now.');
    expect(describeChange({ ...change([], ['open_gate'], 2), deferred: ['open_gate'] })).toBe(
      '1 tool left: open_gate; 1 stays until its own call finishes: open_gate. 2 tools are in order now.',
    );
  });

  it('is a status region that keeps the counts for tests in data attributes', () => {
    const line = mountInto(h(ChangeLine, { change: change(['a', 'b'], ['c'], 5), count: 4 })).querySelector(
      '#change-line',
    );
    expect(line?.getAttribute('role')).toBe('status');
    expect(line?.textContent).toBe('Change 4: 2 tools became available: a, b; 1 left: c. 5 tools are in order now.');
    expect(line?.getAttribute('data-added')).toBe('2');
    expect(line?.getAttribute('data-removed')).toBe('1');
    expect(line?.getAttribute('data-aborted')).toBe('1');
  });
});

describe('ModeBadge', () => {
  it('shows the mode and lets a screen reader hear the reason, from a connection or from boot signals', () => {
    const fromBoot = mountInto(
      h(ModeBadge, { mode: 'unavailable', reason: 'This page is not a secure context.' }),
    ).querySelector('#webmcp-mode');
    expect(fromBoot?.getAttribute('data-mode')).toBe('unavailable');
    expect(fromBoot?.getAttribute('title')).toBe('This page is not a secure context.');
    expect(fromBoot?.textContent).toBe('WebMCP: unavailable (This page is not a secure context.)');
    render(h(ModeBadge, { connection: null }), root);
    expect(root.querySelector('#webmcp-mode')?.getAttribute('data-mode')).toBe('connecting');
  });
});

describe('the panels over a mounted surface', () => {
  it('re-render from the signals as state moves the registered set', async () => {
    const memory = memoryWebMcp();
    const state = signal(initialTurnstile);
    const mounted = mountSurface({
      rows: turnstileRows({ get: () => state.peek(), set: (next) => (state.value = next) }),
      state,
      webmcp: memory.webmcp,
    });
    try {
      const Page = () =>
        h('main', null, [
          h(
            InOrderPanel,
            { tools: mounted.tools.value },
            h(ChangeLine, { change: mounted.lastChange.value, count: mounted.changeCount.value }),
          ),
          h(OutOfOrderPanel, { rows: mounted.explained.value }),
        ]);
      const page = mountInto(h(Page, null));
      await mounted.ready;
      await settle();
      const inOrder = (): string[] => texts(page, '#in-order li[data-tool] code').sort();
      const outOfOrder = (): string[] => texts(page, '#out-of-order li[data-tool] code').sort();
      const allNames = mounted.explained.value.map((row) => row.name);
      expect(inOrder()).toEqual(legalNames(initialTurnstile).filter((name) => name !== 'leave_note'));

      const next = { ...initialTurnstile, coins: 3 };
      state.value = next;
      await settle();
      expect(inOrder()).toEqual(legalNames(next).filter((name) => name !== 'leave_note'));
      expect(outOfOrder()).toEqual(allNames.filter((name) => !legalNames(next).includes(name)).sort());
      expect(page.querySelector('#change-line')?.textContent).toBe(
        'Change 2: 2 tools became available: open_gate, refund_coins. 4 tools are in order now.',
      );
    } finally {
      mounted.dispose();
    }
  });
});

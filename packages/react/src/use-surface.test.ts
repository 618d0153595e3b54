// @vitest-environment jsdom
import { defineRow, type Row, type ToolResult } from '@warrant/surface';
import { settle } from '@warrant/surface/testing';
import type { Connection } from '@warrant/webmcp';
import { memoryWebMcp, type MemoryWebMcp } from '@warrant/webmcp/testing';
import { act, createElement, StrictMode, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useSurface, type SurfaceView, type UseSurfaceOptions } from './use-surface.ts';

// The hook over a real surface and the in-memory WebMCP (which refuses a second registration of a
// name, as the browser does), in React's development build, where StrictMode mounts, unmounts and
// mounts every component again.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Bell {
  readonly on: boolean;
  readonly rings: number;
}

let setBell: (next: Bell) => void = () => undefined;

const rows: readonly Row<Bell>[] = [
  defineRow<Bell>({
    name: 'read_bell',
    title: 'Read the bell',
    description: () => 'Says whether the bell is on and how often it rang. Always in order.',
    annotations: { readOnlyHint: true },
    verdict: () => ({ legal: true }),
    inputSchema: () => ({ type: 'object', properties: {}, additionalProperties: false }),
    run: (s) => ({ ok: true, on: s.on, rings: s.rings }),
  }),
  defineRow<Bell>({
    name: 'ring_bell',
    title: 'Ring the bell',
    description: () => 'Rings the bell once. In order while a person has switched it on.',
    verdict: (s) =>
      s.on ? { legal: true } : { legal: false, reason: 'the bell is switched off', cite: 'bell rule 1' },
    inputSchema: () => ({ type: 'object', properties: {}, additionalProperties: false }),
    run: (s) => {
      setBell({ ...s, rings: s.rings + 1 });
      return { ok: true, rings: s.rings + 1 };
    },
  }),
];

let view: SurfaceView | null = null;

function BellPage({ options }: { options: UseSurfaceOptions }): ReactNode {
  const [bell, set] = useState<Bell>({ on: false, rings: 0 });
  setBell = set;
  view = useSurface(rows, bell, options);
  return null;
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  view = null;
});

const connected = (memory: MemoryWebMcp): Connection => ({
  mode: 'native',
  reason: 'The browser provides WebMCP.',
  webmcp: memory.webmcp,
});

/** A connection that also counts every registerTool call, the refused ones included. */
function counted(memory: MemoryWebMcp): { connection: Connection; attempts: () => number } {
  let attempts = 0;
  const webmcp = {
    ...memory.webmcp,
    registerTool: (...args: Parameters<MemoryWebMcp['webmcp']['registerTool']>) => {
      attempts += 1;
      return memory.webmcp.registerTool(...args);
    },
  };
  return { connection: { mode: 'native', reason: 'The browser provides WebMCP.', webmcp }, attempts: () => attempts };
}

// act() applies a render's updates and effects when its callback ends; what the surface queued
// in them (reconciles, getTools reads) runs in the act that follows.
const flush = (): Promise<void> =>
  act(async () => {
    await settle();
  });

async function render(node: ReactNode): Promise<Root> {
  const root = createRoot(document.createElement('div'));
  roots.push(root);
  act(() => root.render(node));
  await flush();
  return root;
}

async function change(next: Bell): Promise<void> {
  act(() => setBell(next));
  await flush();
}

const current = (): SurfaceView => {
  if (!view) throw new Error('The page has not rendered.');
  return view;
};
const names = (tools: readonly { name: string }[]): string[] => tools.map((tool) => tool.name).sort();

describe('useSurface', () => {
  it('under StrictMode makes one surface: each legal row registered once, and the lists read back', async () => {
    const memory = memoryWebMcp();
    const { connection, attempts } = counted(memory);
    await render(createElement(StrictMode, null, createElement(BellPage, { options: { connection } })));
    expect(memory.names()).toEqual(['read_bell']);
    expect(memory.ops).toEqual({ register: 1, abort: 0 });
    expect(attempts()).toBe(1);
    expect(current().mode).toBe('native');
    expect(names(current().inOrder)).toEqual(['read_bell']);
    expect(current().outOfOrder.map((row) => [row.name, row.verdict.reason, row.verdict.cite])).toEqual([
      ['ring_bell', 'the bell is switched off', 'bell rule 1'],
    ]);
  });

  it('under StrictMode with connect() still pending at the second mount, still one surface', async () => {
    const memory = memoryWebMcp();
    let answer: (found: Connection) => void = () => undefined;
    const later = new Promise<Connection>((resolve) => (answer = resolve));
    await render(createElement(StrictMode, null, createElement(BellPage, { options: { connection: later } })));
    expect(current().mode).toBe('connecting');
    expect(current().inOrder).toEqual([]);
    answer(connected(memory));
    await flush();
    expect(memory.ops).toEqual({ register: 1, abort: 0 });
    expect(names(current().inOrder)).toEqual(['read_bell']);
  });

  it('follows state: only the symmetric difference is touched, and the lists say so', async () => {
    const memory = memoryWebMcp();
    await render(
      createElement(StrictMode, null, createElement(BellPage, { options: { connection: connected(memory) } })),
    );
    await change({ on: true, rings: 0 });
    expect(memory.names()).toEqual(['read_bell', 'ring_bell']);
    expect(memory.ops).toEqual({ register: 2, abort: 0 });
    expect(names(current().inOrder)).toEqual(['read_bell', 'ring_bell']);
    expect(current().outOfOrder).toEqual([]);

    await change({ on: false, rings: 0 });
    expect(memory.names()).toEqual(['read_bell']);
    expect(memory.ops).toEqual({ register: 2, abort: 1 });
    expect(names(current().inOrder)).toEqual(['read_bell']);
    expect(current().outOfOrder.map((row) => row.name)).toEqual(['ring_bell']);
  });

  it("an agent's call runs the row, and the state it sets reaches the surface", async () => {
    const memory = memoryWebMcp();
    await render(createElement(BellPage, { options: { connection: connected(memory) } }));
    await change({ on: true, rings: 0 });
    let result: unknown;
    await act(async () => {
      result = await memory.call('ring_bell');
    });
    await flush();
    expect(result).toEqual({ ok: true, rings: 1 });
    expect(await memory.call('read_bell')).toEqual({ ok: true, on: true, rings: 1 });
  });

  it('call() runs a row as a person, and refuses one that is out of order, changing nothing', async () => {
    const memory = memoryWebMcp();
    await render(createElement(BellPage, { options: { connection: connected(memory) } }));
    let refused: ToolResult | null = null;
    await act(async () => {
      refused = await current().call('ring_bell');
    });
    expect(refused).toMatchObject({ ok: false, isError: true, code: 'NOT_IN_ORDER' });
    await change({ on: true, rings: 0 });
    let rang: ToolResult | null = null;
    await act(async () => {
      rang = await current().call('ring_bell');
    });
    await flush();
    expect(rang).toEqual({ ok: true, rings: 1 });
    expect(await memory.call('read_bell')).toEqual({ ok: true, on: true, rings: 1 });
  });

  it('unmounting drops every registration; a remount registers afresh, with no duplicate', async () => {
    const memory = memoryWebMcp();
    const root = await render(createElement(BellPage, { key: 'a', options: { connection: connected(memory) } }));
    await change({ on: true, rings: 0 });
    act(() => root.render(createElement(BellPage, { key: 'b', options: { connection: connected(memory) } })));
    await flush();
    // The new page starts switched off: only read_bell, registered once more after both were dropped.
    expect(memory.names()).toEqual(['read_bell']);
    expect(memory.ops).toEqual({ register: 3, abort: 2 });
    act(() => root.unmount());
    roots.splice(roots.indexOf(root), 1);
    expect(memory.names()).toEqual([]);
  });

  it('keeps one surface across re-renders, whatever rows and options are passed later', async () => {
    const memories: MemoryWebMcp[] = [];
    let renders = 0;
    function Rerendering(): ReactNode {
      const [bell, set] = useState<Bell>({ on: false, rings: 0 });
      setBell = set;
      renders += 1;
      const memory = memoryWebMcp();
      memories.push(memory);
      view = useSurface([...rows], bell, { connection: connected(memory) });
      return null;
    }
    await render(createElement(Rerendering));
    const firstCall = current().call;
    await change({ on: true, rings: 0 });
    await change({ on: true, rings: 1 });
    expect(renders).toBeGreaterThanOrEqual(3);
    expect(current().call).toBe(firstCall);
    expect(memories[0]?.names()).toEqual(['read_bell', 'ring_bell']);
    expect(memories.slice(1).every((memory) => memory.size() === 0)).toBe(true);
  });

  it('without WebMCP, says why, registers nothing, and still explains and runs rows for a person', async () => {
    await render(
      createElement(BellPage, {
        options: { connection: { mode: 'unavailable', reason: 'This page is not a secure context.', webmcp: null } },
      }),
    );
    expect(current().mode).toBe('unavailable');
    expect(current().reason).toBe('This page is not a secure context.');
    expect(current().inOrder).toEqual([]);
    expect(current().outOfOrder.map((row) => row.name)).toEqual(['ring_bell']);
    let read: ToolResult | null = null;
    await act(async () => {
      read = await current().call('read_bell');
    });
    expect(read).toEqual({ ok: true, on: false, rings: 0 });
  });

  it('a connection that fails leaves the page unavailable, with the reason', async () => {
    const failed = Promise.reject(new Error('no polyfill'));
    // The hook attaches its handler once mounted; until then the rejection is this test's own.
    failed.catch(() => undefined);
    await render(createElement(BellPage, { options: { connection: failed } }));
    expect(current().mode).toBe('unavailable');
    expect(current().reason).toContain('no polyfill');
  });
});

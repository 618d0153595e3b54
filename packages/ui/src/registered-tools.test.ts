import { memoryWebMcp } from '@warrant/webmcp/testing';
import type { ListedTool, WebMcp } from '@warrant/webmcp';
import { describe, expect, it } from 'vitest';
import { registeredTools } from './registered-tools.ts';

// A browser whose getTools() answers when the test says so, to put reads out of order.

interface PendingRead {
  resolve(tools: ListedTool[]): void;
}

function slowBrowser() {
  const base = memoryWebMcp().webmcp;
  const listeners = new Set<() => void>();
  const reads: PendingRead[] = [];
  const webmcp: WebMcp = {
    ...base,
    getTools: () => new Promise<ListedTool[]>((resolve) => reads.push({ resolve })),
    onToolChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const toolchange = (): void => listeners.forEach((listener) => listener());
  return { webmcp, reads, toolchange, listeners };
}

const tool = (name: string): ListedTool => ({ name, title: name, description: `${name}.`, origin: 'memory:' });
const microtasks = async (): Promise<void> => {
  for (let hop = 0; hop < 5; hop += 1) await Promise.resolve();
};

describe('registeredTools', () => {
  it('keeps the newest read when an older one answers late', async () => {
    const browser = slowBrowser();
    const { tools } = registeredTools(browser.webmcp);
    browser.toolchange();
    await microtasks();
    browser.toolchange();
    await microtasks();
    expect(browser.reads.length).toBe(2);
    const [older, newer] = browser.reads;
    newer?.resolve([tool('second')]);
    await microtasks();
    older?.resolve([tool('first')]);
    await microtasks();
    expect(tools.value.map((t) => t.name)).toEqual(['second']);
  });

  it('reads once for a burst of toolchange events in one task', async () => {
    const browser = slowBrowser();
    registeredTools(browser.webmcp);
    for (let event = 0; event < 17; event += 1) browser.toolchange();
    await microtasks();
    expect(browser.reads.length).toBe(1);
  });

  it('unsubscribes on dispose and ignores a read that lands afterwards', async () => {
    const browser = slowBrowser();
    const reader = registeredTools(browser.webmcp);
    const pending = reader.refresh();
    expect(browser.listeners.size).toBe(1);
    reader.dispose();
    expect(browser.listeners.size).toBe(0);
    browser.reads[0]?.resolve([tool('late')]);
    await pending;
    expect(reader.tools.value).toEqual([]);
  });

  it('stays empty without WebMCP', async () => {
    const reader = registeredTools(null);
    await reader.refresh();
    expect(reader.tools.value).toEqual([]);
    reader.dispose();
  });
});

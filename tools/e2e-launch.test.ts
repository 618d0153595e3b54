import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { BASE_ARGS, CHROMIUM_PATH, PLAYWRIGHT_DISABLED_FEATURES, UNUSED_BROWSER_UI } from '../tests/e2e/launch.ts';

// The browser tests launch Chromium with one --disable-features switch of their own, which
// replaces Playwright's (a browser keeps only the last). These launch the real browser and read
// its command line from /proc, as the kernel holds it.

/** The command lines of the Chromium browser processes this process started. */
function launchedBrowsers(): string[][] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent !== process.pid) return [];
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        return args.some((arg) => arg.includes('chromium')) && !args.some((arg) => arg.startsWith('--type='))
          ? [args]
          : [];
      } catch {
        return [];
      }
    });
}

const lastValue = (args: readonly string[], name: string): string[] =>
  (args.findLast((arg) => arg.startsWith(`--${name}=`)) ?? `--${name}=`).slice(name.length + 3).split(',');

describe('the browser tests’ Chromium', () => {
  it('turns off every feature Playwright turns off, as well as its own', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
    try {
      const [args] = launchedBrowsers();
      expect(args, 'a Chromium started by this process').toBeDefined();
      expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual(lastValue(args ?? [], 'disable-features').sort());
    } finally {
      await browser.close();
    }
  });

  it('opens a context with no omnibox popup, still with native WebMCP and Playwright’s features off', async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...BASE_ARGS, '--enable-features=WebMCP'],
    });
    try {
      const [args] = launchedBrowsers();
      expect(lastValue(args ?? [], 'disable-features')).toEqual([
        ...PLAYWRIGHT_DISABLED_FEATURES,
        ...UNUSED_BROWSER_UI,
      ]);
      // A page on the loopback address is a secure context, where native WebMCP is offered.
      const server = createServer((_request, response) => response.end('<!doctype html><title>t</title>'));
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
      const page = await (await browser.newContext()).newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      // The browser's own API, asked directly: what this checks is the launch, not our kernel.
      // eslint-disable-next-line no-restricted-syntax
      expect(await page.evaluate(() => typeof (document as { modelContext?: unknown }).modelContext)).toBe('object');
      server.close();
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] })) as {
        targetInfos: { type: string; url: string }[];
      };
      expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

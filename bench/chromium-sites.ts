import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { PORT_BASE, type Site } from '@warrant/config';
import { build } from 'vite';
import { builtPortBase, portsInUse, ROOT } from '../tools/app-sites.ts';
import { serveSite, stopServer } from '../tools/static-server.ts';
import { BASE_ARGS, CHROMIUM_PATH } from '../tests/e2e/launch.ts';
import { assertPortsFree, BenchStop, RERUN } from './ports.ts';

// What the Chromium benchmarks share: the real sites served on their own origins from their
// builds, a browser in either lane, and a page script bundled from the packages' sources.

export type Lane = 'native' | 'polyfill';

/**
 * Serves each site's build on its origin, with its headers; resolves with what stops them all.
 * Every port must be free on both loopback addresses first: the bench measures its own servers
 * only. A port taken meanwhile stops the bench with the one line, and closes what did start.
 */
export async function serveBuiltSites(sites: readonly Site[]): Promise<() => Promise<void>> {
  const stale = sites.filter((site) => builtPortBase(site) !== PORT_BASE);
  if (stale.length > 0) throw new Error(`${stale.map((site) => site.title).join(', ')} not built for port base ${PORT_BASE}: run the build with the same WARRANT_PORT_BASE.`);
  await assertPortsFree(sites);
  const opened = await Promise.allSettled(sites.map((site) => serveSite(site)));
  const servers = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async (): Promise<void> => void (await Promise.all(servers.map((server) => stopServer(server))));
  const failures = opened.flatMap((result, index) => (result.status === 'rejected' ? [{ site: sites[index] as Site, reason: result.reason as unknown }] : []));
  if (failures.length > 0) {
    await stop();
    const busy = failures.filter(({ reason }) => (reason as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE').map(({ site }) => site);
    if (busy.length > 0) throw new BenchStop(portsInUse(busy, RERUN));
    throw failures[0]?.reason;
  }
  return stop;
}

/** Debian's Chromium, headless: with native WebMCP (one --enable-features switch) or without it. */
export function launchLane(lane: Lane): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...BASE_ARGS, ...(lane === 'native' ? ['--enable-features=WebMCP'] : [])] });
}

/**
 * Bundles a benchmark's page script (a file under bench/chromium/) into one IIFE that sets
 * `window[name]` to its exports, for page.evaluate: evaluated over the DevTools protocol, it runs
 * under any page's CSP. Like an app's build, it gets this process's port base written in, so it
 * names the origins the servers are on.
 */
export async function bundlePageScript(file: string, name: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { tsconfigPaths: true },
    define: { __WARRANT_PORT_BASE__: JSON.stringify(String(PORT_BASE)) },
    build: {
      write: false,
      target: 'es2022',
      minify: false,
      lib: { entry: join(ROOT, 'bench', 'chromium', file), formats: ['iife'], name, fileName: () => 'bench.js' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if ('output' in result) {
      const chunk = result.output.find((item) => item.type === 'chunk');
      if (chunk && chunk.type === 'chunk') return chunk.code;
    }
  }
  throw new Error(`${file} did not bundle`);
}

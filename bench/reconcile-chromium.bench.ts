import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bundlePageScript, launchLane } from './chromium-sites.ts';
import { round, type BenchResult } from './measure.ts';

// The kernel where it runs: the same reconcile as surface.bench.ts, but against Chromium's own
// WebMCP, beside a full teardown of the same transitions in the same page.

const COUNT = 1000;
const FLIPS = 10;
const WARM_UP = 50;
const SAMPLES = 200;

export async function reconcileChromiumBenchmarks(): Promise<BenchResult[]> {
  const code = await bundlePageScript('reconcile-page.ts', 'warrantReconcileBench');
  // A blank page on a loopback origin: a secure context, so native WebMCP is there.
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>reconcile</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await launchLane('native');
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate(code);
    const measured = await page.evaluate(
      ([count, flips, warmUp, samples]) =>
        (window as unknown as { warrantReconcileBench: { measureReconcile(c: number, f: number, w: number, s: number): Promise<{ ours: number; teardown: number }> } }).warrantReconcileBench.measureReconcile(count, flips, warmUp, samples),
      [COUNT, FLIPS, WARM_UP, SAMPLES] as const,
    );
    return [
      {
        id: 'surface.reconcile_chromium_ms_1000x10',
        value: round(measured.ours, 4),
        unit: 'ms',
        goal: 'report',
        note: `Median of ${SAMPLES} reconciles (after ${WARM_UP}) of a 1,000-row surface with 10 rows changing legality, in headless Chromium with native WebMCP (registerTool/abort are the browser's).`,
      },
      {
        id: 'surface.reconcile_chromium_ratio_vs_teardown',
        value: round(measured.teardown / measured.ours, 1),
        unit: 'x',
        goal: '>= 10',
        note: `A full teardown of the same transitions in the same page took ${round(measured.teardown, 2)} ms median (abort every tool, register every legal one).`,
      },
    ];
  } finally {
    await browser.close();
    server.close();
  }
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bundlePageScript, launchLane } from './chromium-sites.ts';
import type * as ReconcilePage from './chromium/reconcile-page.ts';
import { median, ratio, round, timing, type BenchResult } from './measure.ts';

// The kernel where it runs: the same reconcile as surface.bench.ts, but against Chromium's own
// WebMCP, beside a real full teardown of the same transitions in the same page, interleaved.

const COUNT = 1000;
const FLIPS = 10;
const WARM_UP = 50;
const SAMPLES = 200;

export async function reconcileChromiumBenchmarks(): Promise<BenchResult[]> {
  const code = await bundlePageScript('reconcile-page.ts', 'warrantReconcileBench');
  // A blank page on a loopback origin: a secure context, so native WebMCP is there; cross-origin
  // isolated, so performance.now() is not coarsened to 0.1 ms.
  const server = createServer((_request, response) =>
    response
      .writeHead(200, {
        'content-type': 'text/html',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      })
      .end('<!doctype html><title>reconcile</title>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await launchLane('native');
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate(code);
    const measured = await page.evaluate(
      ([count, flips, warmUp, samples]) =>
        (window as unknown as { warrantReconcileBench: typeof ReconcilePage }).warrantReconcileBench.measureReconcile(
          count,
          flips,
          warmUp,
          samples,
        ),
      [COUNT, FLIPS, WARM_UP, SAMPLES] as const,
    );
    const where = `headless Chromium, native WebMCP (registerTool and abort are the browser's), a blank loopback page${measured.crossOriginIsolated ? ' (cross-origin isolated: 5 µs timer)' : ' (not isolated: timer coarsened to 0.1 ms)'}`;
    const teardownMedian = round(median(measured.teardown), 2);
    return [
      timing(
        {
          id: 'surface.reconcile_chromium_ms_1000x10',
          unit: 'ms',
          goal: 'report',
          digits: 4,
          note: `One reconcile of a 1,000-row surface where 10 rows change legality, ${SAMPLES} runs after ${WARM_UP}, in ${where}; timed in the page, interleaved with the teardown below.`,
        },
        measured.ours,
      ),
      ratio(
        {
          id: 'surface.reconcile_chromium_ratio_vs_teardown',
          goal: '>= 10',
          digits: 1,
          sideUnit: 'ms',
          numeratorLabel: 'full teardown',
          denominatorLabel: 'ours',
          note: `Per transition: a real full teardown (abort every tool it registered, register every legal one again; about ${teardownMedian} ms) over ours, both stepping through the same ${SAMPLES} transitions in the same page, interleaved (which goes first alternates), ${where}. Each strategy registers under its own prefix, so the registry holds both.`,
        },
        measured.teardown,
        measured.ours,
      ),
    ];
  } finally {
    await browser.close();
    server.close();
  }
}

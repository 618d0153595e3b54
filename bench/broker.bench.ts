import { SITES } from '@warrant/config';
import { onTheDeskPage, type Lane } from './chromium-sites.ts';
import type * as LeasedReadPage from './chromium/leased-read-page.ts';
import type { LeasedReadTimings } from './chromium/leased-read-page.ts';
import { round, timing, type BenchResult } from './measure.ts';

// One leased read call from the desk to a partner, across origins, in headless Chromium: the real
// desk page (its headers delegate tools to the partners) and the real pantry site in the frame
// its read lease mounts. Natively the call goes through exposedTo / getTools({ fromOrigins }) and
// executeTool; without the flag (the polyfill lane) through the MessageChannel the partner serves.
// The broker here is built in the page with its hop records kept in memory: it leaves out the
// ledger append every real desk call makes, and the ids say so ("in_memory"). The desk's real
// path (its find_capacity verb, ledger rows stored on its server before it answers) is timed by
// find-capacity.bench.ts, beside these.

const WARM_UP = 20;
const SAMPLES = 200;

function leasedRead(lane: Lane): Promise<LeasedReadTimings> {
  return onTheDeskPage(
    { lane, partners: [SITES.pantry], script: { file: 'leased-read-page.ts', name: 'warrantLeasedReadBench' } },
    (page) =>
      page.evaluate(
        ([native, warmUp, samples]) =>
          (
            window as unknown as { warrantLeasedReadBench: typeof LeasedReadPage }
          ).warrantLeasedReadBench.measureLeasedRead({ native, warmUp, samples }),
        [lane === 'native', WARM_UP, SAMPLES] as const,
      ),
  );
}

export async function brokerBenchmarks(): Promise<BenchResult[]> {
  const native = await leasedRead('native');
  const polyfill = await leasedRead('polyfill');
  const said = (timings: LeasedReadTimings): string =>
    `${timings.samples} calls after ${WARM_UP} to warm up (p90 ${round(timings.p90, 2)} ms), transport=${timings.transport}; performance.now() is coarsened to 0.1 ms in a page that is not cross-origin isolated`;
  const what = `one leased read (list_parcel_stock on a read_capacity lease) desk → pantry, timed in the real desk page from broker.call to its answer: lease, scope and policy checks, the hop records (kept in memory, so no ledger append), the frame host, the channel and the partner page's own row`;
  return [
    timing(
      {
        id: 'broker.cross_origin_call_in_memory_p50_ms',
        unit: 'ms',
        goal: '< 5',
        note: `Native lane (--enable-features=WebMCP: exposedTo, getTools({ fromOrigins, fromWindow }), executeTool): ${what}; ${said(native)}.`,
      },
      native.times,
    ),
    timing(
      {
        id: 'broker.cross_origin_call_in_memory_p50_ms_polyfill',
        unit: 'ms',
        goal: 'report',
        note: `Polyfill lane (no flag: the partner page serves its rows over the broker's MessageChannel, since the polyfill refuses to run in a cross-origin frame): ${what}; ${said(polyfill)}.`,
      },
      polyfill.times,
    ),
  ];
}

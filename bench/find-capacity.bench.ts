import { SITES } from '@warrant/config';
import type { LedgerRow } from '@warrant/ledger';
import type { Page } from 'playwright-core';
import type * as AgentCalls from './chromium/agent-calls-page.ts';
import { onTheDeskPage, type Lane } from './chromium-sites.ts';
import { median, round, timing, type BenchResult } from './measure.ts';

// The cross-origin call on the desk's real path: the desk's own find_capacity verb, called by an
// agent through WebMCP in the real desk page, reading the real pantry site in the frame its read
// lease mounted, on their own origins and servers (PGlite). What the call does is what the desk
// does for every read a dispatcher's agent makes: the kernel's legality and schema checks, the
// broker's lease, scope and policy checks, each of the pantry's capacity reads through the frame
// and its channel (natively exposedTo / getTools({ fromOrigins }) / executeTool; in the polyfill
// lane the MessageChannel the partner serves), the answers quarantined, and every hop and the
// verb's own row appended to the ledger on the desk's server: the verb answers only once its rows
// are stored there (verb-row.ts awaits desk.flush()). broker.bench.ts times the broker alone, its
// hops kept in memory, beside this.

// The lease lives 300 s at most: 110 calls leave room for a call of over 2 s on a loaded machine.
const WARM_UP = 10;
const CALLS = 100;
const FAMILY = {
  people: 4,
  needs: ['food'],
  place: 'Harbour Street community hall',
  note: 'Two adults and two children.',
};

/** Today's local date: the pantry's week starts today. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

interface Read {
  readonly partner: string;
  readonly tool: string;
  readonly ok: boolean;
}

/** The page's agent calls, once bench/chromium/agent-calls-page.ts is evaluated in it. */
type Agent = typeof AgentCalls;

async function call(page: Page, name: string, input: object): Promise<Record<string, unknown>> {
  const { result } = await page.evaluate(
    ([tool, args]) =>
      (window as unknown as { warrantAgentCalls: Agent }).warrantAgentCalls.pageAgentCall({ name: tool, input: args }),
    [name, input] as const,
  );
  const answer = result as Record<string, unknown> | null;
  if (answer?.['ok'] !== true) throw new Error(`${name} was refused: ${JSON.stringify(result).slice(0, 300)}`);
  return answer;
}

async function until(page: Page, tool: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (
    !(
      await page.evaluate(() =>
        (window as unknown as { warrantAgentCalls: Agent }).warrantAgentCalls.pageAgentListTools(),
      )
    ).some((listed) => listed.name === tool)
  ) {
    if (Date.now() > deadline) throw new Error(`${tool} never came into order`);
    await page.waitForTimeout(50);
  }
}

async function ledgerRows(): Promise<LedgerRow[]> {
  const answer = (await (await fetch(`${SITES.desk.origin}/api/logs/ledger`)).json()) as {
    entries: { record: LedgerRow }[];
  };
  return answer.entries.map((entry) => entry.record);
}

interface Measured {
  /** Milliseconds of each timed call, in order. */
  readonly times: number[];
  /** Each read the last call made, and whether it came back. */
  readonly reads: readonly Read[];
  /** Ledger rows the desk's server stored per call, by event, over every call made. */
  readonly rowsPerCall: Readonly<Record<string, number>>;
  /** Requests the page made to the desk's server per call, by method and path, over the calls made. */
  readonly requestsPerCall: Readonly<Record<string, number>>;
  readonly ledgerRowsBefore: number;
  readonly ledgerRowsAfter: number;
}

function findCapacity(lane: Lane): Promise<Measured> {
  return onTheDeskPage(
    { lane, partners: [SITES.pantry], script: { file: 'agent-calls-page.ts', name: 'warrantAgentCalls' } },
    async (page) => {
      await until(page, 'intake_request');
      const intake = await call(page, 'intake_request', { ...FAMILY, deadline: `${today()}T21:00` });
      const request = (intake['request'] as { id: string }).id;
      await until(page, 'open_lease');
      const opened = await call(page, 'open_lease', { partner: 'pantry', purpose: 'read_capacity', ttl: 300, request });
      if ((opened['lease'] as { state?: string } | undefined)?.state !== 'active')
        throw new Error(`the read lease is not active: ${JSON.stringify(opened).slice(0, 300)}`);
      await until(page, 'find_capacity');
      const before = (await ledgerRows()).length;
      // Every request the desk page makes to its own server while the calls run, by method and path.
      const requests: Record<string, number> = {};
      page.on('request', (sent) => {
        const url = new URL(sent.url());
        if (url.origin === SITES.desk.origin && url.pathname.startsWith('/api/'))
          requests[`${sent.method()} ${url.pathname}`] = (requests[`${sent.method()} ${url.pathname}`] ?? 0) + 1;
      });
      // Timed in the page, from executeTool to the answer (pageAgentTimedCalls): no DevTools round trip in it.
      const timed = await page.evaluate(
        ([input, warmUp, calls]) =>
          (window as unknown as { warrantAgentCalls: Agent }).warrantAgentCalls.pageAgentTimedCalls({
            name: 'find_capacity',
            input,
            warmUp,
            calls,
          }),
        [{ request }, WARM_UP, CALLS] as const,
      );
      const reads = ((timed.last as { reads?: Read[] }).reads ?? []).map(({ partner, tool, ok }) => ({
        partner,
        tool,
        ok,
      }));
      const after = await ledgerRows();
      const added = after.slice(before);
      // Every call made: the one that learned the input's shape ran too when the object shape worked.
      const made = WARM_UP + CALLS + (timed.shape === 'object' ? 1 : 0);
      const rowsPerCall: Record<string, number> = {};
      for (const row of added) rowsPerCall[row.event] = (rowsPerCall[row.event] ?? 0) + 1;
      for (const event of Object.keys(rowsPerCall))
        rowsPerCall[event] = round((rowsPerCall[event] as number) / made, 2);
      const requestsPerCall = Object.fromEntries(
        Object.entries(requests).map(([request, count]) => [request, round(count / made, 2)]),
      );
      if (reads.length === 0 || reads.some((read) => !read.ok))
        throw new Error(`a capacity read failed: ${JSON.stringify(reads)}`);
      return {
        times: timed.times,
        reads,
        rowsPerCall,
        requestsPerCall,
        ledgerRowsBefore: before,
        ledgerRowsAfter: after.length,
      };
    },
  );
}

export async function findCapacityBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const lane of ['native', 'polyfill'] as const) {
    const measured = await findCapacity(lane);
    const reads = measured.reads.map((read) => `${read.partner} ${read.tool}`).join(', ');
    const rows = Object.entries(measured.rowsPerCall)
      .map(([event, count]) => `${count} ${event}`)
      .join(', ');
    const how =
      lane === 'native'
        ? 'native lane (--enable-features=WebMCP: the pantry frame found by getTools({ fromOrigins, fromWindow }), each read by executeTool)'
        : "polyfill lane (no flag: the pantry page serves its reads over the broker's MessageChannel)";
    // The desk page draws its ledger as it grows: whether a call costs more as the ledger does.
    const quarter = Math.floor(measured.times.length / 4);
    results.push({
      ...timing(
        {
          id: lane === 'native' ? 'desk.find_capacity_call_p50_ms' : 'desk.find_capacity_call_p50_ms_polyfill',
          unit: 'ms',
          goal: 'report',
          digits: 2,
          note: `One find_capacity call on the desk's real path, headless Chromium, ${how}: called through the desk page's WebMCP (executeTool from the page's world, as an extension or the browser's agent calls; pageAgentTimedCalls) on a read_capacity lease on the pantry, timed in the page from the call to its answer. The real desk and pantry sites each on its own server (PGlite, a fresh directory). Each call makes the pantry's capacity reads (${reads}) through the lease's frame, and the desk's server stores its ledger rows before the verb answers: per call ${rows}; the desk page draws each row in its ledger as it is stored. facts: the ledger rows and the page's requests to the desk's server per call, the ledger's size before and after, and the median of the first and last quarter of the calls. ${CALLS} calls after ${WARM_UP}, one lease; performance.now() is coarsened to 0.1 ms in a page that is not cross-origin isolated.`,
        },
        measured.times,
      ),
      facts: {
        ...Object.fromEntries(
          Object.entries(measured.rowsPerCall).map(([event, count]) => [`ledgerRowsPerCall ${event}`, count]),
        ),
        ...Object.fromEntries(
          Object.entries(measured.requestsPerCall).map(([request, count]) => [`requestsPerCall ${request}`, count]),
        ),
        ledgerRowsBefore: measured.ledgerRowsBefore,
        ledgerRowsAfter: measured.ledgerRowsAfter,
        medianFirstQuarterMs: round(median(measured.times.slice(0, quarter)), 1),
        medianLastQuarterMs: round(median(measured.times.slice(-quarter)), 1),
      },
    });
  }
  return results;
}

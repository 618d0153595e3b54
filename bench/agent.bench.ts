import { chromium } from 'playwright-core';
import { SITES } from '@warrant/config';
import { startScriptedUpstream, type ScriptedReply } from '../gateway/src/testing/scripted-upstream.ts';
import { BASE_ARGS, CHROMIUM_PATH } from '../tests/e2e/launch.ts';
import { resetSites, serveBuiltSites, setupLinkOf } from './chromium-sites.ts';
import { addPasskeyAuthenticator, enrolDispatcher } from './passkey.ts';
import { median, round, timing, type BenchResult } from './measure.ts';

// The desk's in-page agent: one scripted turn from the Run click to the halt, in headless
// Chromium (native lane) with the shelter framed on its own origin. The model is the scripted
// chat-completions server, which answers at once; the time the page spent waiting on it (its
// requests' resource timings) is taken out, so what is left is the desk's own work: offering the
// verbs, running each call through the kernel, the lease and the partner frame, the ledger, the
// halt.

const RUNS = 5;

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * Run `run`'s five replies (from 0). The desk's ids never repeat across its books, a reset
 * included, and each run takes in one request and drafts one plan: run k works R-(k+1), P-(k+1).
 */
function toTheHalt(run: number): ScriptedReply[] {
  const request = `R-${run + 1}`;
  return [
    {
      kind: 'tool_calls',
      calls: [
        {
          name: 'intake_request',
          arguments: {
            people: 4,
            needs: ['bed'],
            place: 'Harbour Street community hall',
            deadline: `${today()}T21:00`,
          },
        },
      ],
    },
    {
      kind: 'tool_calls',
      calls: [{ name: 'open_lease', arguments: { partner: 'shelter', purpose: 'read_capacity', ttl: 240, request } }],
    },
    { kind: 'tool_calls', calls: [{ name: 'find_capacity', arguments: { request } }] },
    {
      kind: 'tool_calls',
      calls: [
        {
          name: 'draft_plan',
          arguments: {
            request,
            label: 'A family room tonight',
            steps: [{ partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 1, night: today() } }],
          },
        },
      ],
    },
    { kind: 'tool_calls', calls: [{ name: 'commit_plan', arguments: { plan: `P-${run + 1}` } }] },
  ];
}

interface TurnTiming {
  readonly turn: number;
  readonly waiting: number;
  readonly requests: number;
}

export async function agentBenchmarks(): Promise<BenchResult[]> {
  // One scripted model for every run (each run's five replies in turn), started first: the desk's
  // CSP names only the endpoints its server is started with, as WARRANT_AGENT_ENDPOINTS does in
  // `npm start`, so the desk is served knowing this one.
  const upstream = await startScriptedUpstream(Array.from({ length: RUNS }, (_, run) => toTheHalt(run)).flat());
  const stop = await serveBuiltSites([SITES.desk, SITES.shelter], {
    agentEndpoints: [new URL(upstream.url).origin],
  }).catch(async (error: unknown) => {
    await upstream.close();
    throw error;
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...BASE_ARGS, '--enable-features=WebMCP'],
  });
  const timings: TurnTiming[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      // A fresh profile each run, the script at its next five replies: a new book at the desk's server, the shelter
      // reseeded on its server (as before each browser test).
      await resetSites([SITES.desk, SITES.shelter]);
      const asked = upstream.requests.length;
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        // The agent acts only in a signed-in dispatcher's page: a new dispatcher each run, with a passkey.
        await addPasskeyAuthenticator(page);
        await enrolDispatcher(page, `Bench dispatcher ${run + 1}`, await setupLinkOf(SITES.desk));
        await page.click('#open-agent');
        await page.check('#agent-use-own');
        await page.fill('#agent-endpoint-url', upstream.url);
        await page.fill('#agent-task', 'find shelter for four people tonight and draft a plan');
        // Timed inside the page, from the click to the panel's status, so no polling is counted.
        const timing = await page.evaluate(
          (endpoint) =>
            new Promise<TurnTiming>((resolve, reject) => {
              const panel = document.getElementById('agent-panel') as HTMLElement;
              const start = performance.now();
              const observer = new MutationObserver(() => {
                const status = panel.dataset['status'];
                if (status === 'running') return;
                observer.disconnect();
                if (status !== 'halted') {
                  reject(
                    new Error(
                      `the turn ended ${String(status)}: ${document.getElementById('agent-status')?.textContent ?? ''}`,
                    ),
                  );
                  return;
                }
                const turn = performance.now() - start;
                const asks = performance
                  .getEntriesByType('resource')
                  .filter((entry) => entry.name.startsWith(endpoint) && entry.startTime >= start);
                resolve({ turn, waiting: asks.reduce((sum, entry) => sum + entry.duration, 0), requests: asks.length });
              });
              observer.observe(panel, { attributes: true, attributeFilter: ['data-status'] });
              (document.getElementById('agent-run') as HTMLButtonElement).click();
            }),
          upstream.url,
        );
        const requests = upstream.requests.length - asked;
        if (requests !== 5) throw new Error(`the model was asked ${requests} times, not 5`);
        timings.push(timing);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await stop();
    await upstream.close();
  }
  const own = timings.map((t) => t.turn - t.waiting);
  return [
    timing(
      {
        id: 'agent.turn_ms_scripted',
        unit: 'ms',
        goal: 'report',
        digits: 1,
        note: `One in-page agent turn to the halt in headless Chromium (native lane), the desk and the shelter each on its own server (siteApp + openServer, PGlite in a fresh temporary data directory), reset before each run: a scripted model (a real chat-completions server on loopback, answering at once) calls intake_request, open_lease on the shelter (its site framed on its own origin), find_capacity, draft_plan and commit_plan, one per reply, and the turn stops at the halt. From the Run click to the halt, less the time spent waiting on the model's ${timings[0]?.requests ?? 5} requests (their resource timings): median ${round(median(timings.map((t) => t.turn)), 1)} ms in all, of which ${round(median(timings.map((t) => t.waiting)), 1)} ms waiting on the model. ${RUNS} runs, each in a fresh profile.`,
      },
      own,
    ),
  ];
}

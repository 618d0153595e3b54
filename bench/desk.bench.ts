import { SITES } from '@warrant/config';
import { RELIEF_SCENARIO } from '../apps/desk/src/scenario/relief-scenario.ts';
import { createScenarioRunner } from '../apps/desk/src/scenario/scenario-runner.ts';
import { openTestDesk } from '../apps/desk/src/testing/test-desk.ts';
import { SCENARIO_RUNNER } from '../apps/desk/src/who.ts';
import { bundleResult } from './bundle-size.ts';
import { launchLane, serveBuiltSites } from './chromium-sites.ts';
import { median, round, timing, type BenchResult } from './measure.ts';

// The desk's numbers: the relief scenario end to end in Chromium with the real partner sites
// framed on their own origins (the time a person takes to decide left out), how many registration
// calls its surface makes, beside the count a teardown on every change would make (counted, not
// run), and what a first visit downloads.

const RUNS = 5;

async function registrationOpsScenario(): Promise<BenchResult[]> {
  let ours = 0;
  let teardown = 0;
  let standing = 0;
  let reconciles = 0;
  const test = await openTestDesk({
    onChange: (change) => {
      reconciles += 1;
      ours += change.ops.register + change.ops.abort;
      // Tearing down would abort every tool standing and register every tool in order, each time.
      teardown += standing + change.total;
      standing = change.total;
    },
  });
  const runner = createScenarioRunner({ scenario: RELIEF_SCENARIO, state: test.desk.state, call: (verb, input, signal) => test.surface.call(verb, input, { ...SCENARIO_RUNNER, signal }) });
  const done = runner.start();
  while (runner.view.value.status !== 'awaiting_approval') {
    if (runner.view.value.status === 'stopped') throw new Error(`the relief scenario stopped: ${runner.view.value.problem}`);
    await test.idle();
  }
  const approved = await test.acts.approve(runner.view.value.approval ?? '');
  if (!approved.ok) throw new Error(`the approval was refused: ${approved.message}`);
  const finished = await done;
  await test.idle();
  await test.close();
  if (finished.status !== 'done') throw new Error(`the relief scenario ended ${finished.status}`);
  const steps = RELIEF_SCENARIO.steps.length;
  return [
    {
      id: 'desk.registration_ops_scenario',
      value: ours,
      unit: 'calls',
      goal: 'report',
      note: `registerTool + abort calls of the desk's seven-verb surface over the relief scenario (${steps} declared steps, a person's approval, the run): ${reconciles} reconciles, Node, in-memory WebMCP and partners. Verbs whose schemas list ids re-register when the ids change.`,
    },
    {
      id: 'desk.registration_ops_scenario_teardown_calls_counted',
      value: teardown,
      unit: 'calls',
      goal: 'report',
      note: `A count, not a run: what tearing the whole surface down and re-registering it would have cost on the same ${reconciles} reconciles (${round(teardown / Math.max(1, ours), 2)}x ours).`,
    },
  ];
}

interface Timing {
  readonly toHalt: number;
  readonly afterDecision: number;
}

async function scenarioInChromium(): Promise<BenchResult> {
  const stop = await serveBuiltSites([SITES.desk, SITES.pantry, SITES.shelter]);
  const browser = await launchLane('native');
  const timings: Timing[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      // A fresh profile each run: an empty desk, freshly seeded partners, nothing cached.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${SITES.desk.origin}/`);
      await page.waitForSelector('body[data-ready="true"]');
      // Timed inside the page, from the click to the runner's status, so no polling is counted.
      const until = (button: string, status: string): Promise<number> =>
        page.evaluate(
          ([selector, wanted]) =>
            new Promise<number>((resolve, reject) => {
              const runner = document.getElementById('runner') as HTMLElement;
              const start = performance.now();
              const observer = new MutationObserver(() => {
                if (runner.dataset['status'] === wanted) {
                  observer.disconnect();
                  resolve(performance.now() - start);
                } else if (runner.dataset['status'] === 'stopped') {
                  observer.disconnect();
                  reject(new Error(document.getElementById('runner-status')?.textContent ?? 'stopped'));
                }
              });
              observer.observe(runner, { attributes: true, attributeFilter: ['data-status'] });
              (document.querySelector(selector as string) as HTMLButtonElement).click();
            }),
          [button, status] as const,
        );
      const toHalt = await until('#run-scenario', 'awaiting_approval');
      const afterDecision = await until('#approvals button.approve', 'done');
      timings.push({ toHalt, afterDecision });
      await context.close();
    }
  } finally {
    await browser.close();
    await stop();
  }
  const totals = timings.map((t) => t.toHalt + t.afterDecision);
  return timing(
    {
      id: 'desk.scenario_ms',
      unit: 'ms',
      goal: '< 2000',
      digits: 1,
      note: `The relief scenario's declared steps in headless Chromium (native lane), the real desk page with the pantry and shelter sites built and framed on their own origins: from the click to the halt (median ${round(median(timings.map((t) => t.toHalt)), 1)} ms) plus from the approval click to the leases closed (median ${round(median(timings.map((t) => t.afterDecision)), 1)} ms); the person's decision excluded. ${RUNS} runs, each in a fresh profile.`,
    },
    totals,
  );
}

export async function deskBenchmarks(): Promise<BenchResult[]> {
  return [
    await scenarioInChromium(),
    ...(await registrationOpsScenario()),
    bundleResult(SITES.desk, 'desk.bundle_kb_gz', 60, 'the WebMCP polyfill (without native WebMCP), the JSON Schema validator (at the first call), the approved run of a plan (at the first approval)'),
  ];
}

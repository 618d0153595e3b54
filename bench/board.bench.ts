import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { canonicalDigest, canonicalJson } from '@warrant/authority';
import { HOST, SITES } from '@warrant/config';
import { createSurface, type ChangeRecord } from '@warrant/surface';
import { settle } from '@warrant/surface/testing';
import { memoryWebMcp, pageAgentListTools } from '@warrant/webmcp/testing';
import { localAuthority } from '../apps/board/src/board-authority.ts';
import { createBoardStore } from '../apps/board/src/board-store.ts';
import { askHuman, createExpansionChannel } from '../apps/board/src/domain/expansion.ts';
import { initialState, type BoardEnv, type BoardState } from '../apps/board/src/domain/state.ts';
import { humanControls } from '../apps/board/src/human-controls.ts';
import { boardRows, type AgentSide } from '../apps/board/src/rows.ts';
import { BASE_ARGS, CHROMIUM_PATH } from '../tests/e2e/launch.ts';
import { serveSite, stopServer } from '../tools/static-server.ts';
import { bundleResult } from './bundle-size.ts';
import { median, round, sample, timing, type BenchResult } from './measure.ts';

// The board's numbers: when its always-on tools exist for a client that looks at navigation, how
// many registration calls its surface makes over a scripted demo (and the count tearing the
// surface down on every change would have made on the same run: counted, not run), what a first
// visit downloads, and what a canonical digest costs.

const REASON = 'The brief moves the launch to 6 October; the board still says 20 October.';

function deterministicEnv(): BoardEnv {
  let id = 0;
  let tick = 0;
  return {
    newId: () => `00000000-0000-4000-8000-${String((id += 1)).padStart(12, '0')}`,
    now: () => new Date(Date.UTC(2026, 8, 1, 9, 0, (tick += 1))).toISOString(),
  };
}

const ALWAYS_ON = ['inspect_active_scope', 'inspect_workspace'];
const NAVIGATIONS = 15;

/**
 * Installed before the page's own scripts: from the first task on, asks the page's WebMCP for its
 * tools once per task (a MessageChannel loop, unclamped) and keeps the time at the start of the
 * first task in which every always-on tool is listed: an upper bound, one task late at most. And
 * whether the set was complete when the load event fired (a listener installed before the page's).
 * The lister is the test agent's own.
 */
const FIRST_TOOLS_PROBE = `(() => {
  const list = ${pageAgentListTools.toString()};
  const want = ${JSON.stringify(ALWAYS_ON)};
  const complete = async () => {
    const names = (await list()).map((tool) => tool.name);
    return want.every((name) => names.includes(name));
  };
  const probe = (window.__firstTools = { at: null, atLoad: null });
  const loop = new MessageChannel();
  loop.port1.onmessage = async () => {
    const at = performance.now();
    if (await complete()) probe.at = at;
    else loop.port2.postMessage(0);
  };
  loop.port2.postMessage(0);
  addEventListener('load', () => void complete().then((done) => (probe.atLoad = done)), { capture: true, once: true });
})();`;

interface FirstTools {
  readonly tools: number;
  readonly load: number;
  readonly atLoad: boolean;
}

/** Navigation start to the first complete always-on set, and to the load event, over fresh profiles. */
async function firstTools(native: boolean, origin: string): Promise<FirstTools[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...BASE_ARGS, ...(native ? ['--enable-features=WebMCP'] : [])],
  });
  try {
    const runs: FirstTools[] = [];
    for (let run = 0; run < NAVIGATIONS; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript({ content: FIRST_TOOLS_PROBE });
      await page.goto(`${origin}/`, { waitUntil: 'load' });
      await page.waitForFunction(() => {
        const probe = (window as unknown as { __firstTools: { at: number | null; atLoad: boolean | null } })
          .__firstTools;
        return probe.at !== null && probe.atLoad !== null;
      });
      runs.push(
        await page.evaluate(() => {
          const probe = (window as unknown as { __firstTools: { at: number; atLoad: boolean } }).__firstTools;
          return {
            tools: probe.at,
            atLoad: probe.atLoad,
            load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
          };
        }),
      );
      await context.close();
    }
    return runs;
  } finally {
    await browser.close();
  }
}

/** The built board, served with its origin's headers on a free loopback port (never a port in use). */
async function firstToolsBenchmarks(): Promise<BenchResult[]> {
  const server = await serveSite({ ...SITES.board, port: 0 });
  try {
    const origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
    const results: BenchResult[] = [];
    for (const native of [true, false]) {
      const runs = await firstTools(native, origin);
      const load = median(runs.map((run) => run.load));
      const atLoad = runs.filter((run) => run.atLoad).length;
      results.push(
        timing(
          {
            id: native ? 'board.first_tools_ms' : 'board.first_tools_ms_polyfill',
            unit: 'ms',
            goal: native ? 'complete at load' : 'report',
            digits: 1,
            note:
              `${NAVIGATIONS} fresh-profile navigations of the built board (served with its headers on a free loopback port) in headless Chromium, ${native ? 'native WebMCP' : 'the lazy polyfill'}: navigation start to the first task in which getTools() lists both always-on reads ` +
              `(polled once per task from the page's world, so at most a task late). The load event: ${round(load, 1)} ms median; getTools() listed the set when it fired in ${atLoad} of ${NAVIGATIONS}.`,
          },
          runs.map((run) => run.tools),
        ),
      );
    }
    return results;
  } finally {
    await stopServer(server);
  }
}

/** A page's worth of board on an in-memory WebMCP, with an agent that calls its registered tools. */
function memoryBoard(onChange: (change: ChangeRecord) => void = () => undefined) {
  const env = deterministicEnv();
  const store = createBoardStore(initialState(env), localAuthority(env));
  const channel = createExpansionChannel();
  const human = humanControls(store, channel);
  const side: AgentSide = {
    askHuman: (ask, call) => askHuman(store, channel, ask, call),
    noteRefused: () => Promise.resolve(),
  };
  const memory = memoryWebMcp();
  const agent = {
    memory,
    call: async (name: string, input: Record<string, unknown>) =>
      (await memory.call(name, input)) as Record<string, unknown>,
  };
  const surface = createSurface<BoardState>({
    rows: boardRows({
      store,
      agentSide: () => Promise.resolve(side),
      ready: Promise.resolve(),
      inOrder: () => memory.names(),
    }),
    state: store.read,
    webmcp: memory.webmcp,
    onChange,
  });
  store.subscribe(() => surface.update());
  return { human, agent, surface, channel };
}

async function registrationOpsDemo(): Promise<BenchResult[]> {
  let ours = 0;
  let teardown = 0;
  let standing = 0;
  let reconciles = 0;
  const { human, agent, surface, channel } = memoryBoard((change) => {
    reconciles += 1;
    ours += change.ops.register + change.ops.abort;
    // Tearing down would abort every tool standing and register every tool in order, each time.
    teardown += standing + change.total;
    standing = change.total;
  });

  const expect = (result: Record<string, unknown> | null, code: string): void => {
    if (!result || result['code'] !== code)
      throw new Error(`demo script: expected ${code}, got ${JSON.stringify(result)}`);
  };
  const agentStep = async (name: string, input: Record<string, unknown>, code: string) => {
    expect(await agent.call(name, input), code);
    await settle();
  };
  const humanStep = async (act: () => Promise<{ code: string }>, code: string) => {
    expect((await act()) as Record<string, unknown>, code);
    await settle();
  };
  const askAndDecide = async (
    input: Record<string, unknown>,
    decide: () => Promise<{ code: string }>,
    code: string,
  ) => {
    const waiting = agent.call('request_scope_expansion', input);
    await settle();
    await decide();
    expect(await waiting, code);
    await settle();
  };

  await surface.reconcile();
  await humanStep(() => human.frame(['headline', 'description']), 'SCOPE_UPDATED');
  await agentStep(
    'edit_scoped_fields',
    { scopeVersion: 1, updates: { headline: 'A cordless lamp for desk and balcony' } },
    'SCOPED_EDIT_APPLIED',
  );
  await askAndDecide(
    { scopeVersion: 1, fields: ['launch_date'], reason: REASON },
    () => human.decideExpansion('approve'),
    'EXPANSION_APPROVED',
  );
  await agentStep(
    'edit_scoped_fields',
    {
      scopeVersion: 2,
      updates: {
        launch_date: '2026-10-06',
        description: 'A rechargeable lamp with a warm, dimmable glow and twelve hours of light.',
      },
    },
    'SCOPED_EDIT_APPLIED',
  );
  const first = await agent.call('submit_changes_for_review', { scopeVersion: 2 });
  expect(first, 'REVIEW_SUBMITTED');
  await settle();
  await humanStep(() => human.decideReview('return', String(first['reviewId'])), 'REVIEW_RETURNED');
  await agentStep(
    'edit_scoped_fields',
    { scopeVersion: 2, updates: { headline: 'The lamp that goes where the evening goes' } },
    'SCOPED_EDIT_APPLIED',
  );
  const second = await agent.call('submit_changes_for_review', { scopeVersion: 2 });
  expect(second, 'REVIEW_SUBMITTED');
  await settle();
  await humanStep(() => human.decideReview('accept', String(second['reviewId'])), 'REVIEW_ACCEPTED');
  await humanStep(() => human.reset(), 'BOARD_RESET');
  await humanStep(() => human.frame(['price']), 'SCOPE_UPDATED');
  await askAndDecide(
    { scopeVersion: 1, fields: ['audience'], reason: REASON },
    () => human.decideExpansion('deny'),
    'EXPANSION_DENIED',
  );
  await askAndDecide(
    { scopeVersion: 1, fields: ['product_name'], reason: REASON },
    () => human.frame(['price', 'product_name']),
    'SCOPE_STALE',
  );
  await agentStep(
    'edit_scoped_fields',
    { scopeVersion: 2, updates: { product_name: 'Fernlight' } },
    'SCOPED_EDIT_APPLIED',
  );
  await humanStep(() => human.reset(), 'BOARD_RESET');

  channel.dispose();
  surface.dispose();
  const script =
    'frame, edit, ask and approve, edit, submit, return, edit, resubmit, accept, reset, frame, ask and deny, ask and re-frame, edit, reset';
  return [
    {
      id: 'board.registration_ops_demo',
      value: ours,
      unit: 'calls',
      goal: 'report',
      note: `registerTool + abort calls of the board's surface over a scripted demo (${script}): ${reconciles} reconciles, Node, in-memory WebMCP.`,
    },
    {
      id: 'board.registration_ops_demo_teardown_calls_counted',
      value: teardown,
      unit: 'calls',
      goal: 'report',
      note: `A count, not a run: what tearing the whole surface down and re-registering it would have cost on the same ${reconciles} reconciles (${round(teardown / ours, 2)}x ours).`,
    },
  ];
}

/**
 * What a tool declaration puts in front of a model, in characters, for every tool registered in
 * every state of a walk through the board: nothing framed, each frame from one field to all six,
 * an edit, a request waiting for the human, the frame at v10 and beyond, review, acceptance.
 */
async function declarationBenchmarks(): Promise<BenchResult[]> {
  const { human, agent, surface, channel } = memoryBoard();
  const sizes: number[] = [];
  let states = 0;
  const measure = (): void => {
    states += 1;
    for (const name of agent.memory.names()) {
      const tool = agent.memory.tool(name);
      if (tool)
        sizes.push(
          JSON.stringify({
            name: tool.name,
            title: tool.title,
            description: tool.description,
            inputSchema: tool.inputSchema,
            annotations: tool.annotations,
          }).length,
        );
    }
  };
  const fields = ['product_name', 'headline', 'description', 'audience', 'launch_date', 'price'] as const;
  await surface.reconcile();
  measure();
  for (let count = 1; count <= fields.length; count += 1) {
    await human.frame(fields.slice(0, count));
    await settle();
    measure();
  }
  await agent.call('edit_scoped_fields', {
    scopeVersion: 6,
    updates: { headline: 'A cordless lamp for desk and balcony' },
  });
  await settle();
  measure();
  await human.frame(fields.slice(0, 2));
  await settle();
  const waiting = agent.call('request_scope_expansion', { scopeVersion: 7, fields: ['launch_date'], reason: REASON });
  await settle();
  measure();
  await human.decideExpansion('approve');
  await waiting;
  for (let round = 0; round < 4; round += 1) await human.frame(round % 2 === 0 ? fields.slice(1) : fields);
  await settle();
  measure();
  const submitted = await agent.call('submit_changes_for_review', { scopeVersion: 12 });
  await settle();
  measure();
  await human.decideReview('accept', String(submitted['reviewId']));
  await settle();
  measure();
  channel.dispose();
  surface.dispose();
  const max = Math.max(...sizes);
  const note = `JSON of { name, title, description, inputSchema, annotations } of every registered tool in ${states} states of the board (nothing framed; one to six fields framed; edited; a request waiting; all framed at v12; in review; accepted): ${sizes.length} declarations.`;
  return [
    { id: 'board.declaration_chars_max', value: max, unit: 'chars', goal: '<= 900', note },
    { id: 'board.declaration_chars_median', value: median(sizes), unit: 'chars', goal: '<= 900', note },
  ];
}

/** A dispatch plan of about 1 KB of canonical JSON: the kind of value an approval binds to. */
function planOfAboutOneKb(): Record<string, unknown> {
  return {
    origin: SITES.desk.origin,
    label: 'Move the evening food run to the Eastside shelter',
    steps: Array.from({ length: 5 }, (_, index) => ({
      order: index + 1,
      origin: [
        SITES.pantry.origin,
        SITES.shelter.origin,
        SITES.rides.origin,
        SITES.coldchain.origin,
        SITES.pantry.origin,
      ][index],
      tool: ['reserve_pallet', 'confirm_beds', 'book_van', 'hold_cold_slot', 'release_pallet'][index],
      arguments: {
        reference: `run-2026-10-0${index + 1}`,
        quantity: 12 + index,
        window: { from: '18:00', to: '20:30' },
        note: 'Side entrance, ring twice.',
      },
    })),
  };
}

async function digestMicros(): Promise<BenchResult> {
  const plan = planOfAboutOneKb();
  const size = new TextEncoder().encode(canonicalJson(plan)).length;
  const times = await sample(() => canonicalDigest(plan), { warmUp: 300, runs: 3000 });
  return timing(
    {
      id: 'authority.digest_us_1kb',
      unit: 'µs',
      goal: 'report',
      digits: 1,
      note: `canonicalDigest on a ${size}-byte plan, 3,000 calls after 300 to warm up: input walk, RFC 8785 canonical JSON, SHA-256 (@noble/hashes, synchronous); Node ${process.version}.`,
    },
    times.map((ms) => ms * 1000),
  );
}

export async function boardBenchmarks(): Promise<BenchResult[]> {
  return [
    ...(await firstToolsBenchmarks()),
    ...(await registrationOpsDemo()),
    ...(await declarationBenchmarks()),
    bundleResult(
      SITES.board,
      'board.bundle_kb_gz',
      25,
      "the board's view and its record (both requested at once, beside the entry), the acts, the validator and the polyfill",
    ),
    await digestMicros(),
  ];
}

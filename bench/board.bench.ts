import { canonicalDigest, canonicalJson } from '@warrant/authority';
import { SITES } from '@warrant/config';
import { createSurface, type ChangeRecord } from '@warrant/surface';
import { settle } from '@warrant/surface/testing';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { createBoardStore } from '../apps/board/src/board-store.ts';
import { createExpansionChannel } from '../apps/board/src/domain/expansion.ts';
import { initialState, type BoardEnv, type BoardState } from '../apps/board/src/domain/state.ts';
import { createAgentActs } from '../apps/board/src/domain/agent-acts.ts';
import { createHumanActs } from '../apps/board/src/domain/human-acts.ts';
import { humanControls } from '../apps/board/src/human-controls.ts';
import { boardRows } from '../apps/board/src/rows.ts';
import { bundleResult } from './bundle-size.ts';
import { median, round, type BenchResult } from './measure.ts';

// The board's numbers: how many registration calls its surface makes over a scripted demo (and
// how many tearing the surface down on every change would have made on the same run), what a
// first visit downloads, and what a canonical digest costs.

const REASON = 'The brief moves the launch to 6 October; the board still says 20 October.';

function deterministicEnv(): BoardEnv {
  let id = 0;
  let tick = 0;
  return {
    newId: () => `00000000-0000-4000-8000-${String((id += 1)).padStart(12, '0')}`,
    now: () => new Date(Date.UTC(2026, 8, 1, 9, 0, (tick += 1))).toISOString(),
  };
}

async function registrationOpsDemo(): Promise<BenchResult[]> {
  const env = deterministicEnv();
  const store = createBoardStore(initialState(env));
  const channel = createExpansionChannel();
  const human = humanControls(store, createHumanActs(env), channel);
  const memory = memoryWebMcp();
  const agent = { webmcp: memory.webmcp, call: async (name: string, input: Record<string, unknown>) => (await memory.call(name, input)) as Record<string, unknown> };
  let ours = 0;
  let teardown = 0;
  let standing = 0;
  let reconciles = 0;
  const surface = createSurface<BoardState>({
    rows: boardRows({ store, agentSide: () => Promise.resolve({ acts: createAgentActs(env), channel }), ready: Promise.resolve() }),
    state: store.read,
    webmcp: agent.webmcp,
    onChange: (change: ChangeRecord) => {
      reconciles += 1;
      ours += change.ops.register + change.ops.abort;
      // Tearing down aborts every tool standing and registers every tool in order, each time.
      teardown += standing + change.total;
      standing = change.total;
    },
  });
  store.subscribe(() => surface.update());

  const expect = (result: Record<string, unknown> | null, code: string): void => {
    if (!result || result['code'] !== code) throw new Error(`demo script: expected ${code}, got ${JSON.stringify(result)}`);
  };
  const agentStep = async (name: string, input: Record<string, unknown>, code: string) => {
    expect(await agent.call(name, input), code);
    await settle();
  };
  const humanStep = async (act: () => Promise<{ code: string }>, code: string) => {
    expect((await act()) as Record<string, unknown>, code);
    await settle();
  };
  const askAndDecide = async (input: Record<string, unknown>, decide: () => Promise<{ code: string }>, code: string) => {
    const waiting = agent.call('request_scope_expansion', input);
    await settle();
    await decide();
    expect(await waiting, code);
    await settle();
  };

  await surface.reconcile();
  await humanStep(() => human.frame(['headline', 'description']), 'SCOPE_UPDATED');
  await agentStep('edit_scoped_fields', { scopeVersion: 1, updates: { headline: 'A cordless lamp for desk and balcony' } }, 'SCOPED_EDIT_APPLIED');
  await askAndDecide({ scopeVersion: 1, fields: ['launch_date'], reason: REASON }, () => human.decideExpansion('approve'), 'EXPANSION_APPROVED');
  await agentStep('edit_scoped_fields', { scopeVersion: 2, updates: { launch_date: '2026-10-06', description: 'A rechargeable lamp with a warm, dimmable glow and twelve hours of light.' } }, 'SCOPED_EDIT_APPLIED');
  const first = await agent.call('submit_changes_for_review', { scopeVersion: 2 });
  expect(first, 'REVIEW_SUBMITTED');
  await settle();
  await humanStep(() => human.decideReview('return', String(first['reviewId'])), 'REVIEW_RETURNED');
  await agentStep('edit_scoped_fields', { scopeVersion: 2, updates: { headline: 'The lamp that goes where the evening goes' } }, 'SCOPED_EDIT_APPLIED');
  const second = await agent.call('submit_changes_for_review', { scopeVersion: 2 });
  expect(second, 'REVIEW_SUBMITTED');
  await settle();
  await humanStep(() => human.decideReview('accept', String(second['reviewId'])), 'REVIEW_ACCEPTED');
  await humanStep(() => human.reset(), 'BOARD_RESET');
  await humanStep(() => human.frame(['price']), 'SCOPE_UPDATED');
  await askAndDecide({ scopeVersion: 1, fields: ['audience'], reason: REASON }, () => human.decideExpansion('deny'), 'EXPANSION_DENIED');
  await askAndDecide({ scopeVersion: 1, fields: ['product_name'], reason: REASON }, () => human.frame(['price', 'product_name']), 'SCOPE_STALE');
  await agentStep('edit_scoped_fields', { scopeVersion: 2, updates: { product_name: 'Fernlight' } }, 'SCOPED_EDIT_APPLIED');
  await humanStep(() => human.reset(), 'BOARD_RESET');

  channel.dispose();
  surface.dispose();
  const script = 'frame, edit, ask and approve, edit, submit, return, edit, resubmit, accept, reset, frame, ask and deny, ask and re-frame, edit, reset';
  return [
    {
      id: 'board.registration_ops_demo',
      value: ours,
      unit: 'calls',
      goal: 'report',
      note: `registerTool + abort calls of the board's surface over a scripted demo (${script}): ${reconciles} reconciles, Node, in-memory WebMCP.`,
    },
    {
      id: 'board.registration_ops_demo_teardown',
      value: teardown,
      unit: 'calls',
      goal: 'report',
      note: `What tearing the whole surface down and re-registering it would have cost on the same ${reconciles} reconciles (${round(teardown / ours, 2)}x ours).`,
    },
  ];
}


/** A dispatch plan of about 1 KB of canonical JSON: the kind of value an approval binds to. */
function planOfAboutOneKb(): Record<string, unknown> {
  return {
    origin: SITES.desk.origin,
    label: 'Move the evening food run to the Eastside shelter',
    steps: Array.from({ length: 5 }, (_, index) => ({
      order: index + 1,
      origin: [SITES.pantry.origin, SITES.shelter.origin, SITES.rides.origin, SITES.coldchain.origin, SITES.pantry.origin][index],
      tool: ['reserve_pallet', 'confirm_beds', 'book_van', 'hold_cold_slot', 'release_pallet'][index],
      arguments: { reference: `run-2026-10-0${index + 1}`, quantity: 12 + index, window: { from: '18:00', to: '20:30' }, note: 'Side entrance, ring twice.' },
    })),
  };
}

async function digestMicros(): Promise<BenchResult> {
  const plan = planOfAboutOneKb();
  const size = new TextEncoder().encode(canonicalJson(plan)).length;
  for (let i = 0; i < 300; i += 1) await canonicalDigest(plan);
  const times: number[] = [];
  for (let i = 0; i < 3000; i += 1) {
    const start = performance.now();
    await canonicalDigest(plan);
    times.push((performance.now() - start) * 1000);
  }
  return {
    id: 'authority.digest_us_1kb',
    value: round(median(times), 1),
    unit: 'µs',
    goal: 'report',
    note: `Median of 3,000 canonicalDigest calls (after 300 warm-up) on a ${size}-byte plan: input walk, RFC 8785 canonical JSON, SHA-256 through WebCrypto; Node ${process.version}.`,
  };
}

export async function boardBenchmarks(): Promise<BenchResult[]> {
  return [...(await registrationOpsDemo()), bundleResult(SITES.board, 'board.bundle_kb_gz', 25, 'the acts, the agent surface, the validator and the polyfill'), await digestMicros()];
}

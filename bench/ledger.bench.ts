import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { chromium } from 'playwright-core';
import sirv from 'sirv';
import { build } from 'vite';
import { headersFor, LOOPBACK_ADDRESS, SITES } from '@warrant/config';
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  GENESIS,
  ledgerLeaf,
  ledgerLogFormat,
  ledgerTree,
  MerkleTree,
  serialiseLedger,
  signTreeHead,
  verifyConsistency,
  verifyExport,
  verifyInclusion,
  verifyLedger,
  type LedgerDraft,
  type LedgerRow,
  type SignedTreeHead,
} from '@warrant/ledger';
import { SHA256 } from '../packages/ledger/src/sha256.ts';
import { BASE_ARGS, CHROMIUM_PATH } from '../tests/e2e/launch.ts';
import { ROOT } from '../tools/app-sites.ts';
import { interleaveSync, ratio, round, sampleSync, seededRandom, timing, type BenchResult } from './measure.ts';

// The ledger's numbers. In Node: how fast a ledger verifies beside raw SHA-256 over the same
// bytes with the same implementation (the physical limit); what sealing, serialising and
// verifying 100,000 rows costs, and checking their export against a signed tree head; one append
// with its tree update; proofs in a Merkle tree of a million leaves. In Chromium: how many rows a second the IndexedDB store makes
// durable, one acknowledged append after another, through the fixture page's own controls, burst
// after burst.

const ROWS = 100_000;
const ROUNDS = 5;
const BROWSER_APPENDS = 300;
const BROWSER_BURSTS = 5;

/** One relief run as the desk records it: intake, two read leases, capacity, a plan, its approval and run, closing. */
const RUN: readonly Omit<LedgerDraft, 'at'>[] = [
  {
    actor: 'human',
    channel: 'ui',
    event: 'verb_called',
    from: 'desk',
    verb: 'intake_request',
    policy: 'allow',
    status: 'ok',
    detail: 'family of 4; food and a bed tonight; no pork; step-free access',
  },
  ...(['pantry', 'shelter'] as const).flatMap((partner): Omit<LedgerDraft, 'at'>[] => [
    {
      actor: 'agent',
      channel: 'webmcp',
      event: 'verb_called',
      from: 'desk',
      to: partner,
      verb: 'open_lease',
      policy: 'allow',
      status: 'ok',
      detail: 'purpose=read_capacity ttl=120',
    },
    {
      actor: 'system',
      channel: 'agent',
      event: 'lease_opened',
      from: 'desk',
      to: partner,
      policy: 'not_applicable',
      status: 'ok',
    },
    {
      actor: 'system',
      channel: 'agent',
      event: 'frame_mounted',
      from: 'desk',
      to: partner,
      policy: 'not_applicable',
      status: 'ok',
    },
    {
      actor: 'system',
      channel: 'agent',
      event: 'tools_discovered',
      from: 'desk',
      to: partner,
      policy: 'not_applicable',
      status: 'ok',
      detail: 'native; 5 tools',
    },
  ]),
  {
    actor: 'agent',
    channel: 'webmcp',
    event: 'verb_called',
    from: 'desk',
    verb: 'find_capacity',
    policy: 'allow',
    status: 'ok',
  },
  {
    actor: 'agent',
    channel: 'webmcp',
    event: 'tool_invoked',
    from: 'desk',
    to: 'pantry',
    verb: 'list_parcel_stock',
    policy: 'allow',
    status: 'ok',
    detail: 'shape=object',
  },
  {
    actor: 'agent',
    channel: 'webmcp',
    event: 'tool_result',
    from: 'pantry',
    to: 'desk',
    verb: 'list_parcel_stock',
    policy: 'allow',
    status: 'ok',
    detail: 'quarantined 1.2 kB: 14 parcel kinds',
  },
  {
    actor: 'agent',
    channel: 'webmcp',
    event: 'tool_invoked',
    from: 'desk',
    to: 'shelter',
    verb: 'list_bed_availability',
    policy: 'allow',
    status: 'ok',
    detail: 'shape=object',
  },
  {
    actor: 'agent',
    channel: 'webmcp',
    event: 'tool_result',
    from: 'shelter',
    to: 'desk',
    verb: 'list_bed_availability',
    policy: 'allow',
    status: 'ok',
    detail: 'quarantined 0.8 kB: 3 rooms tonight',
  },
  {
    actor: 'agent',
    channel: 'webmcp',
    event: 'verb_called',
    from: 'desk',
    verb: 'draft_plan',
    policy: 'allow',
    status: 'ok',
    detail: '2 steps: reserve_parcels, hold_beds',
  },
  {
    actor: 'agent',
    channel: 'webmcp',
    event: 'verb_called',
    from: 'desk',
    verb: 'commit_plan',
    policy: 'needs_approval',
    status: 'halted',
    detail: 'awaiting_human_approval',
  },
  {
    actor: 'system',
    channel: 'agent',
    event: 'approval_raised',
    from: 'desk',
    policy: 'needs_approval',
    status: 'halted',
    detail: 'expires in 15 min',
  },
  {
    actor: 'human',
    channel: 'ui',
    event: 'approval_granted',
    from: 'desk',
    policy: 'allow',
    status: 'ok',
    detail: 're-digested; matches',
  },
  { actor: 'runner', channel: 'agent', event: 'plan_started', from: 'desk', policy: 'allow', status: 'ok' },
  {
    actor: 'runner',
    channel: 'agent',
    event: 'tool_invoked',
    from: 'desk',
    to: 'pantry',
    verb: 'reserve_parcels',
    policy: 'allow',
    status: 'ok',
    detail: 'shape=object',
  },
  {
    actor: 'runner',
    channel: 'agent',
    event: 'tool_result',
    from: 'pantry',
    to: 'desk',
    verb: 'reserve_parcels',
    policy: 'allow',
    status: 'ok',
    detail: 'receipt=RC-pantry-1',
  },
  {
    actor: 'runner',
    channel: 'agent',
    event: 'tool_invoked',
    from: 'desk',
    to: 'shelter',
    verb: 'hold_beds',
    policy: 'allow',
    status: 'ok',
    detail: 'shape=object',
  },
  {
    actor: 'runner',
    channel: 'agent',
    event: 'tool_result',
    from: 'shelter',
    to: 'desk',
    verb: 'hold_beds',
    policy: 'allow',
    status: 'ok',
    detail: 'receipt=RC-shelter-1',
  },
  { actor: 'runner', channel: 'agent', event: 'plan_finished', from: 'desk', policy: 'allow', status: 'ok' },
  ...(['pantry', 'shelter'] as const).flatMap((partner): Omit<LedgerDraft, 'at'>[] => [
    {
      actor: 'agent',
      channel: 'webmcp',
      event: 'lease_closed',
      from: 'desk',
      to: partner,
      verb: 'close_lease',
      policy: 'allow',
      status: 'ok',
    },
    {
      actor: 'system',
      channel: 'agent',
      event: 'frame_unmounted',
      from: 'desk',
      to: partner,
      policy: 'not_applicable',
      status: 'ok',
    },
  ]),
];

const PLAN_EVENTS = new Set([
  'draft_plan',
  'commit_plan',
  'approval_raised',
  'approval_granted',
  'plan_started',
  'plan_finished',
]);
const RECEIPT_TOOLS = new Set(['reserve_parcels', 'hold_beds']);

function hexOf(text: string): string {
  return Array.from(sha256(new TextEncoder().encode(text)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** 100,000 drafts: relief runs one after another, each with its own ids, digests and times. */
function drafts(count: number): LedgerDraft[] {
  const start = Date.UTC(2026, 11, 1, 8, 0, 0);
  return Array.from({ length: count }, (_, index) => {
    const run = Math.floor(index / RUN.length);
    const step = RUN[index % RUN.length] as Omit<LedgerDraft, 'at'>;
    const planned = PLAN_EVENTS.has(step.event) || PLAN_EVENTS.has(step.verb ?? '');
    const digest = planned
      ? hexOf(`plan ${run}`)
      : step.event === 'tool_result' && RECEIPT_TOOLS.has(step.verb ?? '')
        ? hexOf(`receipt ${index}`)
        : '';
    return {
      ...step,
      at: new Date(start + index * 1370).toISOString(),
      request: `R-${run + 1}`,
      ...(step.to ? { lease: `L-${run * 2 + (step.to === 'shelter' ? 2 : 1)}` } : {}),
      ...(planned
        ? {
            plan: `P-${run + 1}`,
            approval: step.event.startsWith('approval') || step.verb === 'commit_plan' ? `A-${run + 1}` : '',
          }
        : {}),
      digest,
    };
  });
}

/** Seals the drafts into a chain exactly as the store does inside its lock (checks included). */
function sealAll(all: readonly LedgerDraft[]): LedgerRow[] {
  const format = ledgerLogFormat(() => new Date(0));
  const rows: LedgerRow[] = [];
  let prev = GENESIS;
  for (const draft of all) {
    const sealed = format.seal(draft, { seq: rows.length + 1, prev });
    if (!sealed.ok) throw new Error(sealed.message);
    rows.push(sealed.record);
    prev = sealed.head;
  }
  return rows;
}

const TREE_LEAVES = 1_000_000;
const PROOFS = 2_000;
const APPENDS = 20_000;

/** The drafts' rows sealed, serialised and exported, with a head over all of them and the key it is signed with. */
function signedExport(rows: readonly LedgerRow[]): { bytes: Uint8Array; head: SignedTreeHead } {
  const secret = ed25519.utils.randomSecretKey();
  const head = signTreeHead(
    { size: rows.length, root: ledgerTree(rows).root(), timestamp: '2026-12-02T09:00:00.000Z' },
    secret,
  );
  return { bytes: new TextEncoder().encode(serialiseLedger(rows)), head };
}

/** The figures measured in Node alone (no browser, no build). */
export function ledgerNodeBenchmarks(): BenchResult[] {
  const input = drafts(ROWS);
  const rows = sealAll(input);
  const { bytes, head } = signedExport(rows);
  const megabytes = bytes.length / 1e6;
  const shape = `${ROWS.toLocaleString('en')} rows of relief runs (${RUN.length} rows each, as the desk records them), ${round(megabytes, 1)} MB of TSV`;
  // The SHA-256 the ledger picked in this runtime (in Node, Node's own): the chain, the leaves and the raw floor all use it.
  const node = `Node ${process.version}, SHA-256 from ${SHA256.name}`;
  const rawDigest = new Uint8Array(32);

  // Verification beside raw SHA-256 over the same bytes, interleaved pair by pair.
  const paired = interleaveSync(
    () => {
      const verified = verifyLedger(bytes);
      if (!verified.ok || verified.rows !== ROWS) throw new Error('the benchmark ledger did not verify');
    },
    () => SHA256.digestInto(bytes, rawDigest, 0),
    { warmUp: 1, runs: ROUNDS },
  );
  const rate = (ms: number): number => megabytes / (ms / 1000);

  // The whole path from drafts: seal (checks, seq, chain) each row as an append does, serialise, verify the chain.
  const totals = sampleSync(
    () => {
      const text = serialiseLedger(sealAll(input));
      const verified = verifyLedger(text);
      if (!verified.ok || verified.rows !== ROWS) throw new Error('the benchmark ledger did not verify');
    },
    { warmUp: 1, runs: ROUNDS },
  );

  // What anyone holding an export and a head runs (warrant-ledger verify): head signature, chain, and tree root.
  const exportChecks = sampleSync(
    () => {
      const verified = verifyExport(bytes, head, { key: head.key });
      if (!verified.ok || verified.covered !== ROWS)
        throw new Error('the benchmark export did not verify against its head');
    },
    { warmUp: 1, runs: ROUNDS },
  );

  // One append as the desk makes it: the draft checked, sealed into the chain, and its leaf added to the tree.
  const format = ledgerLogFormat(() => new Date(0));
  const tree = new MerkleTree();
  let prev = GENESIS;
  const appendTimes: number[] = [];
  for (let index = 0; index < APPENDS; index += 1) {
    const start = performance.now();
    const sealed = format.seal(input[index] as LedgerDraft, { seq: index + 1, prev });
    if (!sealed.ok) throw new Error(sealed.message);
    tree.append(ledgerLeaf(sealed.record));
    appendTimes.push(performance.now() - start);
    prev = sealed.head;
  }

  // A tree of a million leaves (the leaves' content does not change what a proof costs), and proofs in it.
  const big = new MerkleTree();
  const leaf = new Uint8Array(8);
  const leafView = new DataView(leaf.buffer);
  for (let index = 0; index < TREE_LEAVES; index += 1) {
    leafView.setFloat64(0, index);
    big.append(leaf);
  }
  const bigRoot = big.root();
  const random = seededRandom(19);
  const indices = Array.from({ length: PROOFS }, () => Math.floor(random() * TREE_LEAVES));
  const proofs = indices.map((index) => big.inclusionProof(index));
  const leafHashes = indices.map((index) => big.leafHash(index));
  const buildTimes = indices.map((index) => {
    const start = performance.now();
    big.inclusionProof(index);
    return performance.now() - start;
  });
  const verifyTimes = indices.map((index, at) => {
    const start = performance.now();
    const ok = verifyInclusion(index, TREE_LEAVES, leafHashes[at] as Uint8Array, proofs[at] as Uint8Array[], bigRoot);
    const ms = performance.now() - start;
    if (!ok) throw new Error('an inclusion proof did not verify');
    return ms;
  });
  const earlierRoot = big.root(100_000);
  const consistencyTimes = sampleSync(() => big.consistencyProof(100_000, TREE_LEAVES), { warmUp: 20, runs: 200 });
  const consistency = big.consistencyProof(100_000, TREE_LEAVES);
  const consistencyVerifyTimes = sampleSync(
    () => {
      if (!verifyConsistency(100_000, TREE_LEAVES, consistency, earlierRoot, bigRoot))
        throw new Error('the consistency proof did not verify');
    },
    { warmUp: 20, runs: 200 },
  );

  return [
    timing(
      {
        id: 'ledger.verify_mb_s',
        unit: 'MB/s',
        goal: 'report',
        digits: 1,
        note: `verifyLedger over the UTF-8 bytes of ${shape}: every line parsed and checked, one SHA-256 per row. ${ROUNDS} runs interleaved with ledger.sha256_raw_mb_s, ${node}.`,
      },
      paired.a.map(rate),
    ),
    timing(
      {
        id: 'ledger.sha256_raw_mb_s',
        unit: 'MB/s',
        goal: 'report',
        digits: 1,
        note: `One SHA-256 over the same bytes, interleaved with verification, same implementation as the ledger uses in Node: ${SHA256.name} (sha256.ts picks it; @noble/hashes in a browser). The physical limit for verification.`,
      },
      paired.b.map(rate),
    ),
    ratio(
      {
        id: 'ledger.verify_ratio',
        // Was '>= 0.33' while the floor was noble's SHA-256 in JavaScript (0.306 then): a floor ten
        // times faster makes the old goal a different question, so the ratio is reported, and the
        // time a person waits (ledger.append_verify_100k_ms, verify_export_100k_ms) carries the goals.
        goal: 'report',
        sideUnit: 'ms',
        numeratorLabel: 'raw SHA-256',
        denominatorLabel: 'verifyLedger',
        note: 'Raw SHA-256 time / verifyLedger time over the same bytes, pair by pair (= verify MB/s over raw MB/s). Verification hashes each row apart (64 hex digits of the previous chain, a TAB, the row), so it hashes more blocks than one pass over the file does. In Node the floor is native SHA-256 (over 1 GB/s), so this ratio measures what verification does besides hashing: decoding, the line pattern and the per-row calls.',
      },
      paired.b,
      paired.a,
    ),
    timing(
      {
        id: 'ledger.append_verify_100k_ms',
        unit: 'ms',
        goal: '< 1000',
        digits: 0,
        note: `Seal ${ROWS.toLocaleString('en')} rows from drafts (each draft checked, given its seq and chained, as an append does inside its lock), serialise them to TSV and verify the text's chain. ${node}.`,
      },
      totals,
    ),
    timing(
      {
        id: 'ledger.verify_export_100k_ms',
        unit: 'ms',
        goal: '< 1000',
        digits: 0,
        note: `verifyExport (what warrant-ledger verify runs, without reading the files) on ${shape} against a signed head over all of them: the head's Ed25519 signature, the chain row by row, then every line hashed as a leaf and the tree's root compared with the head's. ${node}, @noble/curves.`,
      },
      exportChecks,
    ),
    timing(
      {
        id: 'ledger.append_with_tree_ms',
        unit: 'ms',
        goal: 'p50 < 1',
        digits: 4,
        note: `One append without its storage: the draft checked, sealed into the chain (ledgerLogFormat.seal, as the store runs it under its lock) and its TSV line added to the Merkle tree as a leaf. Each of ${APPENDS.toLocaleString('en')} appends timed on its own; the value is the p50.`,
      },
      appendTimes,
    ),
    timing(
      {
        id: 'ledger.inclusion_proof_1m_build_ms',
        unit: 'ms',
        goal: 'p50 < 1',
        digits: 4,
        note: `MerkleTree.inclusionProof for ${PROOFS.toLocaleString('en')} leaves drawn at random from a tree of ${TREE_LEAVES.toLocaleString('en')}, each timed on its own.`,
      },
      buildTimes,
    ),
    timing(
      {
        id: 'ledger.inclusion_proof_1m_verify_ms',
        unit: 'ms',
        goal: 'p50 < 0.2',
        digits: 4,
        note: `verifyInclusion of each of those ${PROOFS.toLocaleString('en')} proofs against the root, each timed on its own.`,
      },
      verifyTimes,
    ),
    timing(
      {
        id: 'ledger.consistency_proof_100k_1m_build_ms',
        unit: 'ms',
        goal: 'p50 < 1',
        digits: 4,
        note: `MerkleTree.consistencyProof from the head of 100,000 leaves to the head of ${TREE_LEAVES.toLocaleString('en')}, 200 runs.`,
      },
      consistencyTimes,
    ),
    timing(
      {
        id: 'ledger.consistency_proof_100k_1m_verify_ms',
        unit: 'ms',
        goal: 'report',
        digits: 4,
        note: 'verifyConsistency of that proof against both roots, 200 runs.',
      },
      consistencyVerifyTimes,
    ),
  ];
}

async function fixturePage(): Promise<{ server: Server; url: string; dist: string }> {
  const dist = mkdtempSync(join(tmpdir(), 'warrant-ledger-bench-'));
  const root = join(ROOT, 'tests', 'fixture');
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: dist, emptyOutDir: true },
  });
  const headers = headersFor(SITES.fixture);
  const files = sirv(dist, {
    setHeaders: (response) => Object.entries(headers).forEach(([name, value]) => response.setHeader(name, value)),
  });
  const server = createServer((request, response) =>
    files(request, response, () => void response.writeHead(404).end()),
  );
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK_ADDRESS, resolve));
  const { port } = server.address() as AddressInfo;
  // A loopback address is a secure context, as localhost is: IndexedDB and Web Locks behave as on the product origins.
  return { server, url: `http://${LOOPBACK_ADDRESS}:${port}/ledger.html`, dist };
}

async function browserBenchmarks(): Promise<BenchResult[]> {
  const { server, url, dist } = await fixturePage();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: BASE_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    const burst = async (count: number): Promise<number> => {
      await page.fill('#burst-count', String(count));
      await page.click('#burst');
      await page.waitForSelector('#burst-result[data-state="done"]', { timeout: 120_000 });
      const ms = Number(await page.getAttribute('#burst-result', 'data-ms'));
      // Let the next burst's "done" be its own.
      await page.evaluate(() => document.getElementById('burst-result')?.setAttribute('data-state', 'measured'));
      return ms;
    };
    await burst(20);
    // Each burst is one run: its rate is appends over its time, so the slowest burst is the min.
    const rates: number[] = [];
    for (let run = 0; run < BROWSER_BURSTS; run += 1)
      rates.push(BROWSER_APPENDS / ((await burst(BROWSER_APPENDS)) / 1000));
    await page.click('#verify');
    await page.waitForSelector('#verify-result[data-ok="true"]');
    return [
      timing(
        {
          id: 'ledger.idb_append_rows_s',
          unit: 'rows/s',
          goal: 'report',
          digits: 0,
          note: `${BROWSER_BURSTS} bursts of ${BROWSER_APPENDS} appends (after one of 20 to warm up) on the ledger fixture page in headless Chromium (${CHROMIUM_PATH}), each append one after another, under the Web Lock, sealed in its IndexedDB transaction and acknowledged only once committed with strict durability; the page drew each row. A run is a burst, its rate the burst's appends over its time. The ledger (${20 + BROWSER_BURSTS * BROWSER_APPENDS} rows) verified afterwards.`,
        },
        rates,
      ),
    ];
  } finally {
    await browser.close();
    server.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

export async function ledgerBenchmarks(): Promise<BenchResult[]> {
  return [...ledgerNodeBenchmarks(), ...(await browserBenchmarks())];
}

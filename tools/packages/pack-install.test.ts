import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST } from '@warrant/config';
import { pageAgentCall, pageAgentListTools } from '@warrant/webmcp/testing';
import { ROOT } from '../app-sites.ts';
import { buildPackages } from '../build-packages.ts';
import { LIBRARY_PACKAGES } from './library-packages.ts';
import { compileProject } from './typescript-programs.ts';

// The packages as someone outside this repository gets them: built, packed with `npm pack`,
// installed from the tarballs into a scratch project, and used from plain Node (no tsx, no
// tsconfig paths), from a TypeScript consumer checked against the shipped declarations, and by the
// example page in examples/two-row-surface, built with Vite and run in Chromium in both lanes.

const scratch = mkdtempSync(join(tmpdir(), 'warrant-consumer-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A child that must not see this process's TypeScript loaders, resolution or port settings: the
// consumer gets the registry's default ports.
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => key !== 'NODE_OPTIONS' && !key.startsWith('npm_') && !key.startsWith('WARRANT_'),
  ),
);

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, env: cleanEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const PROGRAM = `
import { createSurface, defineRow, refusal } from '@warrant/surface';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { SITES } from '@warrant/config';
import { canonicalDigest } from '@warrant/authority';

let state = { open: false, coins: 0 };
const memory = memoryWebMcp();
const rows = [
  defineRow({
    name: 'insert_coin', title: 'Insert a coin', description: () => 'Adds a coin while the gate is closed.',
    verdict: (s) => (s.open ? { legal: false, reason: 'the gate is open' } : { legal: true }),
    inputSchema: () => ({ type: 'object', properties: {}, additionalProperties: false }),
    run: (s) => { state = { ...s, coins: s.coins + 1 }; surface.update(); return { ok: true, coins: state.coins }; },
  }),
  defineRow({
    name: 'open_gate', title: 'Open the gate', description: () => 'Opens the gate for two coins.',
    verdict: (s) => (s.open ? { legal: false, reason: 'open already' } : s.coins < 2 ? { legal: false, reason: 'the fare is 2' } : { legal: true }),
    inputSchema: () => ({ type: 'object', properties: {}, additionalProperties: false }),
    run: (s) => { state = { ...s, open: true }; surface.update(); return { ok: true }; },
  }),
];
const surface = createSurface({ rows, state: () => state, webmcp: memory.webmcp });
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const seen = [];
await surface.reconcile(); seen.push(memory.names());
await memory.call('insert_coin'); await tick(); seen.push(memory.names());
await memory.call('insert_coin'); await tick(); seen.push(memory.names());
await memory.call('open_gate'); await tick(); seen.push(memory.names());
const bad = await memory.call('insert_coin').catch((error) => String(error.message));
surface.dispose();
console.log(JSON.stringify({ seen, bad, refusal: refusal('X', 'y'), desk: SITES.desk.port, digest: await canonicalDigest({ b: 1, a: [1, 2] }) }));
`;

const RECORD_PROGRAM = `
import { canonicalDigest } from '@warrant/authority';
import { GENESIS, parseLedger, sealRow, serialiseLedger, verifyLedger } from '@warrant/ledger';
import { isError } from '@warrant/base';

const row = sealRow(GENESIS, { seq: 1, at: '2026-12-01T09:30:00.000Z', actor: 'human', channel: 'ui', event: 'verb_called', from: '', to: '', verb: 'intake_request', request: 'R-1', lease: '', plan: '', approval: '', digest: '', policy: 'allow', status: 'ok', detail: 'one row' });
const tsv = serialiseLedger([row]);
console.log(JSON.stringify({ digest: await canonicalDigest({ a: 1 }), verified: verifyLedger(tsv), refused: isError(parseLedger('not a ledger')) }));
`;

const CONSUMER_TS = `
import { createSurface, defineRow, type ToolResult } from '@warrant/surface';
import { memoryWebMcp } from '@warrant/webmcp/testing';
interface Gate { readonly coins: number }
const take = defineRow<Gate, { amount: number }>({
  name: 'take', title: 'Take', description: () => 'Takes coins.',
  verdict: () => ({ legal: true }),
  inputSchema: () => ({ type: 'object', properties: { amount: { type: 'integer' } }, required: ['amount'] }),
  run: (state, input): ToolResult => ({ ok: true, left: state.coins - input.amount }),
});
export const surface = createSurface<Gate>({ rows: [take], state: () => ({ coins: 3 }), webmcp: memoryWebMcp().webmcp });
`;

/** The tarball of each package, packed from its fresh build. */
const tarballs = new Map<string, string>();

/** Installs the named packages' tarballs into `project` (a bare consumer's package.json unless it has its own). */
function install(project: string, names: readonly string[]): void {
  if (!existsSync(join(project, 'package.json')))
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      ...names.map((name) => tarballs.get(name) as string),
    ],
    project,
  );
}

describe('the packages, installed from their tarballs', () => {
  // Under a loaded machine (the browser lanes run beside the unit tests) building and packing took
  // over four minutes once: one npm call packs every package (npm starting once, not nine times).
  beforeAll(() => {
    buildPackages();
    const built = LIBRARY_PACKAGES.filter((name) => existsSync(join(ROOT, 'packages', name, 'dist', 'index.js')));
    run('npm', ['pack', '--silent', '--pack-destination', scratch, ...built.map((name) => `./packages/${name}`)], ROOT);
    const made = readdirSync(scratch).filter((file) => file.endsWith('.tgz'));
    for (const name of built) {
      const tarball = made.find((file) => file.startsWith(`warrant-${name}-`));
      expect(tarball, `npm pack made no tarball for @warrant/${name}`).toBeDefined();
      tarballs.set(name, join(scratch, tarball as string));
    }
  }, 480_000);

  it('build, pack, install outside the workspace, and run from plain Node', () => {
    expect(tarballs.size).toBeGreaterThanOrEqual(4);
    install(scratch, [...tarballs.keys()]);

    writeFileSync(join(scratch, 'program.mjs'), PROGRAM);
    const out = JSON.parse(run(process.execPath, ['program.mjs'], scratch)) as Record<string, unknown>;
    expect(out['seen']).toEqual([['insert_coin'], ['insert_coin'], ['insert_coin', 'open_gate'], []]);
    expect(String(out['bad'])).toContain('No tool named insert_coin');
    expect(out['refusal']).toEqual({ ok: false, isError: true, code: 'X', message: 'y', details: {} });
    expect(out['desk']).toBe(5173);
    expect(out['digest']).toMatch(/^[0-9a-f]{64}$/);

    // The React adapter installs beside its peer, React, and exports what its README documents.
    writeFileSync(
      join(scratch, 'react-adapter.mjs'),
      "const adapter = await import('@warrant/react'); console.log(JSON.stringify(Object.keys(adapter).sort()));",
    );
    expect(JSON.parse(run(process.execPath, ['react-adapter.mjs'], scratch))).toEqual(['useSurface']);

    // The declarations type a consumer's rows: typed input reaches run.
    writeFileSync(join(scratch, 'consumer.ts'), CONSUMER_TS);
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2024', 'DOM'],
          types: [],
          skipLibCheck: false,
        },
        files: ['consumer.ts'],
      }),
    );
    // Checked as `tsc -p tsconfig.json` there would, in this process: TypeScript's libs are parsed already.
    compileProject(join(scratch, 'tsconfig.json'));
  }, 240_000);

  it('installs the authority and the ledger without the page: no surface, no WebMCP, no polyfill', () => {
    const project = join(scratch, 'record-only');
    mkdirSync(project);
    install(project, ['base', 'authority', 'ledger']);
    const tree = JSON.parse(run('npm', ['ls', '--all', '--json'], project)) as Dependencies;
    const names = [...new Set(installedNames(tree))];
    expect(names.filter((name) => name.startsWith('@warrant/')).sort()).toEqual([
      '@warrant/authority',
      '@warrant/base',
      '@warrant/ledger',
    ]);
    expect(names.filter((name) => name.startsWith('@mcp-b/'))).toEqual([]);

    // And they do their work there: a digest, a sealed and verified ledger row, a refusal.
    writeFileSync(join(project, 'record.mjs'), RECORD_PROGRAM);
    const out = JSON.parse(run(process.execPath, ['record.mjs'], project)) as Record<string, unknown>;
    expect(out['digest']).toMatch(/^[0-9a-f]{64}$/);
    expect(out['verified']).toMatchObject({ ok: true, rows: 1 });
    expect(out['refused']).toBe(true);
  }, 240_000);

  it('builds examples/two-row-surface against the installed packages and runs it in Chromium, an agent calling only what is in order, in both lanes', async () => {
    const project = join(scratch, 'two-row-surface');
    mkdirSync(project);
    for (const file of ['package.json', 'index.html', 'main.ts', 'tsconfig.json'])
      copyFileSync(join(ROOT, 'examples', 'two-row-surface', file), join(project, file));
    install(project, ['base', 'config', 'webmcp', 'surface']);
    // Checked against the shipped declarations, then built, as its README says: with Vite.
    compileProject(join(project, 'tsconfig.json'));
    run(
      process.execPath,
      [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
      project,
    );

    const files = sirv(join(project, 'dist'));
    const server: Server = createServer((req, res) => files(req, res, () => void res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
    const origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
    try {
      for (const lane of ['native', 'polyfill'] as const) await turnstileIn(lane, origin);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 240_000);
});

interface Dependencies {
  readonly dependencies?: Readonly<Record<string, Dependencies>>;
}

function* installedNames(tree: Dependencies): Generator<string> {
  for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
    yield name;
    yield* installedNames(child);
  }
}

/** The example page in one lane: what the agent can call, and what the page lists, as the state moves. */
async function turnstileIn(lane: 'native' | 'polyfill', origin: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      ...(lane === 'native' ? ['--enable-features=WebMCP'] : []),
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await expect.poll(() => page.textContent('#mode'), { timeout: 30_000 }).toBe(lane);
    // The agent: page.webmcp over the DevTools protocol natively; under the polyfill, whose tools
    // that cannot see, the platform called from the page's world, as an extension's script would.
    const names = async (): Promise<string[]> =>
      (lane === 'native'
        ? (await page.webmcp.tools()).map((tool) => tool.name)
        : (await page.evaluate(pageAgentListTools)).map((tool) => tool.name)
      ).sort();
    const call = async (name: string): Promise<unknown> =>
      lane === 'native'
        ? page.webmcp.callTool(name, {})
        : (await page.evaluate(pageAgentCall, { name, input: {} })).result;
    const seen = async () => ({
      agent: await names(),
      inOrder: await listed(page, 'in-order'),
      outOfOrder: await listed(page, 'out-of-order'),
    });
    const shut = {
      agent: ['insert_coin'],
      inOrder: ['insert_coin'],
      outOfOrder: ['open_gate: the fare is 2 coins; 0 in'],
    };

    await expect.poll(seen).toEqual(shut);
    expect(await call('insert_coin')).toMatchObject({ ok: true, coins: 1 });
    await expect.poll(seen).toEqual({ ...shut, outOfOrder: ['open_gate: the fare is 2 coins; 1 in'] });
    expect(await call('insert_coin')).toMatchObject({ ok: true, coins: 2 });
    await expect
      .poll(seen)
      .toEqual({ agent: ['insert_coin', 'open_gate'], inOrder: ['insert_coin', 'open_gate'], outOfOrder: [] });
    expect(await call('open_gate')).toMatchObject({ ok: true, open: true });
    await expect.poll(seen).toEqual({
      agent: [],
      inOrder: [],
      outOfOrder: ['insert_coin: the gate is open', 'open_gate: the gate is open'],
    });
    // A person shuts the gate: the coin slot is in order again, and only it.
    await page.click('#shut');
    await expect.poll(seen).toEqual(shut);
  } finally {
    await browser.close();
  }
}

const listed = (page: Page, id: string): Promise<string[]> => page.locator(`#${id} li`).allTextContents();

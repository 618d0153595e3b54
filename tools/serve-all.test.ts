import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { templateDirFor } from '../packages/site-server/src/pglite-database.ts';
import { HOST, INSECURE_TEST_HOST, portBaseFrom, SITES, type Site } from '@warrant/config';
import { appSites, distOf, ROOT } from './app-sites.ts';
import { claimFreeBase, closeServer, isFree, listenOn, portAt } from './port-claims.ts';

// `npm start` on a machine that is already busy: the real start command, as a child process, with
// every port moved to a high range no dev server uses.

const START = 'node tools/check-node.mjs && npx tsx tools/serve-all.ts';
const EXIT_WITHIN_MS = 15_000;

const listen = (port: number) => listenOn(port, HOST);
const close = closeServer;

/** A range of ports of this test's own until it ends: no other process has claimed it, and every port in it is free. */
async function freeBase(): Promise<number> {
  const { base, release } = await claimFreeBase(41_173, HOST);
  onTestFinished(release);
  return base;
}

interface Run {
  code: number | null;
  stdout: string;
  /** stderr without the notices for apps that are not built. */
  problems: string[];
}

/** Runs the start command and waits for it to end by itself: it must, once every server is closed. */
function start(base: number, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(START, {
      shell: true,
      cwd: ROOT,
      detached: true,
      env: { ...process.env, WARRANT_PORT_BASE: String(base), ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      reject(
        new Error(
          `The start command was still running after ${EXIT_WITHIN_MS} ms: something was left listening.\n${stdout}${stderr}`,
        ),
      );
    }, EXIT_WITHIN_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout,
        problems: stderr
          .split('\n')
          .filter((line) => line !== '' && !line.endsWith('is not built (run npm run build); not serving it.')),
      });
    });
  });
}

async function expectNothingListening(base: number, except: Site | null): Promise<void> {
  for (const site of Object.values(SITES)) {
    if (site === except) continue;
    expect(
      await isFree(portAt(site, base), HOST),
      `${site.title}'s port ${portAt(site, base)} was left listening`,
    ).toBe(true);
  }
}

const BUSY =
  /^Port (\d+) \((.+)\) is in use\. Stop what is using it, or move every port with WARRANT_PORT_BASE=(\d+) npm start\.$/;

let app: Site;

beforeAll(() => {
  // serve-all skips an app that is not built, so the test needs one built product app: one already
  // built, or the first that builds (with this process's own base, as `npm start` would).
  const products = appSites().filter((site) => site.role === 'product');
  const built = products.find((site) => existsSync(join(distOf(site), 'index.html')));
  const buildable =
    built ??
    products.find((site) => spawnSync('npx', ['tsx', 'tools/build-all.ts', site.name], { cwd: ROOT }).status === 0);
  if (buildable === undefined) throw new Error('No product app could be built.');
  app = buildable;
}, 60_000);

describe('npm start with a busy port', { timeout: 20_000 }, () => {
  for (const which of ['an app', 'the model gateway'] as const) {
    it(`names ${which}'s port in one line, exits non-zero and leaves no port listening`, async () => {
      const base = await freeBase();
      const site = which === 'an app' ? app : SITES.gateway;
      const port = portAt(site, base);
      const holder = await listen(port);
      if (holder === null) throw new Error(`Port ${port} was taken before the test could hold it.`);
      try {
        const run = await start(base);
        expect(run.code).not.toBe(0);
        expect(run.stdout).not.toContain('Serving');
        expect(run.problems).toHaveLength(1);
        const [, busyPort, title, suggested] = BUSY.exec(run.problems[0] ?? '') ?? [];
        expect(Number(busyPort)).toBe(port);
        expect(title).toBe(site.title);
        expect(Number(suggested)).not.toBe(base);
        expect(portBaseFrom(suggested)).toBe(Number(suggested));
        await expectNothingListening(base, site);
      } finally {
        await close(holder);
      }
    });
  }
});

/** A data folder of the test's own, holding a copy of the run's PGlite template so no site runs initdb. */
function dataFolder(): string {
  const root = inject('pgliteRoot');
  const data = mkdtempSync(join(root, 'serve-all-'));
  cpSync(templateDirFor(join(root, 'any')), templateDirFor(join(data, 'any')), { recursive: true });
  return data;
}

/** Serves every built site on `base` (with its own empty data folder) until `use` is done. */
async function serving<T>(
  base: number,
  flags: string,
  use: (said: () => string) => Promise<T>,
  env: NodeJS.ProcessEnv = {},
): Promise<T> {
  const data = dataFolder();
  const child = spawn(`npx tsx tools/serve-all.ts ${flags}`, {
    shell: true,
    cwd: ROOT,
    detached: true,
    env: { ...process.env, WARRANT_PORT_BASE: String(base), WARRANT_DATA_DIR: data, ...env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let said = '';
  try {
    await new Promise<void>((resolve, reject) => {
      let problems = '';
      child.stdout.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('Serving.')) resolve();
      });
      // What it said went wrong, for the failure's message (a port taken between freeBase and the start, say).
      child.stderr.on('data', (chunk: Buffer) => (problems += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`serve-all ended (${code}) before serving: ${said}${problems}`)));
    });
    return await use(() => said);
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
    rmSync(data, { recursive: true, force: true });
  }
}

// Test origins never ship: the insecure test host (the browser tests' page with no secure context)
// is admitted only by servers started for those tests.
describe('the test sites switch', { timeout: 90_000 }, () => {
  let partner: Site;
  beforeAll(() => {
    const partners = appSites().filter((site) => site.role === 'partner');
    const built = partners.find((site) => existsSync(join(distOf(site), 'index.html')));
    const buildable =
      built ??
      partners.find((site) => spawnSync('npx', ['tsx', 'tools/build-all.ts', site.name], { cwd: ROOT }).status === 0);
    if (buildable === undefined) throw new Error('No partner app could be built.');
    partner = buildable;
  }, 60_000);

  const frameAncestorsAt = async (base: number): Promise<string | undefined> => {
    const response = await fetch(`http://${HOST}:${portAt(partner, base)}/`);
    return response.headers
      .get('content-security-policy')
      ?.split('; ')
      .find((directive) => directive.startsWith('frame-ancestors'));
  };

  it('npm start: a partner may be framed by the desk only, and its headers do not name the test host', async () => {
    const base = await freeBase();
    const deskAt = `http://${HOST}:${base}`;
    expect(await serving(base, '', () => frameAncestorsAt(base))).toBe(`frame-ancestors ${deskAt}`);
  });

  it('--with-test-sites: a partner also admits the desk on the test host', async () => {
    const base = await freeBase();
    expect(await serving(base, '--with-test-sites', () => frameAncestorsAt(base))).toBe(
      `frame-ancestors http://${HOST}:${base} http://${INSECURE_TEST_HOST}:${base}`,
    );
  });
});

// WARRANT_AGENT_ENDPOINTS: the person's own model endpoints, the only ports besides the gateway
// that the desk's page may connect to.
describe("the desk's connect-src as served", { timeout: 90_000 }, () => {
  beforeAll(() => {
    const desk = SITES.desk;
    if (
      !existsSync(join(distOf(desk), 'index.html')) &&
      spawnSync('npx', ['tsx', 'tools/build-all.ts', desk.name], { cwd: ROOT }).status !== 0
    )
      throw new Error('The desk could not be built.');
  }, 60_000);

  const connectSrcAt = async (base: number): Promise<string | undefined> => {
    const response = await fetch(`http://${HOST}:${base}/`);
    return response.headers
      .get('content-security-policy')
      ?.split('; ')
      .find((directive) => directive.startsWith('connect-src'));
  };

  it("names exactly 'self', the gateway and the endpoints WARRANT_AGENT_ENDPOINTS names, and no other port", async () => {
    const base = await freeBase();
    const gatewayAt = `http://${HOST}:${portAt(SITES.gateway, base)}`;
    const served = await serving(base, '', () => connectSrcAt(base), {
      WARRANT_AGENT_ENDPOINTS: 'http://127.0.0.1:8080/v1, http://localhost:11434',
    });
    expect(served).toBe(`connect-src 'self' ${gatewayAt} http://127.0.0.1:8080 http://localhost:11434`);
    expect(served).not.toContain(':*');
  });

  it('ends its list of URLs with the page to open first and what to try there', async () => {
    const base = await freeBase();
    const said = await serving(base, '', async (output) => output());
    const list = said.slice(0, said.indexOf('Serving.'));
    expect(list).toContain(`Open first: the dispatch desk, http://${HOST}:${base}`);
    expect(list).toContain('Press "Run the relief scenario"');
    // Nothing but the stop line comes after it: every line after "Open first:" is its own, indented.
    const after = list.slice(list.indexOf('Open first:')).split('\n').slice(1).filter(Boolean);
    expect(after.every((line) => line.startsWith('  '))).toBe(true);
  });

  it('a value it cannot use: one line naming the setting, exit non-zero, nothing listening', async () => {
    const base = await freeBase();
    const run = await start(base, { WARRANT_AGENT_ENDPOINTS: 'http://localhost:*' });
    expect(run.code).not.toBe(0);
    expect(run.stdout).not.toContain('Serving');
    expect(run.problems).toEqual([
      'WARRANT_AGENT_ENDPOINTS lists the agent panel\'s own model endpoints on this computer, separated by commas, each http://localhost:<port> or http://127.0.0.1:<port> (e.g. http://127.0.0.1:8080), and "http://localhost:*" is not one.',
    ]);
    await expectNothingListening(base, null);
  });
});

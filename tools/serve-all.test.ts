import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { templateDirFor } from '../packages/site-server/src/pglite-database.ts';
import { HOST, INSECURE_TEST_HOST, portBaseFrom, SITES, type Site } from '@warrant/config';
import { appSites, distOf, ROOT } from './app-sites.ts';
import { claimFreeBase, TEST_RANGES_FROM, closeServer, isFree, listenOn, portAt } from './port-claims.ts';

// `npm start` on a machine that is already busy: the real start command, as a child process, with
// every port moved to a high range no dev server uses.

// Node with tsx's loader where `npm start` runs `tsx`: npx and tsx's own launcher cost seconds a start
// on a loaded machine (3.6 s against 0.8 s measured), and the program run is the same.
const TSX = `${JSON.stringify(process.execPath)} --import tsx`;
const START = `node tools/check-node.mjs && ${TSX} tools/serve-all.ts`;
const EXIT_WITHIN_MS = 15_000;

const listen = (port: number) => listenOn(port, HOST);
const close = closeServer;

/** A range of ports of this test's own until it ends: no other process has claimed it, and every port in it is free. */
async function freeBase(): Promise<number> {
  const { base, release } = await claimFreeBase(TEST_RANGES_FROM, HOST);
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

// serve-all skips an app that is not built, so the test needs one built product app.
beforeAll(() => {
  app = builtApp('product');
});

describe('npm start with a busy port', () => {
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

interface Serving {
  /** What the start command has said on its standard output so far. */
  readonly said: () => string;
  /** Stops it (SIGTERM, as Ctrl-C would) and waits for it to end. */
  readonly stop: () => Promise<void>;
}

/** Serves every built site on `base` (with its own empty data folder) once it says "Serving.". */
async function startServing(base: number, flags: string, env: NodeJS.ProcessEnv = {}): Promise<Serving> {
  const data = dataFolder();
  const child = spawn(`${TSX} tools/serve-all.ts ${flags}`, {
    shell: true,
    cwd: ROOT,
    detached: true,
    env: { ...process.env, WARRANT_PORT_BASE: String(base), WARRANT_DATA_DIR: data, ...env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
    rmSync(data, { recursive: true, force: true });
  };
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
  } catch (error) {
    await stop();
    throw error;
  }
  return { said: () => said, stop };
}

/** Builds `site` unless it is built. */
function built(site: Site): void {
  if (
    !existsSync(join(distOf(site), 'index.html')) &&
    spawnSync(process.execPath, ['--import', 'tsx', 'tools/build-all.ts', site.name], { cwd: ROOT }).status !== 0
  )
    throw new Error(`${site.title} could not be built.`);
}

/** A built app of `role`: one already built, or the first that builds (as `npm start` would). */
function builtApp(role: Site['role']): Site {
  const apps = appSites().filter((site) => site.role === role);
  const built = apps.find((site) => existsSync(join(distOf(site), 'index.html')));
  const buildable =
    built ??
    apps.find(
      (site) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'tools/build-all.ts', site.name], { cwd: ROOT }).status === 0,
    );
  if (buildable === undefined) throw new Error(`No ${role} app could be built.`);
  return buildable;
}

/** The value of one directive of the Content-Security-Policy `url` is served with. */
async function cspDirective(url: string, directive: string): Promise<string | undefined> {
  const response = await fetch(url);
  return response.headers
    .get('content-security-policy')
    ?.split('; ')
    .find((part) => part.startsWith(directive));
}

// What a plain `npm start` serves, read from one start: a start opens every built site's database
// (about 13 s on a loaded 2-core machine), and none of these tests changes what is served. It runs
// with WARRANT_AGENT_ENDPOINTS (the person's own model endpoints, the only ports besides the
// gateway that the desk's page may connect to), which no partner's headers and no line of the list
// depend on.
describe('npm start, as served', () => {
  let partner: Site;
  let base: number;
  let serving: Serving;
  let release: () => Promise<void>;

  beforeAll(async () => {
    built(SITES.desk);
    partner = builtApp('partner');
    ({ base, release } = await claimFreeBase(TEST_RANGES_FROM, HOST));
    serving = await startServing(base, '', {
      WARRANT_AGENT_ENDPOINTS: 'http://127.0.0.1:8080/v1, http://localhost:11434',
    });
  });
  afterAll(async () => {
    await serving?.stop();
    await release?.();
  });

  // Test origins never ship: the insecure test host (the browser tests' page with no secure
  // context) is admitted only by servers started for those tests.
  it('a partner may be framed by the desk only, and its headers do not name the test host', async () => {
    expect(await cspDirective(`http://${HOST}:${portAt(partner, base)}/`, 'frame-ancestors')).toBe(
      `frame-ancestors http://${HOST}:${base}`,
    );
  });

  it("the desk's connect-src names exactly 'self', the gateway and the endpoints WARRANT_AGENT_ENDPOINTS names, and no other port", async () => {
    const gatewayAt = `http://${HOST}:${portAt(SITES.gateway, base)}`;
    const served = await cspDirective(`http://${HOST}:${base}/`, 'connect-src');
    expect(served).toBe(`connect-src 'self' ${gatewayAt} http://127.0.0.1:8080 http://localhost:11434`);
    expect(served).not.toContain(':*');
  });

  it('ends its list of URLs with the page to open first and what to try there', () => {
    const said = serving.said();
    const list = said.slice(0, said.indexOf('Serving.'));
    expect(list).toContain(`Open first: the dispatch desk, http://${HOST}:${base}`);
    expect(list).toContain('Press "Run the relief scenario"');
    // Nothing but the stop line comes after it: every line after "Open first:" is its own, indented.
    const after = list.slice(list.indexOf('Open first:')).split('\n').slice(1).filter(Boolean);
    expect(after.every((line) => line.startsWith('  '))).toBe(true);
  });
});

describe('npm start --with-test-sites', () => {
  let partner: Site;
  beforeAll(() => {
    partner = builtApp('partner');
  });

  it('a partner also admits the desk on the test host', async () => {
    const base = await freeBase();
    const serving = await startServing(base, '--with-test-sites');
    try {
      expect(await cspDirective(`http://${HOST}:${portAt(partner, base)}/`, 'frame-ancestors')).toBe(
        `frame-ancestors http://${HOST}:${base} http://${INSECURE_TEST_HOST}:${base}`,
      );
    } finally {
      await serving.stop();
    }
  });
});

describe('npm start with a WARRANT_AGENT_ENDPOINTS it cannot use', () => {
  it('says one line naming the setting, exits non-zero, and leaves nothing listening', async () => {
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

import { spawn } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { HOST, PORT_BASE, portBaseFrom, SITES, type Site } from '@warrant/config';
import { ROOT } from './app-sites.ts';
import { claimBase, claimFreeBase, closeServer, listenOn, portAt, TEST_RANGES_FROM } from './port-claims.ts';

// `npm run bench` on a busy machine: its first command (bench/check-ports.ts, run before the
// build) as a child process. With a port it serves held, it stops within seconds with the one
// line `npm start` gives, naming `npm run bench`; with the ports moved clear, it lets the build go.

/**
 * What `npm run bench` runs before it builds; `&& echo` stands for the build it must not reach. In
 * Node with tsx's loader: `npx tsx` costs seconds a start on a loaded machine, and is not what is tested.
 */
const CHECK = `${JSON.stringify(process.execPath)} --import tsx bench/check-ports.ts && echo WOULD-BUILD`;
// The check stops long before a build would have run (the build and the bench take minutes): 30 s
// allows for starting npx and tsx at load 14, where 15 s was outrun with the unit and browser tests
// running together.
const EXIT_WITHIN_MS = 30_000;
/** The sites the bench serves on their own ports (bench/ports.ts SERVED_SITES). */
const SERVED = [SITES.desk, SITES.pantry, SITES.shelter];

const listen = (port: number, host: string = HOST) => listenOn(port, host);
const close = closeServer;

/** A range of ports of this test's own until it ends: no other process has claimed it, and every port in it is free. */
async function freeBase(): Promise<number> {
  const { base, release } = await claimFreeBase(TEST_RANGES_FROM, '127.0.0.1');
  onTestFinished(release);
  return base;
}

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly lines: string[];
  readonly ms: number;
}

function check(base: number | null): Promise<Run> {
  const env = { ...process.env };
  delete env['WARRANT_PORT_BASE'];
  if (base !== null) env['WARRANT_PORT_BASE'] = String(base);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(CHECK, { shell: true, cwd: ROOT, detached: true, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      reject(new Error(`The port check was still running after ${EXIT_WITHIN_MS} ms.\n${stdout}${stderr}`));
    }, EXIT_WITHIN_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout,
        lines: stderr.split('\n').filter((line) => line !== ''),
        ms: performance.now() - started,
      });
    });
  });
}

const BUSY =
  /^Port (\d+) \((.+)\) is in use\. Stop what is using it, or move every port with WARRANT_PORT_BASE=(\d+) npm run bench\.$/;

function expectOneLine(run: Run, port: number, site: Site, base: number): void {
  expect(run.code).not.toBe(0);
  expect(run.stdout).not.toContain('WOULD-BUILD');
  expect(run.lines).toHaveLength(1);
  const [, busyPort, title, suggested] = BUSY.exec(run.lines[0] ?? '') ?? [];
  expect(Number(busyPort)).toBe(port);
  expect(title).toBe(site.title);
  expect(Number(suggested)).not.toBe(base);
  expect(portBaseFrom(suggested)).toBe(Number(suggested));
}

// A test may first wait up to 15 s for the default ports another run's same test holds, then the check's 30 s.
describe('npm run bench with a busy port', () => {
  it('stops before the build, within seconds, with the one line, when no WARRANT_PORT_BASE is set', async () => {
    const site = SITES.desk;
    const port = portAt(site, 5173);
    // The default ports, which another run's same test may hold for a moment: claimed first.
    onTestFinished((await claimBase(5173)).release);
    // Held here, or already held by something else on this machine: either way the bench must stop.
    const holder = await listen(port);
    try {
      const run = await check(null);
      expectOneLine(run, port, site, 5173);
      expect(run.ms).toBeLessThan(EXIT_WITHIN_MS);
    } finally {
      if (holder !== null) await close(holder);
    }
  });

  for (const site of SERVED) {
    it(`names ${site.title}'s moved port when WARRANT_PORT_BASE moves it onto a held one`, async () => {
      const base = await freeBase();
      const port = portAt(site, base);
      const holder = await listen(port);
      if (holder === null) throw new Error(`Port ${port} was taken before the test could hold it.`);
      try {
        expectOneLine(await check(base), port, site, base);
      } finally {
        await close(holder);
      }
    });
  }

  it('counts a server on the other loopback address as busy: Chromium would reach it as localhost', async () => {
    const base = await freeBase();
    const site = SITES.pantry;
    const port = portAt(site, base);
    const holder = (await listen(port, '::1')) ?? (await listen(port, '127.0.0.1'));
    if (holder === null) throw new Error(`Port ${port} could not be held.`);
    try {
      expectOneLine(await check(base), port, site, base);
    } finally {
      await close(holder);
    }
  });

  it('lets the build go when WARRANT_PORT_BASE moves every port clear of a held default', async () => {
    onTestFinished((await claimBase(5173)).release);
    const holder = await listen(SITES.desk.port - PORT_BASE + 5173);
    try {
      const run = await check(await freeBase());
      expect(run.lines).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('WOULD-BUILD');
    } finally {
      if (holder !== null) await close(holder);
    }
  });
});

// Ranges of ports a test may serve on, claimed across every process on this machine. Tests that
// start `npm start` or the bench's port check need a whole range (every site's port at one
// WARRANT_PORT_BASE) to themselves. "Free right now" is not enough when another `npm test` runs
// beside this one: both look, both see the same range free, and both start on it. So a range is
// claimed first, by creating a file named after it in the system's temporary directory (created
// only if absent, which the file system decides once), and only then checked free. A claim is
// released when the test is done; one left by a process that has died is taken over.
import { open, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PORT_BASE, SITES, type Site } from '@warrant/config';

const HIGHEST_BASE = 61_173;
const STEP = 1_000;

/**
 * Where a test's search for a range starts. Below Linux's ephemeral ports (32768 and up), which any
 * outgoing connection of the run may take between the check that a port is free and the server's
 * bind (measured: "Port 41180 (Launch board) is in use" in a full run at load 20), and below the
 * browser tests' sets (15173 up): 9173 to 14173 are six ranges before the first of them. Every
 * site sits at its base plus 0–9 or plus 3614, so ranges 1,000 apart never share a port.
 */
export const TEST_RANGES_FROM = 9_173;

/** Where `site` serves when every port is moved to `base`. */
export const portAt = (site: Site, base: number): number => site.port - PORT_BASE + base;

/** A server holding `port` on `host`, or null when it cannot be had. */
export function listenOn(port: number, host: string): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, host, () => resolve(server));
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function isFree(port: number, host: string): Promise<boolean> {
  const probe = await listenOn(port, host);
  if (probe === null) return false;
  await closeServer(probe);
  return true;
}

/** Where claims are kept: one directory for every process on this machine, unless a test keeps its own. */
export interface ClaimOptions {
  readonly dir?: string;
}

const claimFile = (base: number, { dir = tmpdir() }: ClaimOptions): string =>
  join(dir, `warrant-port-base-${base}.claim`);
// How often a claim held by another process is looked at again, and for how long at most.
const RECHECK_MS = 100;
const WAIT_AT_MOST_MS = 15_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims `base` for this process; false while a living process holds it. */
async function claim(base: number, options: ClaimOptions): Promise<boolean> {
  const path = claimFile(base, options);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const file = await open(path, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(path, 'utf8').catch(() => ''));
      // A claim being written has no pid yet: it is held.
      if (!Number.isInteger(holder) || holder <= 0 || alive(holder)) return false;
      await rm(path, { force: true });
    }
  }
  return false;
}

export interface ClaimedBase {
  readonly base: number;
  release(): Promise<void>;
}

/** The first base from `from` up that no other process has claimed and whose every registry port is free on `host`, claimed. */
export async function claimFreeBase(from: number, host: string, options: ClaimOptions = {}): Promise<ClaimedBase> {
  for (let base = from; base <= HIGHEST_BASE; base += STEP) {
    if (!(await claim(base, options))) continue;
    const release = () => rm(claimFile(base, options), { force: true });
    const free = await Promise.all(Object.values(SITES).map((site) => isFree(portAt(site, base), host)));
    if (free.every(Boolean)) return { base, release };
    await release();
  }
  throw new Error(
    `No free range of ports from ${from} up to ${HIGHEST_BASE}: every one is claimed by another test or in use.`,
  );
}

/**
 * Claims `base` itself, waiting while another process holds it: for a test that must use the
 * default ports, which another run's same test may be holding. Whether its ports are free is the
 * test's to see.
 */
export async function claimBase(base: number, options: ClaimOptions = {}): Promise<ClaimedBase> {
  const since = performance.now();
  while (!(await claim(base, options))) {
    if (performance.now() - since > WAIT_AT_MOST_MS)
      throw new Error(`The ports at ${base} stayed claimed by another process for ${WAIT_AT_MOST_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
  }
  return { base, release: () => rm(claimFile(base, options), { force: true }) };
}

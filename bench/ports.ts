import { createServer } from 'node:net';
import type { Site } from '@warrant/config';
import { portsInUse, registry } from '../tools/app-sites.ts';

// The ports `npm run bench` binds: the sites it serves on their own origins, from their builds.
// (Every other server it starts listens on a free port the system picks.) It checks them before
// it builds anything, and again as it serves, so a busy machine is told in one line, at once.

/** The sites the Chromium benchmarks serve on their registry ports. */
export const SERVED_SITES: readonly Site[] = [registry.SITES.desk, registry.SITES.pantry, registry.SITES.shelter];

export const RERUN = 'npm run bench';

/**
 * Chromium reaches `localhost` on both loopback addresses, so a port is free only if neither is
 * held: a server elsewhere on ::1 would otherwise answer the bench's pages in place of its own.
 */
const LOOPBACKS = ['127.0.0.1', '::1'];

function heldOn(port: number, address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES'),
    );
    // exclusive: a port another process listens on is never shared with the probe.
    probe.listen({ port, host: address, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

export async function busySites(sites: readonly Site[] = SERVED_SITES): Promise<Site[]> {
  const held = await Promise.all(
    sites.map(async (site) =>
      (await Promise.all(LOOPBACKS.map((address) => heldOn(site.port, address)))).some(Boolean),
    ),
  );
  return sites.filter((_, index) => held[index]);
}

/** The one line `npm start` gives for busy ports, naming this command; null when every port is free. */
export async function portProblem(sites: readonly Site[] = SERVED_SITES): Promise<string | null> {
  const busy = await busySites(sites);
  return busy.length === 0 ? null : portsInUse(busy, RERUN);
}

/** A reason the bench stops that is said in one line, with no stack trace. */
export class BenchStop extends Error {}

/** Stops with the one line if any of the sites' ports is held by a server the bench did not start. */
export async function assertPortsFree(sites: readonly Site[]): Promise<void> {
  const unlisted = sites.filter((site) => !SERVED_SITES.includes(site));
  // The pre-build check covers only SERVED_SITES: a site served outside it would be checked too late.
  if (unlisted.length > 0)
    throw new Error(
      `${unlisted.map((site) => site.name).join(', ')} must be listed in SERVED_SITES (bench/ports.ts) to be served on its own port.`,
    );
  const problem = await portProblem(sites);
  if (problem !== null) throw new BenchStop(problem);
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HOST, PORT_BASE, SITES, type Site } from '@warrant/config';
import { startGateway } from '../gateway/src/start.ts';
import { appSites, builtPortBase, distOf, portsInUse, WITH_TEST_SITES } from './app-sites.ts';
import { serveSite, stopServer } from './static-server.ts';

// `npm start`: every built app on its own origin, and the model gateway. Every port is bound
// before anything is announced. If one cannot be, every server already listening is closed
// again and the process ends non-zero with one line: which port, whose, and what to do. Nothing
// half-starts. Ctrl-C stops them all.

interface Running {
  readonly site: Site;
  readonly url: string;
  close(): Promise<void>;
}

type Opened = { readonly site: Site; readonly running: Running } | { readonly site: Site; readonly error: unknown };

async function open(site: Site, start: () => Promise<Omit<Running, 'site'>>): Promise<Opened> {
  try {
    return { site, running: { site, ...(await start()) } };
  } catch (error) {
    return { site, error };
  }
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** The command to suggest again with a moved base: the browser tests serve the test sites. */
const RERUN = WITH_TEST_SITES ? 'npm run test:e2e' : 'npm start';
const REBUILD = WITH_TEST_SITES ? 'npx tsx tools/build-all.ts --with-test-sites' : 'npm run build';

function startProblem(results: readonly Opened[]): string | null {
  const failed = results.flatMap((result) => ('error' in result ? [result] : []));
  const busy = failed.filter(({ error }) => codeOf(error) === 'EADDRINUSE').map(({ site }) => site);
  if (busy.length > 0) return portsInUse(busy, RERUN);
  const [first] = failed;
  if (first === undefined) return null;
  const reason = first.error instanceof Error ? first.error.message : String(first.error);
  return `${first.site.title} did not start on port ${first.site.port}: ${reason.split('\n')[0]}`;
}

function buildProblem(built: readonly Site[]): string | null {
  const stale = built.flatMap((site) => {
    const base = builtPortBase(site);
    return base === PORT_BASE ? [] : [`${site.title} (${base ?? 'not recorded'})`];
  });
  if (stale.length === 0) return null;
  return `Built for another port base than ${PORT_BASE}: ${stale.join(', ')}. Build again with the same setting: WARRANT_PORT_BASE=${PORT_BASE} ${REBUILD}.`;
}

const sites = appSites({ withTestSites: WITH_TEST_SITES });
const built = sites.filter((site) => existsSync(join(distOf(site), 'index.html')));
for (const site of sites.filter((s) => !built.includes(s))) console.warn(`${site.name} is not built (run npm run build); not serving it.`);

const results = await Promise.all([
  ...built.map((site) =>
    open(site, async () => {
      const server = await serveSite(site);
      return { url: `${site.origin}/`, close: () => stopServer(server) };
    }),
  ),
  open(SITES.gateway, async () => {
    const gateway = await startGateway({ port: SITES.gateway.port, host: HOST, env: process.env });
    return { url: `${gateway.origin}/v1/chat/completions`, close: () => gateway.close() };
  }),
]);
const running = results.flatMap((result) => ('running' in result ? [result.running] : []));
const problem = startProblem(results) ?? buildProblem(built);
if (problem === null) {
  for (const { site, url } of running) console.log(`${site.title.padEnd(22)} ${url}`);
  console.log('Serving. Press Ctrl-C to stop.');
} else {
  // No process.exit: the process ends only once every server is closed, so a test that waits for
  // the exit proves none was left listening.
  await Promise.all(running.map((server) => server.close()));
  console.error(problem);
  process.exitCode = 1;
}

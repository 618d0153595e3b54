import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { HOST, SITES, type Site } from '@warrant/config';
import {
  listen,
  openSitesDatabases,
  siteApp,
  type Database,
  type OpenSiteServer,
  type RunningServer,
  type SiteServer,
  type SitesDatabases,
} from '@warrant/site-server';
import { build } from 'vite';
import { appRoot, distOf, portsInUse, ROOT } from '../tools/app-sites.ts';
import { BASE_ARGS, CHROMIUM_PATH } from '../tests/e2e/launch.ts';
import { addPasskeyAuthenticator, enrolDispatcher } from './passkey.ts';
import { assertPortsFree, BenchStop, RERUN } from './ports.ts';

// What the Chromium benchmarks share: the real sites on their own origins, each started the way
// `tools/serve-all.ts` starts it (siteApp over the site's build, and, for a site with
// apps/<site>/src/server.ts, its openServer over its own database), a browser in either lane, and
// a page script bundled from the packages' sources.
//
// The databases are embedded (PGlite: one cluster, a schema per site, as `npm start` keeps them),
// in a fresh temporary WARRANT_DATA_DIR the bench makes for
// each serving and removes when it stops: WARRANT_DATABASE_URL is ignored here, so a run never
// touches a database it did not create. A build serves on any port base (a page learns its base
// from the port it is served on).

export type Lane = 'native' | 'polyfill';

/** The site's own server module, if it has one (as serve-all finds it). */
async function serverOf(site: Site): Promise<OpenSiteServer | null> {
  const file = join(appRoot(site), 'src', 'server.ts');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { openServer?: OpenSiteServer };
  return module.openServer ?? null;
}

interface Served {
  readonly bound: RunningServer | null;
  close(): Promise<void>;
}

/**
 * The operator's hand on each site the bench serves (what serve-all gives the test control port):
 * its reset and its people's setup link. A page resets a site, or adds a person, only with a
 * person's passkey; the bench, like the operator at the console, goes around the page.
 */
const operated = new Map<string, SiteServer>();

interface ServeOptions {
  /** The person's own model endpoints the desk's page may reach (its CSP), as WARRANT_AGENT_ENDPOINTS names them in serve-all. */
  readonly agentEndpoints?: readonly string[];
}

async function startSite(
  site: Site,
  databases: SitesDatabases,
  { agentEndpoints = [] }: ServeOptions,
): Promise<Served> {
  const held: { db?: Database; server?: SiteServer } = {};
  const stop = async (): Promise<void> => {
    operated.delete(site.name);
    await held.server?.close();
    await held.db?.close();
  };
  const opening = (async () => {
    const open = await serverOf(site);
    if (open) {
      held.db = await databases.forSite(site.name);
      held.server = await open(held.db);
      operated.set(site.name, held.server);
    }
    const { server } = held;
    return siteApp({
      site,
      distDir: distOf(site),
      agentEndpoints,
      ...(server ? { routes: (app) => server.routes(app) } : {}),
    });
  })();
  let bound: RunningServer | null = null;
  try {
    bound = await listen(opening, { port: site.port, host: HOST });
    await opening;
  } catch (error) {
    await bound?.close();
    await opening.then(stop, stop);
    throw error;
  }
  const listening = bound;
  return {
    bound: listening,
    close: async () => {
      await listening.close();
      await stop();
    },
  };
}

/**
 * Starts each site's real server on its origin (its page, its API, its database in a fresh
 * temporary data directory); resolves with what stops them all and removes that directory.
 * Every port must be free on both loopback addresses first: the bench measures its own servers
 * only. A port taken meanwhile stops the bench with the one line, and closes what did start.
 */
export async function serveBuiltSites(
  sites: readonly Site[],
  options: ServeOptions = {},
): Promise<() => Promise<void>> {
  await assertPortsFree(sites);
  const dataDir = await mkdtemp(join(tmpdir(), 'warrant-bench-data-'));
  const env: Record<string, string | undefined> = { ...process.env, WARRANT_DATA_DIR: dataDir };
  delete env['WARRANT_DATABASE_URL'];
  // As `npm start` keeps them: one embedded cluster, a schema per site.
  const databases = openSitesDatabases({ env });
  const opened = await Promise.allSettled(sites.map((site) => startSite(site, databases, options)));
  const servers = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async (): Promise<void> => {
    await Promise.all(servers.map((server) => server.close()));
    await databases.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  const failures = opened.flatMap((result, index) =>
    result.status === 'rejected' ? [{ site: sites[index] as Site, reason: result.reason as unknown }] : [],
  );
  if (failures.length > 0) {
    await stop();
    const busy = failures
      .filter(({ reason }) => (reason as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE')
      .map(({ site }) => site);
    if (busy.length > 0) throw new BenchStop(portsInUse(busy, RERUN));
    throw failures[0]?.reason;
  }
  return stop;
}

/**
 * Starts each site afresh between runs, as the browser tests do, by its operator's reset: a
 * partner's new week, freshly seeded; the desk's new book of approvals and runs (dispatchers stay).
 */
export async function resetSites(sites: readonly Site[]): Promise<void> {
  await Promise.all(
    sites.map(async (site) => {
      const reset = operated.get(site.name)?.operatorReset;
      if (!reset) throw new Error(`${site.title} is not served by this bench with a reset of its own.`);
      await reset();
    }),
  );
}

/** A one-time setup link for the people of `site` (the desk's dispatchers), as its operator mints one. */
export async function setupLinkOf(site: Site): Promise<string> {
  const link = await operated.get(site.name)?.people?.setupLink();
  if (!link) throw new Error(`${site.title} is not served by this bench with people of its own.`);
  return link.url;
}

/** Debian's Chromium, headless: with native WebMCP (one --enable-features switch) or without it. */
export function launchLane(lane: Lane): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...BASE_ARGS, ...(lane === 'native' ? ['--enable-features=WebMCP'] : [])],
  });
}

/**
 * Bundles a benchmark's page script (a file under bench/chromium/) into one IIFE that sets
 * `window[name]` to its exports, for page.evaluate: evaluated over the DevTools protocol, it runs
 * under any page's CSP. Evaluated in a site's page, it learns the port base as the page does,
 * from the page's own port, so it names the origins the servers are on.
 */
export async function bundlePageScript(file: string, name: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { tsconfigPaths: true },
    build: {
      write: false,
      target: 'es2022',
      minify: false,
      lib: { entry: join(ROOT, 'bench', 'chromium', file), formats: ['iife'], name, fileName: () => 'bench.js' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if ('output' in result) {
      const chunk = result.output.find((item) => item.type === 'chunk');
      if (chunk && chunk.type === 'chunk') return chunk.code;
    }
  }
  throw new Error(`${file} did not bundle`);
}

/**
 * The real desk page, served with the partners it needs, each on its own origin and server, in a
 * lane, signed in as a dispatcher enrolled there and ready, with a page script (bundlePageScript) evaluated in it: `measure` runs
 * against it, and the browser and every server stop after, whatever it answers.
 */
export async function onTheDeskPage<T>(
  {
    lane,
    partners,
    script,
  }: {
    readonly lane: Lane;
    readonly partners: readonly Site[];
    readonly script: { readonly file: string; readonly name: string };
  },
  measure: (page: Page) => Promise<T>,
): Promise<T> {
  const code = await bundlePageScript(script.file, script.name);
  const stop = await serveBuiltSites([SITES.desk, ...partners]);
  try {
    const browser = await launchLane(lane);
    try {
      const page = await browser.newPage();
      // An agent acts only in a signed-in dispatcher's page: one enrols first, with a passkey.
      await addPasskeyAuthenticator(page);
      await enrolDispatcher(page, 'Bench dispatcher', await setupLinkOf(SITES.desk));
      await page.evaluate(code);
      return await measure(page);
    } finally {
      await browser.close();
    }
  } finally {
    await stop();
  }
}

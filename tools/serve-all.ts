import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { agentEndpointsFrom, AGENT_ENDPOINTS_SETTING, HOST, LOOPBACK_ADDRESS, SITES, type Site } from '@warrant/config';
import type { Hono } from 'hono';
import {
  DatabaseSettingError,
  listen,
  openSitesDatabases,
  siteApp,
  type Database,
  type OpenSiteServer,
  type RunningServer,
  type SitePeopleOperator,
  type SiteServer,
} from '@warrant/site-server';
import { startGateway } from '../gateway/src/start.ts';
import { firstPersonLink } from './first-person-link.ts';
import { appRoot, appSites, distOf, portsInUse, WITH_TEST_SITES } from './app-sites.ts';
import {
  serveSiteControl,
  TEST_CONTROL_PORT_SETTING,
  testControlPortFrom,
  type ControlledSite,
} from './site-control.ts';

// `npm start`: every built app on its own origin, each with its own server, and the model
// gateway. Every port is bound first, at once and before any site opens, so a busy port is known
// in a moment; a site with a server of its own (apps/<site>/src/server.ts) then opens its database
// (its schema of one PGlite cluster in data/all-sites, or of PostgreSQL when WARRANT_DATABASE_URL is set) while its requests wait.
// If a port cannot be bound or a database cannot be opened, every server already listening is
// closed again and the process ends non-zero with one line: what, and what to do. Nothing
// half-starts. Ctrl-C stops them all.

interface Running {
  readonly site: Site;
  readonly url: string;
  readonly summary: string | null;
  /** Who is a person at the site, as its operator sees it (a site with people of its own). */
  readonly people: SitePeopleOperator | null;
  /** The operator's reset of the site's data (the test control port's), or null for a site with none. */
  readonly reset: (() => Promise<void>) | null;
  close(): Promise<void>;
}

type Opened = { readonly site: Site; readonly running: Running } | { readonly site: Site; readonly error: unknown };

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/**
 * The person's own model endpoints the desk's CSP names (WARRANT_AGENT_ENDPOINTS). Read before any
 * port is bound: a value it cannot use ends the start with one line, and nothing listening.
 */
function configuredAgentEndpoints(): string[] {
  try {
    return agentEndpointsFrom(process.env[AGENT_ENDPOINTS_SETTING]);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const AGENT_ENDPOINTS = configuredAgentEndpoints();

/** The command to suggest again with a moved base: the browser tests serve the test sites. */
const RERUN = WITH_TEST_SITES ? 'npm run test:e2e' : 'npm start';

function startProblem(results: readonly Opened[]): string | null {
  const failed = results.flatMap((result) => ('error' in result ? [result] : []));
  const busy = failed.filter(({ error }) => codeOf(error) === 'EADDRINUSE').map(({ site }) => site);
  if (busy.length > 0) return portsInUse(busy, RERUN);
  const setting = failed.find(({ error }) => error instanceof DatabaseSettingError);
  if (setting) return (setting.error as Error).message;
  const [first] = failed;
  if (first === undefined) return null;
  const reason = first.error instanceof Error ? first.error.message : String(first.error);
  return `${first.site.title} did not start on port ${first.site.port}: ${reason.split('\n')[0]}`;
}

/** The site's own server module, if it has one. */
async function serverOf(site: Site): Promise<OpenSiteServer | null> {
  const file = join(appRoot(site), 'src', 'server.ts');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { openServer?: OpenSiteServer };
  return module.openServer ?? null;
}

/** A site whose port is bound, and whose page and API wait for it to open. */
interface BoundSite {
  readonly site: Site;
  readonly listening: RunningServer;
  /** Opens the site's database and server behind the bound port; a failure closes what it opened. */
  open(): Promise<Opened>;
}

// Every port is bound before any site opens its database: a busy port is then known in a moment,
// with nothing opened that must be closed again before saying so.
async function bindSite(site: Site): Promise<BoundSite | { readonly site: Site; readonly error: unknown }> {
  let hand!: (app: Promise<Hono>) => void;
  const app = new Promise<Hono>((resolve, reject) => (hand = (opening) => void opening.then(resolve, reject)));
  let listening: RunningServer;
  try {
    listening = await listen(app, { port: site.port, host: HOST });
  } catch (error) {
    return { site, error };
  }
  return { site, listening, open: () => openSite(site, listening, hand) };
}

async function openSite(site: Site, listening: RunningServer, hand: (app: Promise<Hono>) => void): Promise<Opened> {
  // Filled in as the site opens, so a failure part-way closes exactly what was opened.
  const held: { db?: Database; server?: SiteServer } = {};
  const stop = async (): Promise<void> => {
    await held.server?.close();
    await held.db?.close();
  };
  const opening = (async () => {
    const open = await serverOf(site);
    if (open) {
      const db = await databases.forSite(site.name);
      held.db = db;
      held.server = await open(db);
    }
    const { server } = held;
    return siteApp({
      site,
      distDir: distOf(site),
      withTestSites: WITH_TEST_SITES,
      agentEndpoints: AGENT_ENDPOINTS,
      ...(server ? { routes: (app) => server.routes(app) } : {}),
    });
  })();
  hand(opening);
  try {
    await opening;
  } catch (error) {
    await listening.close();
    await stop();
    return { site, error };
  }
  return {
    site,
    running: {
      site,
      url: `${site.origin}/`,
      summary: held.db ? `${held.db.engine}: ${held.db.location}` : null,
      people: held.server?.people ?? null,
      reset: held.server?.operatorReset ? () => held.server!.operatorReset!() : null,
      close: async () => {
        await listening.close();
        await stop();
      },
    },
  };
}

async function startModelGateway(): Promise<Opened> {
  const site = SITES.gateway;
  try {
    const gateway = await startGateway({ port: site.port, host: HOST, env: process.env });
    return {
      site,
      running: {
        site,
        url: `${gateway.origin}/v1/chat/completions`,
        summary: gateway.summary,
        people: null,
        reset: null,
        close: () => gateway.close(),
      },
    };
  } catch (error) {
    return { site, error };
  }
}

/**
 * The browser tests' switch for one site's server (tools/site-control.ts): only with
 * --with-test-sites and WARRANT_TEST_CONTROL_PORT, on the loopback address. A site it stops is
 * closed as `running` closes it, and started again as serve-all opened it.
 */
async function startSiteControl(
  served: Map<string, Running>,
): Promise<{ readonly close: () => Promise<void> } | { readonly problem: string } | null> {
  let port: number | null;
  try {
    port = WITH_TEST_SITES ? testControlPortFrom(process.env[TEST_CONTROL_PORT_SETTING]) : null;
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  if (port === null) return null;
  const controlled = new Map<string, ControlledSite>(
    built.map((site) => [
      site.name,
      {
        serving: () => served.has(site.name),
        stop: async () => {
          await served.get(site.name)?.close();
          served.delete(site.name);
        },
        start: async () => {
          const binding = await bindSite(site);
          if ('error' in binding) throw binding.error;
          const opened = await binding.open();
          if ('error' in opened) throw opened.error;
          served.set(site.name, opened.running);
        },
        setupLink: async () => {
          const link = await served.get(site.name)?.people?.setupLink();
          return link ? { url: link.url, expiresAt: link.expiresAt } : null;
        },
        reset: async () => {
          const reset = served.get(site.name)?.reset;
          if (!reset) return false;
          await reset();
          return true;
        },
      },
    ]),
  );
  try {
    return await serveSiteControl({ port, host: LOOPBACK_ADDRESS, sites: controlled });
  } catch (error) {
    return {
      problem: `The browser tests' site control could not listen on ${LOOPBACK_ADDRESS}:${port} (${TEST_CONTROL_PORT_SETTING}): ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** A setup link for each site with no person yet (first-person-link.ts). */
async function printSetupLinks(servers: readonly Running[]): Promise<void> {
  for (const { site, people } of servers) {
    const line = people ? await firstPersonLink(site.title, people) : null;
    if (line) console.log(line);
  }
}

/**
 * The last word of the list: which page to open first and what to try there, so a newcomer facing
 * nine URLs knows where to begin.
 */
function openFirst(deskUrl: string): string {
  return [
    `Open first: the dispatch desk, ${deskUrl}`,
    '  (on a first start, enrol yourself with the setup link above). Press "Run the relief scenario":',
    '  an agent takes a request, finds beds and parcels at the partners and drafts a plan, then stops',
    '  at the approval card; read the plan there and approve it with your passkey to see it run.',
  ].join('\n');
}

// Every site's database: one embedded cluster with a schema per site (or each site's schema of
// WARRANT_DATABASE_URL), opened at the first site that needs it.
const databases = openSitesDatabases({});

const sites = appSites({ withTestSites: WITH_TEST_SITES });
const built = sites.filter((site) => existsSync(join(distOf(site), 'index.html')));
for (const site of sites.filter((s) => !built.includes(s)))
  console.warn(`${site.name} is not built (run npm run build); not serving it.`);

const bindings = await Promise.all([...built.map(bindSite), startModelGateway()]);
const isBound = (binding: BoundSite | Opened): binding is BoundSite => 'listening' in binding;
const bound = bindings.filter(isBound);
const others = bindings.filter((binding): binding is Opened => !isBound(binding));
let results: Opened[];
if (others.some((binding) => 'error' in binding)) {
  // A port is busy: nothing was opened, so the ports held are let go as they are.
  await Promise.all(bound.map(({ listening }) => listening.close()));
  results = others;
} else {
  results = [...(await Promise.all(bound.map((site) => site.open()))), ...others];
}
const running = results.flatMap((result) => ('running' in result ? [result.running] : []));
let problem = startProblem(results);
// What serves now, by site: the browser tests' site control stops and starts sites in it.
const serving = new Map(running.map((server) => [server.site.name, server]));
const control = problem === null ? await startSiteControl(serving) : null;
if (control && 'problem' in control) problem = control.problem;
if (problem === null) {
  for (const { site, url, summary } of running)
    console.log(`${site.title.padEnd(22)} ${url}${summary ? `  (${summary})` : ''}`);
  await printSetupLinks(running);
  const desk = running.find((server) => server.site.name === 'desk');
  if (desk) console.log(openFirst(desk.url));
  console.log('Serving. Press Ctrl-C to stop.');
  const stopAll = (): void =>
    void Promise.all([...serving.values()].map((server) => server.close()))
      .then(() => databases.close())
      .then(() => process.exit(0));
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
} else {
  // No process.exit: the process ends only once every server is closed, so a test that waits for
  // the exit proves none was left listening.
  await Promise.all(running.map((server) => server.close()));
  await databases.close();
  console.error(problem);
  process.exitCode = 1;
}

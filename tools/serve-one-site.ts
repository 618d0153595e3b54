import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { agentEndpointsFrom, AGENT_ENDPOINTS_SETTING, HOST, SITES, type SiteName } from '@warrant/config';
import { listen, openSiteDatabase, siteApp, type OpenSiteServer } from '@warrant/site-server';
import { appRoot, distOf, WITH_TEST_SITES } from './app-sites.ts';
import { firstPersonLink } from './first-person-link.ts';

// One site's server alone, in a process of its own, served as serve-all serves it (its page, its
// API, its database under the same settings, except that an embedded one is a directory of its
// own, <WARRANT_DATA_DIR>/<site>, not a schema of serve-all's shared cluster): `tsx tools/serve-one-site.ts <site>
// [--with-test-sites]`. The browser tests use it where a site's server must die alone — `kill -9`
// of the desk's server mid-run, then started again on the same port and data — while serve-all's
// other sites keep serving. It says "Serving." once it serves; a problem is one line and exit 1.

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const name = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? '';
if (!Object.hasOwn(SITES, name))
  fail(`Name a site to serve (${Object.keys(SITES).join(', ')}), not ${JSON.stringify(name)}.`);
const site = SITES[name as SiteName];
let agentEndpoints: string[] = [];
try {
  agentEndpoints = agentEndpointsFrom(process.env[AGENT_ENDPOINTS_SETTING]);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (site.appDir === null || !existsSync(join(distOf(site), 'index.html')))
  fail(`${site.title} is not built (run npm run build).`);

const serverFile = join(appRoot(site), 'src', 'server.ts');
const open = existsSync(serverFile)
  ? ((await import(pathToFileURL(serverFile).href)) as { openServer?: OpenSiteServer }).openServer
  : undefined;
const db = open
  ? await openSiteDatabase({ site: site.name }).catch((error: unknown) =>
      fail(error instanceof Error ? error.message : String(error)),
    )
  : null;
const server = open && db ? await open(db) : null;
const app = siteApp({
  site,
  distDir: distOf(site),
  withTestSites: WITH_TEST_SITES,
  agentEndpoints,
  ...(server ? { routes: (routes) => server.routes(routes) } : {}),
});
const running = await listen(app, { port: site.port, host: HOST }).catch((error: unknown) =>
  fail(
    `${site.title} could not listen on port ${site.port}: ${error instanceof Error ? error.message : String(error)}`,
  ),
);
console.log(`${site.title} ${site.origin}/${db ? `  (${db.engine}: ${db.location})` : ''}`);
const setupLine = server?.people ? await firstPersonLink(site.title, server.people) : null;
if (setupLine) console.log(setupLine);
console.log('Serving. Press Ctrl-C to stop.');
const stop = (): void =>
  void running
    .close()
    .then(() => server?.close())
    .then(() => db?.close())
    .then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

// `npm run people -- setup-link <site>`: the operator's way to add a person to a site (the desk's
// dispatchers, a partner's staff), from the server's console. It opens the site's own database, as its server does,
// and mints a one-time setup link through the same code `npm start` prints the first one with.
// Whoever has this shell already holds the site's database and keys: they are trusted as the one
// who runs the site is. Nothing here is reachable from a web page.
//
// On the embedded database (PGlite, one process at a time) stop `npm start` first; on PostgreSQL
// (WARRANT_DATABASE_URL) it runs beside the servers.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openSitesDatabases, type OpenSiteServer } from '@warrant/site-server';
import { appRoot, registry } from './app-sites.ts';

const USAGE =
  'Usage: npm run people -- setup-link <site>   (a site with people of its own: desk, pantry, shelter, rides, coldchain, laundry, bench, board)';

async function main(argv: readonly string[]): Promise<number> {
  const [command, name] = argv;
  const site = Object.values(registry.SITES).find((candidate) => candidate.name === name);
  if (command !== 'setup-link' || !site || site.appDir === null) {
    console.error(USAGE);
    return 2;
  }
  const file = join(appRoot(site), 'src', 'server.ts');
  if (!existsSync(file)) {
    console.error(`${site.title} has no server of its own, so no people. ${USAGE}`);
    return 2;
  }
  const { openServer } = (await import(pathToFileURL(file).href)) as { openServer?: OpenSiteServer };
  // Where `npm start` keeps the site: its schema of the shared cluster (or of WARRANT_DATABASE_URL).
  const databases = openSitesDatabases({});
  let db;
  try {
    db = await databases.forSite(site.name);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  try {
    const server = await openServer?.(db);
    const people = server?.people;
    if (!people) {
      console.error(`${site.title} keeps no people of its own. ${USAGE}`);
      return 2;
    }
    const link = await people.setupLink();
    await server.close();
    console.log(
      `A setup link for one ${people.noun} of ${site.title} (it works once, until ${link.expiresAt}):\n  ${link.url}`,
    );
    return 0;
  } finally {
    await db.close();
    await databases.close();
  }
}

process.exitCode = await main(process.argv.slice(2));

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot, appSites, WITH_TEST_SITES } from './app-sites.ts';
import { serveSite } from './static-server.ts';

// `npm start`: every built app on its own origin. Ctrl-C stops them all.
const sites = appSites({ withTestSites: WITH_TEST_SITES });
const built = sites.filter((site) => existsSync(join(appRoot(site), 'dist', 'index.html')));
for (const site of sites.filter((s) => !built.includes(s))) console.warn(`${site.name} is not built (run npm run build); not serving it.`);
await Promise.all(built.map((site) => serveSite(site)));
for (const site of built) console.log(`${site.title.padEnd(22)} ${site.origin}/`);
console.log('Serving. Press Ctrl-C to stop.');

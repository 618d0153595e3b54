import { appSites, WITH_TEST_SITES } from './app-sites.ts';
import { serveSite } from './static-server.ts';

// `npm start`: every built app on its own origin. Ctrl-C stops them all.
const sites = appSites({ withTestSites: WITH_TEST_SITES });
await Promise.all(sites.map((site) => serveSite(site)));
for (const site of sites) console.log(`${site.title.padEnd(22)} ${site.origin}/`);
console.log('Serving. Press Ctrl-C to stop.');

import { createServer as createListener } from 'node:net';
import { join } from 'node:path';
import { createServer } from 'vite';
import { appRoot, appSites, portsInUse, registry } from './app-sites.ts';

// `npm run dev`: a Vite dev server with hot reload for every app, each on its own port. Every
// port is tried first, so a busy one stops the command with one line before any server starts.

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createListener();
    probe.once('error', () => resolve(false));
    probe.listen(port, registry.HOST, () => probe.close(() => resolve(true)));
  });
}

const sites = appSites();
const free = await Promise.all(sites.map((site) => isFree(site.port)));
const busy = sites.filter((_, i) => free[i] !== true);
if (busy.length > 0) {
  console.error(portsInUse(busy, 'npm run dev'));
  process.exitCode = 1;
} else {
  for (const site of sites) {
    const root = appRoot(site);
    const server = await createServer({ root, configFile: join(root, 'vite.config.ts') });
    await server.listen();
    console.log(`${site.title.padEnd(22)} ${site.origin}/ (dev)`);
  }
}

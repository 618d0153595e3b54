import { join } from 'node:path';
import { createServer } from 'vite';
import { appRoot, appSites } from './app-sites.ts';

// `npm run dev`: a Vite dev server with hot reload for every app, each on its own port.
for (const site of appSites()) {
  const root = appRoot(site);
  const server = await createServer({ root, configFile: join(root, 'vite.config.ts') });
  await server.listen();
  console.log(`${site.title.padEnd(22)} ${site.origin}/ (dev)`);
}

import { join } from 'node:path';
import { build } from 'vite';
import { appRoot, appSites, WITH_TEST_SITES } from './app-sites.ts';

// Builds every app that exists, one after another (two cores: parallel builds only contend).
for (const site of appSites({ withTestSites: WITH_TEST_SITES })) {
  const root = appRoot(site);
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`built ${site.name}`);
}

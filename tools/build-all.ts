import { build } from 'vite';
import { appSites, buildConfigOf, recordPortBase, registry, WITH_TEST_SITES } from './app-sites.ts';

// Builds every app that exists, one after another (two cores: parallel builds only contend).
// Site names given as arguments build just those: `tsx tools/build-all.ts bench`.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const site of appSites({ withTestSites: WITH_TEST_SITES || only.length > 0 })) {
  if (only.length > 0 && !only.includes(site.name)) continue;
  // Only --with-test-sites makes a bundle for the browser tests; naming sites to build does not.
  await build(buildConfigOf(site, { withTestSites: WITH_TEST_SITES }));
  recordPortBase(site);
  console.log(
    `built ${site.name} for WARRANT_PORT_BASE=${registry.PORT_BASE}${WITH_TEST_SITES ? ', with the test sites' : ''}`,
  );
}

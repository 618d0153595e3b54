import { spawnSync } from 'node:child_process';
import { ROOT } from './app-sites.ts';
import { chooseLanes } from './lane-choice.ts';

// `npm run test:e2e`, after the build: every browser lane. First playwright.config.ts's two lanes
// (native, polyfill), then the cross-site lane (playwright.cross-site.config.ts), whose sites are
// on hosts of their own and so need servers of their own: a configuration of its own. The
// arguments go to Playwright as they would to one run and choose the lanes (lane-choice.ts).
// Every lane chosen runs, even after one fails; the exit code is the first failure's.

let failed = 0;
for (const { config, args } of chooseLanes(process.argv.slice(2), ROOT)) {
  const run = spawnSync('npx', ['playwright', 'test', ...(config === null ? [] : ['-c', config]), ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const code = run.status ?? 1;
  if (code !== 0 && failed === 0) failed = code;
}
process.exitCode = failed;

// First, before anything reads an origin: this lane's hosts and port base, then its set of servers.
import { LANE_SITE_HOSTS } from './tests/cross-site/lane-env.ts';
import { SERVER_SETS } from './tests/e2e/server-sets.ts';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, COMMON_ARGS, disableFeaturesSwitch, PLAYWRIGHT_DISABLED_FEATURES } from './tests/e2e/launch.ts';

// The cross-site lane: the sites on hosts of their own (http://desk.localhost:<port>,
// http://pantry.localhost:<port>, …), so that, as on separate domains, the browser counts each as a
// site of its own and partitions a partner frame's storage by the desk's site. In the other lanes
// every site is on localhost, one site to the browser, where a partner framed in the desk shares
// its storage with the partner's own page. Chromium resolves *.localhost to this computer itself,
// and http://<name>.localhost is a secure context (docs/authority.md, "How the browser tests see it").
//
// `npm run test:e2e` runs it beside the other two (tools/browser-lanes.ts); on its own:
// npx playwright test -c playwright.cross-site.config.ts (after the build).
//
// Native WebMCP only: what this lane shows is the browser's storage and what the partners' servers
// hold, which the two WebMCP lanes share, and the partner frames here are out-of-process (each site
// its own renderer), which the native lane's cross-frame tool calls must cross.

// Playwright launches Chromium with ThirdPartyStoragePartitioning disabled, and then a third-party
// frame gets no storage at all (localStorage throws SecurityError; measured). Chromium as people
// run it partitions that storage instead. Chromium keeps only the last --disable-features switch,
// so this lane's is Playwright's list less that feature (tests/e2e/launch.ts).
const PLAYWRIGHT_DISABLED_FEATURES_BUT_PARTITIONING = PLAYWRIGHT_DISABLED_FEATURES.filter(
  (feature) => feature !== 'ThirdPartyStoragePartitioning',
);

const [set] = SERVER_SETS;
if (!set) throw new Error('tests/e2e/server-sets.ts gave no set of servers for the cross-site lane.');

export default defineConfig({
  testDir: 'tests/cross-site',
  fullyParallel: false,
  // One set of servers, so one worker.
  workers: 1,
  retries: 0,
  timeout: 90_000,
  // Its own report: reports/playwright.json is the other lanes' (the claims gate reads it).
  reporter: [['list'], ['json', { outputFile: 'reports/playwright-cross-site.json' }]],
  // Its own output folder too: it runs beside the other lanes (tools/browser-lanes.ts), and a
  // Playwright run empties its output folder when it starts.
  outputDir: 'test-results-cross-site',
  forbidOnly: true,
  use: { trace: 'off', screenshot: 'off' },
  projects: [
    {
      name: 'cross-site',
      // Exactly one --enable-features switch (Chromium keeps the last one), as in the native lane.
      use: {
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [
            ...COMMON_ARGS,
            '--enable-features=WebMCP',
            disableFeaturesSwitch(PLAYWRIGHT_DISABLED_FEATURES_BUT_PARTITIONING),
          ],
        },
      },
    },
  ],
  webServer: {
    name: `servers@${set.portBase} (cross-site)`,
    command: 'npx tsx tools/serve-all.ts --with-test-sites',
    env: {
      WARRANT_PORT_BASE: String(set.portBase),
      WARRANT_DATA_DIR: set.dataDir,
      WARRANT_DATABASE_URL: '',
      WARRANT_SITE_HOSTS: LANE_SITE_HOSTS,
      WARRANT_AGENT_ENDPOINTS: '',
      // Where a test mints the desk's one-time setup link (tools/site-control.ts): a dispatcher
      // is enrolled only through one, in this lane as in the others.
      WARRANT_TEST_CONTROL_PORT: String(set.controlPort),
    },
    wait: { stdout: /^Serving\./m },
    reuseExistingServer: false,
    // A first run creates the data directory's PGlite template before any site opens.
    // Measured over 180 s with a second suite and other work on the machine beside it.
    timeout: 300_000,
  },
});

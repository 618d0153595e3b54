// First, before anything reads an origin: this process's port base (see server-sets.ts).
import { SERVER_SETS, SET_COUNT } from './tests/e2e/server-sets.ts';
import { defineConfig } from '@playwright/test';
import { HOST, LOOPBACK_ADDRESS } from '@warrant/config';
import { BASE_ARGS, CHROMIUM_PATH } from './tests/e2e/launch.ts';
import { POLYFILL, POLYFILL_ONLY, taggedWith } from './tests/e2e/lanes.ts';

// Two lanes over the same tests: Debian's Chromium with native WebMCP, and the same browser
// without the flag, where the pinned polyfill provides it. Never a downloaded browser.
// Chromium keeps only the last --enable-features switch, so the native lane passes exactly one.
//
// The tests only ever run against the servers this run starts: never an existing one, which could
// be an old build or someone else's. serve-all binds every port itself and, if one is busy, ends
// with the one-line message `npm start` gives, which Playwright shows. Playwright does not probe a
// URL first (it would answer a busy port with its own message, for one port only); it waits for
// serve-all to say it is serving. `npm run test:e2e` moves every port (WARRANT_PORT_BASE), and the
// tests follow, since they take every origin from @warrant/config.
//
// Partners keep their records on their servers, so two tests running at once must not share a
// server: the run starts one set of servers per worker (tests/e2e/server-sets.ts), each on its own
// ports and its own data directory, from the one build (a page learns its ports where it is
// served). Each test then starts from a fresh record: tests/e2e/fixtures.ts resets every partner of
// its worker's set through the partner's own API before the test.

const executablePath = CHROMIUM_PATH;
const baseArgs = BASE_ARGS;

// Which tests each lane runs: tags on the tests (tests/e2e/lanes.ts). The native lane runs every
// test but those of the polyfill's own transport (POLYFILL_ONLY); the polyfill lane, the tests whose
// behaviour depends on the WebMCP mode (tagged POLYFILL; tools/e2e-lanes.test.ts says which must be).

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: SET_COUNT,
  retries: 0,
  timeout: 60_000,
  // What a test waits for (a row, a tool registered, a text) is given 15 s before it is called
  // missing: Playwright's 5 s default was outrun on the loaded 2-core machine (a dispatcher's tools
  // came later than that after sign-in at load 29), and a wait ends as soon as the thing is there.
  expect: { timeout: 15_000 },
  // The JSON report is what the claims gate reads: a claim's evidence is a test that ran and passed.
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  forbidOnly: true,
  use: { trace: 'off', screenshot: 'off' },
  projects: [
    {
      name: 'native',
      grepInvert: taggedWith(POLYFILL_ONLY),
      use: { launchOptions: { executablePath, args: [...baseArgs, '--enable-features=WebMCP'] } },
    },
    {
      name: 'polyfill',
      grep: [taggedWith(POLYFILL), taggedWith(POLYFILL_ONLY)],
      use: { launchOptions: { executablePath, args: baseArgs } },
    },
  ],
  // Every set from one command (tools/serve-sets.ts), which starts them side by side: Playwright
  // would start the servers of a list one after another.
  webServer: {
    name: `servers@${SERVER_SETS.map(({ portBase }) => portBase).join(',')}`,
    command: 'npx tsx tools/serve-sets.ts',
    env: {
      WARRANT_SERVER_SETS: JSON.stringify(
        SERVER_SETS.map(({ portBase, dataDir, agentPorts, controlPort }) => ({
          WARRANT_PORT_BASE: String(portBase),
          // Each set's own data, always embedded (PGlite): a shared PostgreSQL would make the sets one.
          WARRANT_DATA_DIR: dataDir,
          WARRANT_DATABASE_URL: '',
          // Its desk names the two endpoints desk-agent.spec serves as the person's own, and no other.
          WARRANT_AGENT_ENDPOINTS: `http://${HOST}:${agentPorts.gateway},http://${LOOPBACK_ADDRESS}:${agentPorts.scripted}`,
          // Where a test stops and starts one of the set's sites (tools/site-control.ts; lease-faults.spec).
          WARRANT_TEST_CONTROL_PORT: String(controlPort),
        })),
      ),
    },
    // tools/serve-sets.ts says it once every set is serving.
    wait: { stdout: /^Serving\./m },
    reuseExistingServer: false,
    // A first run creates the data directory's PGlite template (initdb) before any site opens, and
    // the sets open their sites at once: allow for that on a loaded two-core machine. The 600 s
    // the two sets had when each was given 300 s one after the other (one set measured over 180 s
    // with a second suite beside it).
    timeout: 600_000,
  },
});

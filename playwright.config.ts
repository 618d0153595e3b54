import { defineConfig } from '@playwright/test';
import { SITES } from '@warrant/config';
import { BASE_ARGS, CHROMIUM_PATH } from './tests/e2e/launch.ts';

// Two lanes over the same tests: Debian's Chromium with native WebMCP, and the same browser
// without the flag, where the pinned polyfill provides it. Never a downloaded browser.
// Chromium keeps only the last --enable-features switch, so the native lane passes exactly one.

const executablePath = CHROMIUM_PATH;
const baseArgs = BASE_ARGS;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  forbidOnly: true,
  use: { trace: 'off', screenshot: 'off' },
  projects: [
    { name: 'native', use: { launchOptions: { executablePath, args: [...baseArgs, '--enable-features=WebMCP'] } } },
    { name: 'polyfill', use: { launchOptions: { executablePath, args: baseArgs } } },
  ],
  webServer: {
    command: 'npx tsx tools/serve-all.ts --with-test-sites',
    url: `${SITES.fixture.origin}/`,
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
  },
});

import { chromium, type Browser } from '@playwright/test';
import { INSECURE_TEST_HOST, LOOPBACK_ADDRESS } from '@warrant/config';

// A browser of the test's own, for cases the two lanes cannot show: a page reached over a host
// name that is not a secure context, where neither native WebMCP nor the polyfill may run.

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/**
 * The features Playwright (at its pinned version) turns off in every Chromium it launches. A
 * browser keeps only the last --disable-features switch on its command line, so a list of ours
 * must repeat these; tools/e2e-launch.test.ts launches one and fails when they drift apart.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/**
 * Headless Chromium 156 loads the omnibox's WebUI popup (two renderer targets) into every new
 * browser context, though no page a test opens has an omnibox. Measured on the 2-core machine
 * under load: ten contexts took 37 s and 8.1 s of CPU with it, 19 s and 5.8 s without.
 */
export const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'] as const;

/** The one --disable-features switch of a test browser: these features, and the browser UI no test uses. */
export function disableFeaturesSwitch(features: readonly string[]): string {
  return `--disable-features=${[...features, ...UNUSED_BROWSER_UI].join(',')}`;
}

/** Every test browser's switches but its --disable-features. */
export const COMMON_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const BASE_ARGS = [...COMMON_ARGS, disableFeaturesSwitch(PLAYWRIGHT_DISABLED_FEATURES)];

export function launchWithInsecureHost(native: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...BASE_ARGS,
      `--host-resolver-rules=MAP ${INSECURE_TEST_HOST} ${LOOPBACK_ADDRESS}`,
      ...(native ? ['--enable-features=WebMCP'] : []),
    ],
  });
}

import { chromium, type Browser } from '@playwright/test';
import { INSECURE_TEST_HOST, LOOPBACK_ADDRESS } from '@warrant/config';

// A browser of the test's own, for cases the two lanes cannot show: a page reached over a host
// name that is not a secure context, where neither native WebMCP nor the polyfill may run.

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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

// Which browser lanes run each test, declared on the test itself as a Playwright tag:
//
//   test('…', { tag: POLYFILL }, async ({ page }, testInfo) => { … })
//
// The native lane (Chromium's own WebMCP) runs every test but those tagged POLYFILL_ONLY. The
// polyfill lane (the same browser without the flag, the pinned polyfill providing WebMCP) runs the
// tests tagged POLYFILL or POLYFILL_ONLY: those whose behaviour depends on the WebMCP mode.
// tools/e2e-lanes.test.ts fails on a test whose code shows it depends on the mode and is not
// tagged (tools/lane-dependence.ts says what counts), and on a tag no lane reads.

export type BrowserLane = 'native' | 'polyfill';

export const BROWSER_LANES: readonly BrowserLane[] = ['native', 'polyfill'];

/** A test whose behaviour depends on the WebMCP mode: both lanes run it. */
export const POLYFILL = '@polyfill';

/** A test of the polyfill's own transport (the message port), which the native lane never uses. */
export const POLYFILL_ONLY = '@polyfill-only';

/** The lane tags by the names the specs import them under. */
export const LANE_TAGS: Readonly<Record<string, string>> = { POLYFILL, POLYFILL_ONLY };

/** The lanes that run a test with these tags. */
export function lanesOfTest(tags: readonly string[]): BrowserLane[] {
  if (tags.includes(POLYFILL_ONLY)) return ['polyfill'];
  return tags.includes(POLYFILL) ? ['native', 'polyfill'] : ['native'];
}

/** A project's grep for one tag: the tag itself, not a longer one that starts with it. */
export function taggedWith(tag: string): RegExp {
  return new RegExp(`${tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
}

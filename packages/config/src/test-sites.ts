import { insecureOriginOf, SITES } from './origins.ts';

// Test origins never ship. The insecure test host (a page with no secure context, for the
// browser tests) is admitted only by a server started with --with-test-sites and by a page
// bundle built with it; `npm start` serves, and `npm run build` bundles, the desk's own origin only.

// Replaced by a literal in every bundle tools/build-all.ts builds (true with --with-test-sites,
// false without), so a production bundle folds the test branch away and does not even name the
// host. Elsewhere (Node, the dev server) it is a global that stays false: no test origins unless
// a caller asks for them. It must reach the export below as a bare name, not behind a typeof or a
// comparison, or the bundler keeps the dead branch.
declare const __WARRANT_TEST_SITES__: boolean;
(globalThis as { __WARRANT_TEST_SITES__?: boolean }).__WARRANT_TEST_SITES__ ??= false;

/** Whether this page's bundle was built for the browser tests (always false outside a bundle). */
export const BUILT_WITH_TEST_SITES: boolean = __WARRANT_TEST_SITES__;

/** The build-time name of the switch, for the build tool to define. */
export const TEST_SITES_BUILD_FLAG = '__WARRANT_TEST_SITES__';

export interface TestSitesOption {
  /** Admit the browser tests' origins too; defaults to whether this bundle was built for the tests. */
  readonly withTestSites?: boolean;
}

/**
 * The origins the desk is served on: its own, and, for the browser tests only, the insecure test
 * host name (the no-WebMCP desk still reaching its partners over the message transport).
 */
export function deskOrigins({ withTestSites = BUILT_WITH_TEST_SITES }: TestSitesOption = {}): string[] {
  return withTestSites ? [SITES.desk.origin, insecureOriginOf('desk')] : [SITES.desk.origin];
}

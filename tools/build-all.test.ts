import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, createLogger, mergeConfig, type Rolldown } from 'vite';
import { INSECURE_TEST_HOST, SITES } from '@warrant/config';
import { buildConfigOf } from './app-sites.ts';

// Test origins never ship: a partner's bundle built as `npm run build` builds it names no test
// host; only a build made with --with-test-sites (for the browser tests) admits one. Built into a
// directory of the test's own, so the shared apps/*/dist a running server serves is left alone.

const out = mkdtempSync(join(tmpdir(), 'warrant-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every file of the partner's bundle, as text. */
async function bundleText(withTestSites: boolean): Promise<string> {
  const config = mergeConfig(buildConfigOf(SITES.pantry, { withTestSites }), {
    logLevel: 'silent',
    build: { outDir: join(out, String(withTestSites)), write: false },
  });
  const result = (await build(config)) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) => each.output);
  return outputs.map((file) => (file.type === 'chunk' ? file.code : String(file.source))).join('\n');
}

describe("a partner's bundle", () => {
  it('built as npm run build builds it, does not name the test host', async () => {
    expect(
      (await bundleText(false)).includes(INSECURE_TEST_HOST),
      `the production bundle names ${INSECURE_TEST_HOST}`,
    ).toBe(false);
  });

  it('built with --with-test-sites, admits the desk on the test host', async () => {
    expect(
      (await bundleText(true)).includes(INSECURE_TEST_HOST),
      `the test bundle does not name ${INSECURE_TEST_HOST}`,
    ).toBe(true);
  });
});

// A newcomer's first build says nothing they cannot act on: no bundler warning at all for the desk
// (its ledger package was once imported both statically and dynamically, and every build printed
// INEFFECTIVE_DYNAMIC_IMPORT with raw colour codes).
describe("the desk's build", () => {
  it('prints no warning', async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    await build(
      mergeConfig(buildConfigOf(SITES.desk, { withTestSites: false }), {
        customLogger: logger,
        build: { outDir: join(out, 'desk'), write: false },
      }),
    );
    expect(warnings).toEqual([]);
  });
});

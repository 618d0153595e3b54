import { describe, expect, it } from 'vitest';
import { ROOT } from './app-sites.ts';
import { chooseLanes } from './lane-choice.ts';

// `npm run test:e2e -- <arguments>`: the arguments choose the browser lanes as they would choose
// projects in one Playwright run, so naming one spec or one lane runs only what it names.

const MAIN = 'playwright.config.ts';
const CROSS_SITE = 'playwright.cross-site.config.ts';

describe('chooseLanes', () => {
  it('runs every lane when nothing is named', () => {
    expect(chooseLanes([], ROOT)).toEqual([
      { config: MAIN, args: [] },
      { config: CROSS_SITE, args: [] },
    ]);
  });

  it('runs a spec of tests/e2e in the two WebMCP lanes only, in one of them when it is named', () => {
    expect(chooseLanes(['tests/e2e/receipts.spec.ts'], ROOT)).toEqual([
      { config: MAIN, args: ['tests/e2e/receipts.spec.ts'] },
    ]);
    expect(chooseLanes(['tests/e2e/receipts.spec.ts', '--project=native'], ROOT)).toEqual([
      { config: MAIN, args: ['--project=native', 'tests/e2e/receipts.spec.ts'] },
    ]);
    expect(chooseLanes(['--project', 'polyfill', '-g', 'ledger', '--workers=1'], ROOT)).toEqual([
      { config: MAIN, args: ['--project=polyfill', '-g', 'ledger', '--workers=1'] },
    ]);
  });

  it('runs the cross-site lane alone when it or its spec is named', () => {
    expect(chooseLanes(['--project=cross-site'], ROOT)).toEqual([
      { config: CROSS_SITE, args: ['--project=cross-site'] },
    ]);
    expect(chooseLanes(['tests/cross-site/cross-site.spec.ts:12'], ROOT)).toEqual([
      { config: CROSS_SITE, args: ['tests/cross-site/cross-site.spec.ts:12'] },
    ]);
    expect(chooseLanes(['--project=native,cross-site', 'cross-site'], ROOT)).toEqual([
      { config: CROSS_SITE, args: ['--project=cross-site', 'cross-site'] },
    ]);
  });

  it('passes a named configuration, and a project or file no lane has, to one run for Playwright to answer', () => {
    expect(chooseLanes(['-c', 'other.config.ts', 'x'], ROOT)).toEqual([
      { config: null, args: ['-c', 'other.config.ts', 'x'] },
    ]);
    expect(chooseLanes(['--project=chrome'], ROOT)).toEqual([{ config: MAIN, args: ['--project=chrome'] }]);
    expect(chooseLanes(['no-such.spec.ts'], ROOT)).toEqual([{ config: MAIN, args: ['no-such.spec.ts'] }]);
  });
});

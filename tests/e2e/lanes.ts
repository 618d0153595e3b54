import { readFileSync } from 'node:fs';

// Which browser lanes run each spec: tests/e2e/lanes.json, data only (engineers add a spec there,
// never in the config), read here for playwright.config.ts and tools/e2e-lanes.test.ts. Read with
// fs, not imported, so that nothing in it runs and Playwright's loader need not know JSON modules.

export type BrowserLane = 'native' | 'polyfill';

export const BROWSER_LANES: readonly BrowserLane[] = ['native', 'polyfill'];

export interface LaneTable {
  /** Spec file name (in tests/e2e) → the lanes that run it. */
  readonly specs: Readonly<Record<string, readonly BrowserLane[]>>;
}

export const LANES_FILE = new URL('./lanes.json', import.meta.url);

export function readLaneTable(): LaneTable {
  return JSON.parse(readFileSync(LANES_FILE, 'utf8')) as LaneTable;
}

/** The spec files a lane runs, by name. */
export function specsOfLane(table: LaneTable, lane: BrowserLane): string[] {
  return Object.entries(table.specs)
    .filter(([, lanes]) => lanes.includes(lane))
    .map(([spec]) => spec);
}

/** A project's testMatch: exactly these spec files in the test directory. */
export function matchingSpecs(specs: readonly string[]): RegExp {
  const escaped = specs.map((spec) => spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`[\\\\/](${escaped.join('|')})$`);
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Register } from './claims/register.ts';
import { ROOT } from './app-sites.ts';
import { BROWSER_LANES, readLaneTable } from '../tests/e2e/lanes.ts';

// tests/e2e/lanes.json says which browser lanes run each spec. The native lane runs every spec; the
// polyfill lane only those whose behaviour depends on the WebMCP mode. A spec depends on it when
// the lane reaches anything but the choice of its agent: agentFor(page, laneOf(testInfo)) gives the
// same Agent in both lanes (its polyfill side is proved by the specs that stay in that lane), while
// a spec that compares the lane, hands it to anything else, calls the platform from the page's or
// a content script's world, names the polyfill, executeTool or the message port, or opens a browser
// with or without WebMCP, asserts something that differs between the lanes.

const E2E = join(ROOT, 'tests', 'e2e');

/** What in a spec's code (comments aside) shows the WebMCP mode matters to what it asserts. */
const LANE_DEPENDENT: ReadonlyArray<readonly [RegExp, string]> = [
  [/\blane\s*[!=]==|[!=]==\s*lane\b/, 'compares the lane'],
  [/laneOf\([^)]*\)\s*[!=]==/, 'compares the lane'],
  [/project\.name\s*[!=]==/, 'compares the Playwright project'],
  [/['"`]polyfill['"`]/, "names the 'polyfill' lane"],
  [/\bexecuteTool\b/, 'calls executeTool'],
  [/\bMessage(Port|Channel)\b/, 'uses the message port'],
  [/\b(expectWorldGap|isolatedWorld|worldView)\b/, "looks at WebMCP from a content script's world"],
  [/\b(pageAgentCall|pageAgentListTools)\b/, "calls WebMCP from the page's world"],
  [/\blaunchWithInsecureHost\b/, 'launches a browser with or without WebMCP'],
];

/** laneOf(…) used only as the agent's lane: `agentFor(page, laneOf(testInfo))`. */
const AGENT_ONLY = /agentFor\(\s*\w+\s*,\s*laneOf\(\s*\w+\s*\)\s*\)/g;

function code(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\s\/\/\s.*$/gm, '');
}

/** Why a spec's behaviour depends on the WebMCP mode, or [] when it does not. */
export function laneDependence(source: string): string[] {
  const text = code(source);
  const reasons = LANE_DEPENDENT.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
  const laneReads = text.match(/\blaneOf\(/g)?.length ?? 0;
  const agentReads = text.match(AGENT_ONLY)?.length ?? 0;
  if (laneReads > agentReads) reasons.push('hands the lane to something other than agentFor');
  return [...new Set(reasons)];
}

const specFiles = readdirSync(E2E).filter((file) => file.endsWith('.spec.ts'));
const table = readLaneTable();

describe('tests/e2e/lanes.json', () => {
  it('names every spec in tests/e2e, and no spec that is not there', () => {
    expect(Object.keys(table.specs).sort()).toEqual([...specFiles].sort());
  });

  it('gives each spec known lanes, and the native lane every spec but the polyfill transport', () => {
    for (const [spec, lanes] of Object.entries(table.specs)) {
      expect(lanes.length, spec).toBeGreaterThan(0);
      for (const lane of lanes) expect(BROWSER_LANES, `${spec}: ${lane}`).toContain(lane);
      // message-port.spec tests the message transport a partner frame uses under the polyfill only.
      if (spec !== 'message-port.spec.ts') expect(lanes, spec).toContain('native');
    }
  });

  it('lists for the polyfill lane every spec whose behaviour depends on the WebMCP mode', () => {
    const missing = specFiles
      .map((spec) => ({ spec, reasons: laneDependence(readFileSync(join(E2E, spec), 'utf8')) }))
      .filter(({ spec, reasons }) => reasons.length > 0 && !table.specs[spec]?.includes('polyfill'))
      .map(({ spec, reasons }) => `${spec}: ${reasons.join(', ')}`);
    expect(missing, 'add "polyfill" to these specs in tests/e2e/lanes.json').toEqual([]);
  });

  it("keeps the claims register's browser evidence to the lanes that run its spec", () => {
    const register = JSON.parse(readFileSync(join(ROOT, 'claims', 'register.json'), 'utf8')) as Register;
    const wrong = register.claims.flatMap((claim) =>
      claim.label !== 'enforced'
        ? []
        : claim.evidence.flatMap((evidence) => {
            if (evidence.kind !== 'test' || !evidence.file.startsWith('tests/e2e/')) return [];
            const runs = table.specs[evidence.file.slice('tests/e2e/'.length)] ?? [];
            const named = evidence.lanes.filter((lane) => !runs.includes(lane as (typeof runs)[number]));
            return named.length === 0 ? [] : [`${claim.id} ${evidence.file}: ${named.join(', ')} does not run it`];
          }),
    );
    expect(wrong).toEqual([]);
  });
});

describe('laneDependence', () => {
  it('finds nothing in a spec whose lane only chooses its agent, comments aside', () => {
    const source = [
      "import { agentFor, laneOf } from './agent.ts';",
      '// In the polyfill lane executeTool is called from the page (a comment, not code).',
      "test('x', async ({ page }, testInfo) => { const agent = agentFor(page, laneOf(testInfo)); });",
    ].join('\n');
    expect(laneDependence(source)).toEqual([]);
  });

  it('finds a comparison, a lane handed on, the page world, and the polyfill named', () => {
    expect(laneDependence("if (laneOf(testInfo) === 'native') {}")).toContain('compares the lane');
    expect(laneDependence('const lane = laneOf(testInfo); await open(page, lane);')).toEqual([
      'hands the lane to something other than agentFor',
    ]);
    expect(laneDependence('await page.evaluate(pageAgentCall, call);')).toEqual(["calls WebMCP from the page's world"]);
    expect(laneDependence("agentFor(page, 'polyfill')")).toEqual(["names the 'polyfill' lane"]);
  });
});

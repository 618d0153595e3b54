import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Register } from './claims/register.ts';
import { ROOT } from './app-sites.ts';
import { HANDS_THE_LANE, laneDependence } from './lane-dependence.ts';
import { LANE_TAGS, lanesOfTest, POLYFILL, POLYFILL_ONLY } from '../tests/e2e/lanes.ts';

// Each browser test says, by its tags (tests/e2e/lanes.ts), which lanes run it. The native lane
// runs every test but the polyfill's own transport; the polyfill lane only those whose behaviour
// depends on the WebMCP mode. A test that, by its code, depends on it (tools/lane-dependence.ts)
// must be tagged for the polyfill lane; the claims register may name a lane for a test only if
// that lane runs it.

const E2E = join(ROOT, 'tests', 'e2e');
const KNOWN_TAGS = Object.values(LANE_TAGS);

const specs = readdirSync(E2E)
  .filter((file) => file.endsWith('.spec.ts'))
  .map((spec) => ({ spec, tests: laneDependence(readFileSync(join(E2E, spec), 'utf8'), LANE_TAGS) }));

/** A test's title as the claims register names it; a loop's template title matches any value. */
function titleMatcher(title: string): RegExp {
  const parts = title.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`);
}

describe('lane tags of the browser tests', () => {
  it('finds the tests of every spec', () => {
    for (const { spec, tests } of specs) expect(tests.length, spec).toBeGreaterThan(0);
  });

  it('tags for the polyfill lane every test whose behaviour depends on the WebMCP mode', () => {
    const missing = specs.flatMap(({ spec, tests }) =>
      tests
        .filter((test) => test.reasons.length > 0 && !lanesOfTest(test.tags).includes('polyfill'))
        .map((test) => `${spec}:${test.line} ${test.title}: ${test.reasons.join(', ')}`),
    );
    expect(missing, 'tag these tests { tag: POLYFILL } (tests/e2e/lanes.ts)').toEqual([]);
  });

  it('uses only the lane tags a lane reads', () => {
    const unknown = specs.flatMap(({ spec, tests }) =>
      tests.flatMap((test) =>
        test.tags.filter((tag) => !KNOWN_TAGS.includes(tag)).map((tag) => `${spec}:${test.line} ${tag}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('keeps POLYFILL_ONLY to the polyfill transport, message-port.spec', () => {
    const only = specs.flatMap(({ spec, tests }) =>
      tests.filter((test) => test.tags.includes(POLYFILL_ONLY)).map(() => spec),
    );
    expect([...new Set(only)]).toEqual(['message-port.spec.ts']);
  });

  it("keeps the claims register's browser evidence to the lanes that run its test", () => {
    const register = JSON.parse(readFileSync(join(ROOT, 'claims', 'register.json'), 'utf8')) as Register;
    const wrong = register.claims.flatMap((claim) =>
      claim.label !== 'enforced'
        ? []
        : claim.evidence.flatMap((evidence) => {
            if (evidence.kind !== 'test' || !evidence.file.startsWith('tests/e2e/')) return [];
            const spec = evidence.file.slice('tests/e2e/'.length);
            const test = specs
              .find((each) => each.spec === spec)
              ?.tests.find((each) => titleMatcher(each.title).test(evidence.title));
            if (test === undefined) return [`${claim.id} ${evidence.file}: no test "${evidence.title}"`];
            const runs: readonly string[] = lanesOfTest(test.tags);
            const named = evidence.lanes.filter((lane) => !runs.includes(lane));
            return named.length === 0 ? [] : [`${claim.id} ${evidence.title}: ${named.join(', ')} does not run it`];
          }),
    );
    expect(wrong).toEqual([]);
  });
});

describe('laneDependence', () => {
  const reasons = (source: string): readonly string[] => laneDependence(source, LANE_TAGS)[0]?.reasons ?? [];

  it('finds nothing in a test whose lane only chooses its agent, comments aside', () => {
    const source = [
      "import { agentFor, laneOf } from './agent.ts';",
      '// In the polyfill lane executeTool is called from the page (a comment, not code).',
      "test('x', async ({ page }, testInfo) => { const agent = agentFor(page, laneOf(testInfo)); });",
    ].join('\n');
    expect(reasons(source)).toEqual([]);
  });

  it('lets a spec opener that waits for the page and checks its mode choose the agent', () => {
    const source = [
      'async function open(page: Page, lane: Lane): Promise<Agent> {',
      "  await expect(page.locator('#mode')).toHaveText(lane);",
      '  return agentFor(page, lane);',
      '}',
      "test('x', async ({ page }, testInfo) => { const lane = laneOf(testInfo); await open(page, lane); });",
    ].join('\n');
    expect(reasons(source)).toEqual([]);
  });

  it('reads the lane in a name as a label, and in an assertion as a use', () => {
    const label = "test('x', async ({ page }, testInfo) => { const name = `Sam ${laneOf(testInfo)}`; });";
    expect(reasons(label)).toEqual([]);
    const asserted = "test('x', async ({ page }, t) => { await expect(page).toHaveText(`${laneOf(t)} lane`); });";
    expect(reasons(asserted)).toEqual([HANDS_THE_LANE]);
  });

  it('finds a comparison, a lane handed on, the page world, the polyfill named, and a helper that does one', () => {
    const inTest = (body: string): string => `test('x', async ({ page }, testInfo) => { ${body} });`;
    expect(reasons(inTest("if (laneOf(testInfo) === 'native') {}"))).toContain('compares the lane');
    expect(reasons(inTest('const lane = laneOf(testInfo); await open(page, lane);'))).toEqual([HANDS_THE_LANE]);
    expect(reasons(inTest('await page.evaluate(pageAgentCall, call);'))).toEqual([
      "calls WebMCP from the page's world",
    ]);
    expect(reasons(inTest("agentFor(page, 'polyfill')"))).toEqual(["names the 'polyfill' lane"]);
    const helper = 'function tools(page: Page) { return page.evaluate(pageAgentListTools); }\n';
    expect(reasons(helper + inTest('await tools(page);'))).toEqual([
      "calls tools, which calls WebMCP from the page's world",
    ]);
  });

  it('reads the tags a test declares', () => {
    const [tagged] = laneDependence("test('x', { tag: POLYFILL }, async () => {});", LANE_TAGS);
    expect(tagged?.tags).toEqual([POLYFILL]);
    expect(lanesOfTest(tagged?.tags ?? [])).toEqual(['native', 'polyfill']);
  });
});

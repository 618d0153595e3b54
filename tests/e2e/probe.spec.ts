import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { axeScan } from './axe.ts';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { headersFor, SITES } from '@warrant/config';
import { cspAllows } from '../../apps/desk/src/health/csp-allows.ts';
import { headerPromises } from '../../apps/desk/src/health/header-promises.ts';
import { CHECK_ORDER } from '../../apps/desk/src/probe/check-order.ts';
import { OBSERVATION_ENVELOPE, type ObservedTool } from '../../apps/desk/src/probe/observation-seam.ts';
import type { ProbeReport } from '../../apps/desk/src/probe/probe-report.ts';
import { validateProbeReport } from '../../apps/desk/src/probe/validate-report.ts';
import { laneOf, type Lane } from './agent.ts';
import { POLYFILL } from './lanes.ts';

// The desk's probe, run in this browser in both lanes. The report must be valid against
// warrant-probe-v1, and each check's outcome must match the evidence committed for this lane:
// the test fails when the committed evidence no longer says what this browser measures.
// WARRANT_WRITE_EVIDENCE=1 rewrites the evidence from this run instead.
//
// Each run is in a fresh browser context: whether a ?0 document is really unkeyed depends on its
// origin not having been origin-keyed earlier in the same browser (reference §6).
//
// The test is also the agent observation seam the page lacks: over the DevTools protocol it reads
// the WebMCP tools a browser agent would see (one session for the page, one per out-of-process
// frame) and hands them to the page.

const EVIDENCE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../evidence/probe');
const WRITE = process.env['WARRANT_WRITE_EVIDENCE'] === '1';
const evidencePath = (lane: Lane): string => join(EVIDENCE_DIR, `${lane}.json`);

interface CdpTool {
  name: string;
  frameId: string;
}

/** Collects WebMCP.toolsAdded / toolsRemoved on one session: the registry as that session sees it. */
async function watchTools(session: CDPSession): Promise<() => CdpTool[]> {
  const tools = new Map<string, CdpTool>();
  const key = (tool: CdpTool): string => `${tool.frameId}\u0000${tool.name}`;
  session.on('WebMCP.toolsAdded', (event: { tools: CdpTool[] }) =>
    event.tools.forEach((tool) => tools.set(key(tool), { name: tool.name, frameId: tool.frameId })),
  );
  session.on('WebMCP.toolsRemoved', (event: { tools: CdpTool[] }) =>
    event.tools.forEach((tool) => tools.delete(key(tool))),
  );
  await session.send('WebMCP.enable' as never);
  return () => [...tools.values()];
}

function frameOrigins(
  tree: { frame: { id: string; url: string }; childFrames?: unknown[] },
  into = new Map<string, string>(),
): Map<string, string> {
  into.set(tree.frame.id, new URL(tree.frame.url).origin);
  for (const child of (tree.childFrames ?? []) as Array<typeof tree>) frameOrigins(child, into);
  return into;
}

/** What a browser agent observes of the page: every frame's tools, with the frame's origin. */
async function observe(
  context: BrowserContext,
  page: Page,
  pageTools: () => CdpTool[],
  pageSession: CDPSession,
): Promise<ObservedTool[]> {
  const { frameTree } = await pageSession.send('Page.getFrameTree');
  const origins = frameOrigins(frameTree);
  const observed: ObservedTool[] = [];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    // An out-of-process frame's tools are reported only on its own session; an in-process frame
    // has no session of its own, and its tools come on the page's.
    const session = await context.newCDPSession(frame).catch(() => null);
    if (!session) continue;
    const frameTools = await watchTools(session);
    // The frame reports its existing tools when its session enables WebMCP; a command answered by
    // the same frame after that is answered after those reports, so its answer is the wait.
    await session.send('Runtime.evaluate', { expression: '0' });
    observed.push(...frameTools().map((tool) => ({ name: tool.name, origin: new URL(frame.url()).origin })));
    await session.detach();
  }
  observed.push(...pageTools().map((tool) => ({ name: tool.name, origin: origins.get(tool.frameId) ?? 'unknown' })));
  return observed;
}

async function runProbe(context: BrowserContext): Promise<{ page: Page; report: ProbeReport }> {
  const page = await context.newPage();
  const pageSession = await context.newCDPSession(page);
  const pageTools = await watchTools(pageSession);
  await page.goto(`${SITES.desk.origin}/probe.html?observe=cdp`);
  await expect(page.locator('body')).toHaveAttribute('data-awaiting-observation', 'true', { timeout: 30_000 });
  const observed = await observe(context, page, pageTools, pageSession);
  await page.evaluate(
    ({ envelope, tools }) => window.postMessage({ envelope, version: 1, tools }, window.location.origin),
    { envelope: OBSERVATION_ENVELOPE, tools: observed },
  );
  await expect(page.locator('body')).toHaveAttribute('data-probe-done', 'true', { timeout: 60_000 });
  const report = JSON.parse((await page.locator('#probe-report-json').textContent()) ?? '') as ProbeReport;
  return { page, report };
}

const outcomes = (report: ProbeReport): Record<string, string> =>
  Object.fromEntries(report.checks.map((check) => [check.id, check.outcome]));

test(
  'the probe produces a valid report that matches the committed evidence for this lane',
  { tag: POLYFILL },
  async ({ browser }, testInfo) => {
    const lane = laneOf(testInfo);
    const context = await browser.newContext();
    try {
      const { page, report } = await runProbe(context);
      expect(validateProbeReport(report)).toEqual({ valid: true });
      await expect(page.locator('#probe-validity')).toHaveText(
        'The report is valid against the warrant-probe-v1 schema.',
      );
      expect(report.checks.map((check) => check.id)).toEqual([...CHECK_ORDER]);
      expect(report.runtime).toMatchObject({
        mode: lane,
        origin: SITES.desk.origin,
        originAgentCluster: true,
        observationSeam: 'cdp',
      });
      // Every check's outcome and detail are on the page, not only in the JSON.
      for (const check of report.checks) {
        await expect(page.locator(`[data-check="${check.id}"] [data-outcome]`)).toHaveAttribute(
          'data-outcome',
          check.outcome,
        );
        await expect(page.locator(`[data-check="${check.id}"] .check-detail`)).toHaveText(check.detail);
      }
      // The unkeyed arm is read against the keyed arm of the same run: it passes only on a passing baseline.
      const byId = new Map(report.checks.map((check) => [check.id, check]));
      const keyed = byId.get('cross_origin_registration');
      const unkeyed = byId.get('unkeyed_document_rejected');
      expect(unkeyed?.measured['baseline']).toBe(keyed?.outcome);
      if (unkeyed?.outcome === 'pass') expect(keyed?.outcome).toBe('pass');
      // Frames exist only while their check runs.
      await expect(page.locator('#probe-frames iframe')).toHaveCount(0);

      if (WRITE) {
        writeFileSync(evidencePath(lane), `${JSON.stringify(report, null, 2)}\n`);
        return;
      }
      expect(
        existsSync(evidencePath(lane)),
        `no committed evidence for ${lane}: run with WARRANT_WRITE_EVIDENCE=1`,
      ).toBe(true);
      const committed = JSON.parse(readFileSync(evidencePath(lane), 'utf8')) as ProbeReport;
      expect(validateProbeReport(committed)).toEqual({ valid: true });
      expect(committed.runtime.mode).toBe(report.runtime.mode);
      const committedOutcomes = outcomes(committed);
      const drift = report.checks
        .filter((check) => check.outcome !== committedOutcomes[check.id])
        .map(
          (check) =>
            `${check.id}: committed ${committedOutcomes[check.id] ?? 'nothing'}, measured ${check.outcome} (${check.detail})`,
        );
      expect(drift, `evidence/probe/${lane}.json no longer matches what this browser measures`).toEqual([]);
    } finally {
      await context.close();
    }
  },
);

test(
  'the unkeyed probe document, opened on its own, shows what it measured',
  { tag: POLYFILL },
  async ({ browser }, testInfo) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const response = await page.goto(`${SITES.probeUnkeyed.origin}/`);
      expect(response?.headers()['origin-agent-cluster']).toBe('?0');
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
      expect(await page.evaluate(() => window.originAgentCluster)).toBe(false);
      await expect(page.locator('#report dd').first()).toHaveText('false');
      const said = await page.locator('#report tbody tr').allTextContents();
      expect(said).toHaveLength(3);
      if (laneOf(testInfo) === 'native') for (const row of said) expect(row).toContain('refused with SecurityError');
      else for (const row of said) expect(row).toContain('not there');
      expect((await axeScan(page)).violations).toEqual([]);
    } finally {
      await context.close();
    }
  },
);

test('the probe page reads by keyboard and has no axe violations, at 390 px too', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(`${SITES.desk.origin}/probe.html`);
    await expect(page.locator('body')).toHaveAttribute('data-probe-done', 'true', { timeout: 60_000 });
    expect((await axeScan(page)).violations).toEqual([]);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const reached: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim().slice(0, 40) ?? ''));
    }
    expect(reached).toEqual(expect.arrayContaining(['Download the report (JSON)', 'Run the checks again']));
    const startedAt = async (): Promise<string | null> => {
      const text = await page
        .locator('#probe-report-json')
        .textContent({ timeout: 1000 })
        .catch(() => null);
      return text ? (JSON.parse(text) as ProbeReport).startedAt : null;
    };
    const first = await startedAt();
    await page.getByRole('button', { name: 'Run the checks again' }).press('Enter');
    await expect.poll(startedAt, { timeout: 60_000 }).not.toBe(first);
    await expect.poll(startedAt, { timeout: 60_000 }).not.toBeNull();
    await expect(page.locator('body')).toHaveAttribute('data-probe-done', 'true', { timeout: 60_000 });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the report (JSON)' }).press('Enter');
    const file = await download;
    const downloaded = JSON.parse(readFileSync(await file.path(), 'utf8')) as unknown;
    expect(validateProbeReport(downloaded)).toEqual({ valid: true });
  } finally {
    await context.close();
  }
});

test(
  'the health page: every origin, what its headers promise, what the desk measures, the probe reports',
  { tag: POLYFILL },
  async ({ browser }, testInfo) => {
    const lane = laneOf(testInfo);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${SITES.desk.origin}/health.html`);
      await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
      const shown = Object.values(SITES).filter((site) => site.role !== 'test');
      await expect(page.locator('[data-site]')).toHaveCount(shown.length);
      for (const site of shown) {
        await expect(page.locator(`[data-site="${site.name}"] ul li`), site.name).toHaveText(headerPromises(site));
      }
      // The desk reads itself; the unkeyed probe document answers from its frame; the bench cannot be asked.
      await expect(page.locator('[data-site="desk"] [data-fact="mode"]')).toHaveText(new RegExp(`^${lane}:`));
      await expect(page.locator('[data-site="desk"] [data-fact="keying"]')).toHaveText(
        'origin-keyed (originAgentCluster is true)',
      );
      await expect(page.locator('[data-site="probeUnkeyed"] [data-fact="keying"]')).toContainText(
        'not origin-keyed (originAgentCluster is false)',
      );
      await expect(page.locator('[data-site="probeUnkeyed"] [data-fact="mode"]')).toHaveText(/^unavailable:/);
      await expect(page.locator('[data-site="bench"] dd').first()).toContainText('The desk cannot ask it');
      const gatewayAllowed = cspAllows(
        headersFor(SITES.desk)['Content-Security-Policy'] ?? '',
        'connect-src',
        SITES.gateway.origin,
      );
      await expect(page.locator('[data-site="gateway"] dd').first()).toContainText(
        gatewayAllowed ? 'Up, with' : 'connect-src',
      );
      // The committed reports beside the live one: one badge per check per column.
      for (const column of ['native', 'polyfill'] as const) {
        const committed = JSON.parse(readFileSync(evidencePath(column), 'utf8')) as ProbeReport;
        for (const check of committed.checks) {
          await expect(
            page
              .locator(`.reports [data-check="${check.id}"] dd`)
              .nth(column === 'native' ? 0 : 1)
              .locator('[data-outcome]'),
          ).toHaveAttribute('data-outcome', check.outcome);
        }
      }
      await expect(page.locator('.reports [data-check] dd:nth-child(2) [data-outcome="waiting"]')).toHaveCount(0);
      await expect(page.locator('[data-column="This browser, now"]')).toContainText(`${lane} lane`);
      await expect(page.locator('#health-frames iframe')).toHaveCount(0);
      expect((await axeScan(page)).violations).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveText('Dispatch desk');
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveText('Probe');
    } finally {
      await context.close();
    }
  },
);

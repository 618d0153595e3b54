import { axeScan } from './axe.ts';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { HOST, insecureOriginOf, LOOPBACK_ADDRESS, SITES } from '@warrant/config';
import { startGateway } from '../../gateway/src/start.ts';
import {
  startScriptedUpstream,
  type ScriptedReply,
  type ScriptedUpstream,
} from '../../gateway/src/testing/scripted-upstream.ts';
import { laneOf } from './agent.ts';
import { launchWithInsecureHost } from './launch.ts';
import { WORKER_SET } from './server-sets.ts';
import { carryDeskSession, openDesk as openDeskSignedIn, openDeskActing, exportedLedgerFile } from './desk-page.ts';
import { POLYFILL } from './lanes.ts';
import { shotsWanted } from './shots.ts';

// The desk's in-page agent in a real browser, both lanes, driven by a real chat-completions server
// speaking scripted tool calls. The full turn goes through the real gateway (started here, with the
// scripted server as its upstream), reached as the person's own endpoint. The desk's CSP names only
// the endpoints its server was started with, so both are served on the ports this worker's servers
// name in WARRANT_AGENT_ENDPOINTS (server-sets.ts). The gateway the suite serves on its registry port has no
// model configured, which is what the panel's default endpoint is tested against. What the test
// checks afterwards it reads from the ledger the page exports, from the requests the model server
// received, and from the browser's own storage.

const TASK = 'find shelter for four people tonight and draft a plan';

/** Today's local date: the shelter's nights start today, so "tonight" is this date. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const FAMILY = () => ({
  people: 4,
  needs: ['bed'],
  place: 'Harbour Street community hall',
  deadline: `${today()}T21:00`,
  note: 'Two adults and two children.',
});

/** The model's part, to the halt: it also sends one call whose arguments are not JSON, and, after the halt, a second commit. */
function toTheHalt(): ScriptedReply[] {
  return [
    { kind: 'tool_calls', calls: [{ name: 'intake_request', arguments: FAMILY() }] },
    {
      kind: 'tool_calls',
      calls: [
        { name: 'find_capacity', arguments: '{"request": "R-1"' },
        { name: 'open_lease', arguments: { partner: 'shelter', purpose: 'read_capacity', ttl: 240, request: 'R-1' } },
      ],
    },
    { kind: 'tool_calls', calls: [{ name: 'find_capacity', arguments: { request: 'R-1' } }] },
    {
      kind: 'tool_calls',
      calls: [
        {
          name: 'draft_plan',
          arguments: {
            request: 'R-1',
            label: 'A family room tonight',
            steps: [{ partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 1, night: today() } }],
          },
        },
      ],
    },
    {
      kind: 'tool_calls',
      calls: [
        { name: 'commit_plan', arguments: { plan: 'P-1' } },
        { name: 'commit_plan', arguments: { plan: 'P-1' } },
      ],
    },
    { kind: 'tool_calls', calls: [{ name: 'commit_plan', arguments: { plan: 'P-1' } }] },
  ];
}

/** The scripted model server, on the port this worker's desk names as the person's own endpoint. */
const scriptedModel = (script: readonly ScriptedReply[]): Promise<ScriptedUpstream> =>
  startScriptedUpstream(script, { port: WORKER_SET.agentPorts.scripted });

let upstream: ScriptedUpstream | null = null;
let gateway: { origin: string; close(): Promise<void> } | null = null;
test.afterEach(async () => {
  await gateway?.close();
  await upstream?.close();
  gateway = null;
  upstream = null;
});

/** The desk, a dispatcher signed in (the agent acts only in a signed-in dispatcher's page), its agent panel open. */
async function openDesk(page: Page, origin = SITES.desk.origin): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await openDeskActing(page, origin);
  await page.click('#open-agent');
  await expect(page.locator('#agent-task')).toBeFocused();
}

async function useOwnEndpoint(page: Page, fields: { url: string; model?: string; key?: string }): Promise<void> {
  await page.check('#agent-use-own');
  await page.fill('#agent-endpoint-url', fields.url);
  if (fields.model) await page.fill('#agent-model', fields.model);
  if (fields.key) await page.fill('#agent-key', fields.key);
}

async function runTask(page: Page, task = TASK): Promise<void> {
  await page.fill('#agent-task', task);
  await page.click('#agent-run');
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Each verb the panel lists, with the code it shows. */
async function listed(page: Page): Promise<string[]> {
  return page
    .locator('#agent-turn li[data-verb]')
    .evaluateAll((items) => items.map((item) => `${item.getAttribute('data-verb')}:${item.getAttribute('data-code')}`));
}

function offered(request: number): string[] {
  const body = upstream?.requests[request]?.body as { tools?: Array<{ function: { name: string } }> } | undefined;
  return (body?.tools ?? []).map((tool) => tool.function.name);
}

function toolResults(request: number): Array<Record<string, unknown>> {
  const body = upstream?.requests[request]?.body as { messages: Array<{ role: string; content: string }> };
  return body.messages
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.parse(message.content) as Record<string, unknown>);
}

/** The whole page, and the agent panel on its own, attached to the test's report when the run keeps screenshots (shots.ts). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!shotsWanted()) return;
  const whole = testInfo.outputPath(`${name}.png`);
  const panel = testInfo.outputPath(`${name}-panel.png`);
  await page.screenshot({ path: whole, fullPage: true });
  await page.locator('#agent-panel').screenshot({ path: panel });
  await testInfo.attach(name, { path: whole, contentType: 'image/png' });
  await testInfo.attach(`${name}-panel`, { path: panel, contentType: 'image/png' });
}

test(
  'the agent works the task through the gateway to the halt and stops there; a malformed call is answered with its refusal and the turn goes on',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    // A model's whole turn to the halt, then two axe passes (and, with WARRANT_SHOTS, four
    // screenshots): 51 s in one lane with a second suite running beside it, past the default in the other.
    test.slow();
    upstream = await scriptedModel(toTheHalt());
    gateway = await startGateway({
      port: WORKER_SET.agentPorts.gateway,
      host: HOST,
      env: { WARRANT_GATEWAY_UPSTREAM_URL: upstream.url, WARRANT_GATEWAY_MODEL: 'scripted' },
    });
    await openDesk(page);
    await useOwnEndpoint(page, { url: `${gateway.origin}/v1/chat/completions` });
    await runTask(page);

    const panel = page.locator('#agent-panel');
    await expect(panel).toHaveAttribute('data-status', 'halted', { timeout: 30_000 });
    // Every verb the model chose is listed with what came of it; the second commit, after the halt, never ran.
    expect(await listed(page)).toEqual([
      'intake_request:OK',
      'find_capacity:MALFORMED_ARGUMENTS',
      'open_lease:OK',
      'find_capacity:OK',
      'draft_plan:OK',
      'commit_plan:HALTED',
      'commit_plan:NOT_RUN_AFTER_HALT',
    ]);
    await expect(page.locator('#agent-status')).toContainText('Stopped at the halt: approval A-1 waits for a person.');
    await expect(page.locator('#agent-turn li[data-verb="find_capacity"]').first()).toContainText(
      'Not run: The arguments are not JSON',
    );
    await expect(page.locator('#approval-A-1')).toHaveAttribute('data-status', 'pending');
    await expect(page.locator('#partner-frames iframe[data-partner="shelter"]')).toHaveCount(1);

    // The model was asked five times and never after the halt; each time it was offered the verbs in order then.
    expect(upstream.requests).toHaveLength(5);
    expect(offered(0)).toEqual(['intake_request', 'read_ledger']);
    expect(offered(1)).toEqual(['intake_request', 'open_lease', 'read_ledger']);
    expect(offered(2)).toEqual([
      'intake_request',
      'open_lease',
      'find_capacity',
      'draft_plan',
      'close_lease',
      'read_ledger',
    ]);
    expect(offered(4)).toContain('commit_plan');
    // The malformed call came back to the model as the structured refusal; find_capacity's data as its region, whole.
    expect(toolResults(2)[1]).toMatchObject({ ok: false, isError: true, code: 'MALFORMED_ARGUMENTS' });
    expect(String(toolResults(3)[3]?.['data'])).toMatch(/^<<<data [0-9a-f]{16}>>>\n[\s\S]*\n<<<end [0-9a-f]{16}>>>$/);

    const { rows } = await exportedLedgerFile(page);
    const raised = rows.filter((row) => row.event === 'approval_raised');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      actor: 'agent',
      channel: 'agent',
      approval: 'A-1',
      plan: 'P-1',
      status: 'halted',
    });
    expect(
      rows
        .filter((row) => row.event === 'verb_called')
        .map((row) => `${row.actor}/${row.channel}/${row.verb}/${row.status}`),
    ).toEqual([
      'agent/agent/intake_request/ok',
      'agent/agent/open_lease/ok',
      'agent/agent/find_capacity/ok',
      'agent/agent/draft_plan/ok',
      'agent/agent/commit_plan/halted',
    ]);
    // Nothing ran at the partner: the halt is a halt.
    expect(rows.some((row) => row.event === 'tool_invoked' && row.verb === 'hold_beds')).toBe(false);
    expect(await cspViolations(page)).toEqual([]);

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('#agent-panel').scrollIntoViewIfNeeded();
      const results = await axeScan(page, { include: '#agent-panel' });
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        serious.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
      await shot(page, testInfo, `desk-agent-halt-${width}`);
    }
  },
);

test("the person's own key goes to their endpoint in the Authorization header and nowhere else: not in storage, the ledger, its export or the page", async ({
  page,
}) => {
  const key = `sk-warrant-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  upstream = await scriptedModel([
    { kind: 'tool_calls', calls: [{ name: 'intake_request', arguments: FAMILY() }] },
    { kind: 'text', text: 'Request R-1 is in the queue.' },
  ]);
  await openDesk(page);
  await useOwnEndpoint(page, { url: upstream.url, model: 'scripted-model', key });
  await runTask(page, 'take in a family of four who need a bed tonight');
  await expect(page.locator('#agent-panel')).toHaveAttribute('data-status', 'answered', { timeout: 30_000 });
  await expect(page.locator('#agent-turn li[data-said]')).toContainText('Request R-1 is in the queue.');

  // Sent, to that endpoint, as a bearer token, and in no request body.
  expect(upstream.requests).toHaveLength(2);
  for (const request of upstream.requests) {
    expect(request.headers['authorization']).toBe(`Bearer ${key}`);
    expect(request.rawBody).not.toContain(key);
    expect(request.body).toMatchObject({ model: 'scripted-model' });
  }
  // Held in the password field, and nowhere else a person, a reader of the page or its storage finds it.
  await expect(page.locator('#agent-key')).toHaveValue(key);
  const { text } = await exportedLedgerFile(page);
  expect(text).toContain('intake_request');
  expect(text).not.toContain(key);
  const page_ = await page.evaluate(async () => {
    const databases = await indexedDB.databases();
    const stored: string[] = [];
    for (const { name } of databases) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const reading = db.transaction(store, 'readonly').objectStore(store).getAll();
          reading.onsuccess = () => resolve(reading.result);
          reading.onerror = () => reject(reading.error);
        });
        stored.push(`${name}/${store}: ${JSON.stringify(values)}`);
      }
      db.close();
    }
    const storage = (area: Storage): string => JSON.stringify(Object.entries(area));
    // The desk's record is kept by its server: read it as the page does.
    const record = (
      await Promise.all(
        ['ledger', 'state'].map(async (log) => (await fetch(`/api/logs/${log}`, { cache: 'no-store' })).text()),
      )
    ).join('\n');
    return {
      record,
      indexedDB: stored.join('\n'),
      local: storage(localStorage),
      session: storage(sessionStorage),
      html: document.documentElement.outerHTML,
      text: document.body.innerText,
      cookie: document.cookie,
    };
  });
  // The desk's record was read (so the search looked where the record is kept).
  expect(page_.record).toContain('intake_request');
  for (const [where, found] of Object.entries(page_)) expect(String(found), where).not.toContain(key);
});

test('with the gateway serving no model, the panel says so in plain words, and the desk works fully without it', async ({
  page,
}) => {
  const health = (await (await fetch(`${SITES.gateway.origin}/health`)).json()) as { modelConfigured: boolean };
  // The suite serves its gateway with no upstream set: that is the gateway this default is about.
  expect(health.modelConfigured).toBe(false);
  await openDesk(page);
  await expect(page.locator('#agent-use-gateway')).toBeChecked();
  await runTask(page);
  await expect(page.locator('#agent-panel')).toHaveAttribute('data-status', 'model_failed', { timeout: 30_000 });
  // It names what to set, as the gateway's README does, so the person can give it one.
  await expect(page.locator('#agent-status')).toContainText(
    "The desk's model gateway has no model configured, so there is no hosted model to run. To give it one, start it with WARRANT_GATEWAY_UPSTREAM_URL (your model server's URL, up to /v1) and WARRANT_GATEWAY_MODEL (the model's name) set. The desk works fully without it",
  );
  await expect(page.locator('#agent-status code')).toHaveText('NO_MODEL_CONFIGURED');
  await expect(page.locator('#agent-turn')).toHaveCount(0);
  // Without a model the desk still runs the relief scenario to its halt.
  await page.click('#run-scenario');
  await expect(page.locator('#runner')).toHaveAttribute('data-status', 'awaiting_approval', { timeout: 30_000 });
  expect(await cspViolations(page)).toEqual([]);
});

test("the panel names the endpoints the desk's CSP allows, and refuses any other before anything is sent, saying how to add one", async ({
  page,
}) => {
  const named = [
    `http://${HOST}:${WORKER_SET.agentPorts.gateway}`,
    `http://${LOOPBACK_ADDRESS}:${WORKER_SET.agentPorts.scripted}`,
  ];
  // A model server on this computer that the desk's server was not started with.
  const unnamed = await startScriptedUpstream([{ kind: 'text', text: 'Never asked.' }]);
  try {
    await openDesk(page);
    await useOwnEndpoint(page, { url: `${unnamed.url}/chat/completions`, key: 'sk-never-sent-anywhere' });
    await expect(page.locator('#agent-own-limits')).toContainText(
      `This page may reach the desk's model gateway (${SITES.gateway.origin}) and your own endpoints ${named[0]} and ${named[1]}, and nowhere else.`,
    );
    await expect(page.locator('#agent-own-limits')).toContainText(
      'To add one, set WARRANT_AGENT_ENDPOINTS where the desk is served',
    );
    await runTask(page);
    const unnamedOrigin = new URL(unnamed.url).origin;
    await expect(page.locator('#agent-problem')).toContainText(
      `${unnamedOrigin} is not one this page may reach, so nothing was sent.`,
    );
    await expect(page.locator('#agent-problem')).toContainText(
      'To add one, set WARRANT_AGENT_ENDPOINTS where the desk is served (e.g. WARRANT_AGENT_ENDPOINTS=http://127.0.0.1:8080 npm start) and restart it.',
    );
    await expect(page.locator('#agent-panel')).toHaveAttribute('data-status', 'idle');
    expect(unnamed.requests).toEqual([]);

    // A hosted model: refused the same way, and pointed at the gateway.
    await page.fill('#agent-endpoint-url', 'https://models.example.com/v1/chat/completions');
    await page.click('#agent-run');
    await expect(page.locator('#agent-problem')).toContainText(
      'https://models.example.com is not one this page may reach, so nothing was sent.',
    );
    await expect(page.locator('#agent-problem')).toContainText('A hosted model is reached through the gateway');
    await expect(page.locator('#agent-panel')).toHaveAttribute('data-status', 'idle');
    expect(await cspViolations(page)).toEqual([]);
  } finally {
    await unnamed.close();
  }
});

test('Stop ends the turn while the model is thinking: nothing after it runs', async ({ page }) => {
  upstream = await scriptedModel([
    { kind: 'tool_calls', calls: [{ name: 'intake_request', arguments: FAMILY() }] },
    {
      kind: 'tool_calls',
      calls: [
        { name: 'open_lease', arguments: { partner: 'shelter', purpose: 'read_capacity', ttl: 240, request: 'R-1' } },
      ],
      delayMs: 20_000,
    },
  ]);
  await openDesk(page);
  await useOwnEndpoint(page, { url: upstream.url });
  await runTask(page);
  await expect(page.locator('#agent-turn li[data-verb="intake_request"]')).toHaveAttribute('data-code', 'OK', {
    timeout: 30_000,
  });
  await expect.poll(() => upstream?.requests.length).toBe(2);
  await page.click('#agent-stop');
  await expect(page.locator('#agent-panel')).toHaveAttribute('data-status', 'stopped');
  await expect(page.locator('#agent-status')).toHaveText('Stopped. Nothing after the Stop ran.');
  await expect(page.locator('#agent-run')).toBeEnabled();
  await expect(page.locator('#partner-frames iframe')).toHaveCount(0);
  expect(await listed(page)).toEqual(['intake_request:OK']);
});

test(
  'with no WebMCP at all the agent is offered the verbs in order from the desk’s own rows, and works the same',
  { tag: POLYFILL },
  async ({ page: signedIn }, testInfo) => {
    upstream = await scriptedModel([
      { kind: 'tool_calls', calls: [{ name: 'intake_request', arguments: FAMILY() }] },
      {
        kind: 'tool_calls',
        calls: [
          { name: 'open_lease', arguments: { partner: 'shelter', purpose: 'read_capacity', ttl: 240, request: 'R-1' } },
        ],
      },
      { kind: 'text', text: 'The shelter is leased for R-1.' },
    ]);
    // Over a host name that is not a secure context the desk has no WebMCP; its partners are reached over the message channel.
    const browser = await launchWithInsecureHost(laneOf(testInfo) === 'native');
    try {
      // No passkey can sign in where the page is not a secure context: the dispatcher signs in on the
      // desk where it is one, and their session goes with them (the agent acts on their warrant).
      await openDeskSignedIn(signedIn);
      const context = await browser.newContext();
      await carryDeskSession(signedIn.context(), context, insecureOriginOf('desk'));
      // The page the dispatcher signed in on goes: the agent works in the other browser's page alone
      // (several pages may act at once; leaving this one keeps the record to the page under test).
      await signedIn.goto('about:blank');
      const page = await context.newPage();
      await openDesk(page, insecureOriginOf('desk'));
      await expect(page.locator('#webmcp-mode')).toHaveAttribute('data-mode', 'unavailable');
      await useOwnEndpoint(page, { url: upstream.url });
      await runTask(page, 'lease the shelter for a family of four tonight');
      await expect(page.locator('#agent-panel')).toHaveAttribute('data-status', 'answered', { timeout: 30_000 });
      expect(await listed(page)).toEqual(['intake_request:OK', 'open_lease:OK']);
      expect(offered(0)).toEqual(['intake_request', 'read_ledger']);
      expect(offered(1)).toEqual(['intake_request', 'open_lease', 'read_ledger']);
      expect(offered(2)).toEqual([
        'intake_request',
        'open_lease',
        'find_capacity',
        'draft_plan',
        'close_lease',
        'read_ledger',
      ]);
      const { rows } = await exportedLedgerFile(page);
      expect(
        rows
          .filter((row) => row.event === 'verb_called')
          .map((row) => `${row.actor}/${row.channel}/${row.verb}/${row.status}`),
      ).toEqual(['agent/agent/intake_request/ok', 'agent/agent/open_lease/ok']);
      expect(await cspViolations(page)).toEqual([]);
    } finally {
      await browser.close();
    }
  },
);

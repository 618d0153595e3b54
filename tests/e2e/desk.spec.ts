import { overflowAtPhoneWidth } from './fits-a-phone.ts';
import type { Frame, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  COMMIT_NEXT,
  PARTNER_MANIFEST_PATH,
  readHopDetail,
  readingSignedBy,
  readPartnerManifest,
} from '@warrant/broker';
import { insecureOriginOf, SITES } from '@warrant/config';
import { LEDGER_FIELDS, verifyLedger, type LedgerRow } from '@warrant/ledger';
import { agentFor, laneOf, type Agent, type Lane } from './agent.ts';
import { reportFrameToolRuns } from '@warrant/webmcp/testing';
import { launchWithInsecureHost } from './launch.ts';
import { deskReady, exportedLedgerFile, openDesk, openDeskAsDispatcher, openDeskSignedOut } from './desk-page.ts';
import { POLYFILL } from './lanes.ts';
import { addPasskeyAuthenticator, enrolDispatcher } from './passkey.ts';
import { isolatedWorld } from './isolated-world.ts';
import { bridgeClientCall } from '@warrant/webmcp/testing';

// The dispatch desk in a real browser, in both lanes, with the real pantry and shelter sites
// framed on their own origins. The agent is a real caller (page.webmcp natively, executeTool from
// the page's world with the polyfill); the person is a click on the page. What the test checks
// afterwards it reads from the ledger the page exports, as anyone checking the desk would.

const FAMILY = {
  people: 4,
  needs: ['food', 'bed'],
  place: 'Harbour Street community hall',
  note: 'Two adults and two children.',
};

/** Today's local date: the partners' week starts today, so a plan for tonight is for this date. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The first day from today the pantry is open (it is closed on Sundays). */
function pickupDay(): string {
  const day = new Date();
  if (day.getDay() === 0) day.setDate(day.getDate() + 1);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

function plan(): object[] {
  return [
    {
      partner: 'pantry',
      tool: 'reserve_parcels',
      args: { kind: 'family', count: 1, dietary: 'vegetarian', pickup_by: pickupDay() },
    },
    { partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 1, night: today() } },
  ];
}

const EVERY_HOP = [
  'lease_opened',
  'frame_mounted',
  'tools_discovered',
  'tool_invoked',
  'tool_result',
  'approval_raised',
  'approval_granted',
  'frame_unmounted',
  'lease_closed',
];

function ok(result: unknown): Record<string, unknown> {
  expect(result).toMatchObject({ ok: true });
  return result as Record<string, unknown>;
}

/** The agent's part, up to the halt: intake, read leases on both partners, capacity, draft, commit. */
async function agentToTheHalt(page: Page, agent: Agent): Promise<Record<string, unknown>> {
  await expect.poll(() => agent.names()).toEqual(['intake_request', 'read_ledger']);
  const intake = ok(await agent.call('intake_request', { ...FAMILY, deadline: `${today()}T21:00` }));
  const request = (intake['request'] as { id: string }).id;
  await expect.poll(() => agent.names()).toContain('open_lease');
  // An id the desk does not hold open is refused in words, with where the open ones are listed, and no validator's list of them.
  const unknown = await agent.call('open_lease', {
    partner: 'pantry',
    purpose: 'read_capacity',
    ttl: 60,
    request: 'R-99',
  });
  expect(unknown).toMatchObject({
    ok: false,
    code: 'REQUEST_NOT_OPEN',
    message: expect.stringMatching(/^No request R-99 is open at the desk\. Nothing was changed\. .*intake_request/),
  });
  expect(JSON.stringify(unknown)).not.toMatch(/Instance|match any|"R-1"/);
  for (const partner of ['pantry', 'shelter']) {
    const opened = ok(await agent.call('open_lease', { partner, purpose: 'read_capacity', ttl: 240, request }));
    expect(opened['lease']).toMatchObject({ partner, purpose: 'read_capacity', state: 'active' });
  }
  await expect(page.locator('#partner-frames iframe')).toHaveCount(2);
  await expect.poll(() => agent.names()).toContain('find_capacity');
  const capacity = ok(await agent.call('find_capacity', { request }));
  expect(String(capacity['data'])).toMatch(/^<<<data [0-9a-f]{16}>>>/);
  expect(capacity['reads']).toEqual(
    expect.arrayContaining([expect.objectContaining({ partner: 'shelter', tool: 'list_bed_availability', ok: true })]),
  );
  await expect.poll(() => agent.names()).toContain('draft_plan');
  const drafted = ok(
    await agent.call('draft_plan', { request, label: 'Food and a family room for tonight', steps: plan() }),
  );
  await expect.poll(() => agent.names()).toContain('commit_plan');
  const halt = ok(await agent.call('commit_plan', { plan: (drafted['plan'] as { id: string }).id }));
  expect(halt).toMatchObject({
    status: 'awaiting_human_approval',
    approval_id: 'A-1',
    digest: drafted['digest'],
    nothing_ran: { partner_state_changed: false, lease_created: false, step_invoked: false },
  });
  // The spec's words, then how to learn the outcome later.
  expect(halt['next']).toBe(
    `${COMMIT_NEXT}; to learn the outcome later, call read_ledger with {"request":"${request}"}: its rows say whether A-1 was approved or rejected, how each step ran, and (in its plan_finished row) what a person can do if the run did not finish`,
  );
  return halt;
}

function expectVerifiedWith17Fields(text: string, rows: readonly LedgerRow[]): void {
  expect(verifyLedger(text)).toMatchObject({ ok: true, rows: rows.length });
  const lines = text.trimEnd().split('\n');
  expect(lines[0]).toBe(LEDGER_FIELDS.map((field) => field.name).join('\t'));
  expect(lines.slice(1).every((line) => line.split('\t').length === 17)).toBe(true);
}

test(
  'an agent runs the desk to the halt and stops; a person approves; the shelter shows the held beds in its own frame; the leases close; the exported ledger verifies with every hop',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    await openDeskAsDispatcher(page);
    const agent = agentFor(page, laneOf(testInfo));
    await agentToTheHalt(page, agent);
    // The halt: an approval waits on the page, and no tool can decide it.
    const card = page.locator('#approval-A-1');
    await expect(card).toHaveAttribute('data-status', 'pending');
    await expect(card.locator('.canonical-bytes')).toContainText('"tool":"hold_beds"');
    await expect(card.locator('.digest-value')).toHaveText(/^[0-9a-f]{64}$/);
    const names = await agent.names();
    expect(names.some((name) => /approv|reject|revoke|execute/.test(name))).toBe(false);
    // The agent cannot open an execute_plan lease either: policy refuses it and the ledger says so.
    const refused = await agent.call('open_lease', {
      partner: 'shelter',
      purpose: 'execute_plan',
      ttl: 60,
      request: 'R-1',
    });
    expect(refused).toMatchObject({ ok: false, code: 'POLICY_DENIED' });
    await expect(page.locator('#partner-frames iframe')).toHaveCount(2);

    await card.locator('button.approve').click();
    await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done', { timeout: 30_000 });
    await expect(card.locator('li[data-step]')).toHaveCount(2);
    await expect(card.locator('li[data-state="done"]')).toHaveCount(2);
    // The write landed at the shelter (the desk's server sent it, server to server), and the
    // shelter's own page, opened as its staff open it, says so.
    const shelter = await page.context().newPage();
    await shelter.goto(`${SITES.shelter.origin}/`);
    await expect(shelter.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(shelter.locator('body')).toContainText(/held/i);
    await expect(shelter.locator('body')).toContainText('R-1');
    await expect(shelter.locator('#receipts .approved-by')).toContainText('Approved by Ada Okafor at the desk');
    expect(await overflowAtPhoneWidth(shelter, "the shelter's own page, approved by Ada")).toEqual([]);
    await shelter.close();
    await page.bringToFront();

    // The run over, the desk's server closes every lease of the request, the agent's reads included,
    // and the page follows its record: nothing is left open for the agent to close.
    await expect(page.locator('#partner-frames iframe')).toHaveCount(0);
    await expect(page.locator('#live-lease-count')).toHaveText('0');

    // The agent learns the outcome as the halt told it to: the request's rows, newest last, the run's end among them.
    await expect
      .poll(async () => String(ok(await agent.call('read_ledger', { request: 'R-1' }))['tsv']), { timeout: 30_000 })
      .toMatch(/\tplan_finished\t/);
    const outcome = ok(await agent.call('read_ledger', { request: 'R-1', limit: 3 }));
    expect(outcome).toMatchObject({ request: 'R-1', rows: 3, earlier: { request: 'R-1' }, later: null });
    expect(outcome['message']).toMatch(
      /^Rows \d+ to \d+ of the \d+ for request R-1; for the \d+ earlier, call read_ledger with/,
    );
    expect(
      String(outcome['tsv'])
        .trimEnd()
        .split('\n')
        .slice(1)
        .every((line) => line.split('\t')[LEDGER_FIELDS.findIndex((field) => field.name === 'request')] === 'R-1'),
    ).toBe(true);

    const { text, rows } = await exportedLedgerFile(page);
    expectVerifiedWith17Fields(text, rows);
    // A normal run raises no alarm: with two partner frames open, neither's announcement is taken for a forgery.
    expect(rows.filter((row) => row.event === 'bridge_forged').map((row) => row.detail)).toEqual([]);
    for (const event of EVERY_HOP)
      expect(
        rows.some((row) => row.event === event),
        event,
      ).toBe(true);
    const writes = rows.filter((row) => row.event === 'tool_result' && row.approval === 'A-1');
    expect(writes).toHaveLength(2);
    for (const row of writes) expect(row.detail).toMatch(/receipt=\S+ receipt_digest=[0-9a-f]{64} verified=yes/);
    expect(
      rows
        .filter((row) => row.event === 'verb_called' && row.actor === 'agent')
        .every((row) => row.channel === 'webmcp'),
    ).toBe(true);
    expect(rows.find((row) => row.event === 'approval_granted')).toMatchObject({
      actor: 'human',
      channel: 'ui',
      approval: 'A-1',
    });
    // The consent was a dispatcher's passkey, verified by the desk's server, and the ledger says whose.
    expect(rows.find((row) => row.event === 'approval_signed')).toMatchObject({
      actor: 'human',
      approval: 'A-1',
      detail: expect.stringMatching(/dispatcher=D-\w+ name="Ada Okafor"/),
    });
    expect(rows.find((row) => row.event === 'policy_denied')).toMatchObject({
      actor: 'agent',
      to: 'shelter',
      policy: 'deny',
    });
    // A call through a lease's frame says how WebMCP carried its arguments; the run's writes went server to server.
    const shapes = rows
      .filter((row) => row.event === 'tool_result' && row.lease !== '')
      .map((row) => /shape=(\w+)/.exec(row.detail)?.[1]);
    expect(shapes.length).toBeGreaterThan(0);
    expect(shapes.every((shape) => shape !== undefined)).toBe(true);
    await page.click('#verify-ledger');
    await expect(page.locator('#verify-result')).toHaveText(new RegExp(`^${rows.length} rows verified`));
  },
);

/**
 * Every partner tool call that a partner frame's document ran, with the lease that frame is
 * mounted under (read from its element as it attaches: an execute lease's frame is gone soon
 * after its call). Natively the browser fires toolactivated in the document whose tool runs; over
 * the message transport an invoke arrives on the port the desk handed that one frame.
 * Observation only: nothing here calls or changes the pages.
 */
async function watchFrameCalls(page: Page, lane: Lane): Promise<{ tool: string; lease: string }[]> {
  const ran: { tool: string; lease: string }[] = [];
  const leaseOf = new Map<Frame, Promise<string | null>>();
  const elementLease = (frame: Frame): Promise<string | null> =>
    frame.frameElement().then(
      (element) => element.getAttribute('data-lease'),
      () => null,
    );
  // Asked again at each navigation until it is known: a frame's element is not always reachable
  // the moment it attaches.
  const remember = (frame: Frame): void =>
    void leaseOf.set(
      frame,
      (leaseOf.get(frame) ?? Promise.resolve(null)).then((known) => known ?? elementLease(frame)),
    );
  page.on('frameattached', remember);
  page.on('framenavigated', remember);
  await page.exposeBinding('__warrantFrameRan', async ({ frame }, tool: string) => {
    ran.push({
      tool,
      lease: (await leaseOf.get(frame)) ?? (await elementLease(frame)) ?? 'a frame whose lease was not found',
    });
  });
  if (lane === 'native') {
    await page.addInitScript(reportFrameToolRuns, '__warrantFrameRan');
    return ran;
  }
  await page.addInitScript(() => {
    if (window === window.top) return;
    addEventListener('message', (event) => {
      const data = event.data as { envelope?: unknown; kind?: unknown } | null;
      const [port] = event.ports;
      if (!port || data?.envelope !== 'warrant.partner' || data.kind !== 'hello') return;
      port.addEventListener('message', (message) => {
        const sent = message.data as { kind?: unknown; name?: unknown } | null;
        if (sent?.kind === 'invoke')
          void (window as unknown as { __warrantFrameRan(tool: unknown): Promise<void> }).__warrantFrameRan(sent.name);
      });
    });
  });
  return ran;
}

test(
  "the agent's reads run in the frame of the read lease they were made under; the approved run's writes go server to server and run in no frame",
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const ran = await watchFrameCalls(page, laneOf(testInfo));
    await openDeskAsDispatcher(page);
    const agent = agentFor(page, laneOf(testInfo));
    await agentToTheHalt(page, agent);
    const card = page.locator('#approval-A-1');
    await card.locator('button.approve').click();
    await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done', { timeout: 30_000 });
    await expect(card.locator('li[data-state="done"]')).toHaveCount(2);
    // The card says done as the run ends; its last ledger row (plan_finished) follows it: wait for it.
    await expect
      .poll(
        async () =>
          (await exportedLedgerFile(page)).rows.some((row) => row.event === 'plan_finished' && row.approval === 'A-1'),
        { timeout: 30_000 },
      )
      .toBe(true);
    const { rows } = await exportedLedgerFile(page);
    const invoked = rows
      .filter((row) => row.event === 'tool_invoked')
      .map((row) => ({ tool: /tool=(\w+)/.exec(row.detail)?.[1] ?? '', lease: row.lease, approval: row.approval }));
    const purposes = new Map(
      rows
        .filter((row) => row.event === 'lease_opened')
        .map((row) => [row.lease, /purpose=(\w+)/.exec(row.detail)?.[1]]),
    );
    const reads = invoked.filter((call) => call.approval === '');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((call) => purposes.get(call.lease) === 'read_capacity')).toBe(true);
    const key = (call: { tool: string; lease: string }): string => `${call.tool}@${call.lease}`;
    // Every read ran in the frame of its own lease, and nothing else ran in any frame.
    await expect.poll(() => ran.map(key).sort()).toEqual(reads.map(key).sort());
    // The two writes: the desk's server sent them (no lease, no frame), and verified each receipt.
    const writes = invoked.filter((call) => call.approval === 'A-1').map((call) => call.tool);
    expect(writes).toEqual(['reserve_parcels', 'hold_beds']);
    expect(ran.some((call) => writes.includes(call.tool))).toBe(false);
    expect(
      rows
        .filter((row) => row.event === 'tool_result' && row.approval === 'A-1')
        .every((row) => / verified=yes/.test(row.detail)),
    ).toBe(true);
    // Every read's answer is on the record as the partner's server signed it: its reading verifies
    // under the key the partner publishes in its manifest, asked here of the partner itself.
    const readResults = rows.filter((row) => row.event === 'tool_result' && row.approval === '' && row.status === 'ok');
    expect(readResults.length).toBe(reads.length);
    for (const row of readResults) {
      const pairs = readHopDetail(row.detail);
      const manifest = readPartnerManifest(
        await (
          await page.request.get(`${SITES[row.from as 'pantry' | 'shelter'].origin}${PARTNER_MANIFEST_PATH}`)
        ).json(),
      );
      if (!manifest.ok) throw new Error(manifest.problem);
      const reading = {
        tool: pairs['tool'] ?? '',
        at: pairs['reading_at'] ?? '',
        digest: pairs['reading_digest'] ?? '',
        signature: pairs['reading_signature'] ?? '',
      };
      expect(await readingSignedBy(reading, manifest.manifest.receipt_key), row.detail).toBe(true);
    }
  },
);

test('the relief scenario runs on the same verbs, halts at the highlighted approval, and finishes once a person approves', async ({
  page,
}) => {
  await openDeskAsDispatcher(page);
  await page.click('#run-scenario');
  const runner = page.locator('#runner');
  await expect(runner).toHaveAttribute('data-status', 'awaiting_approval', { timeout: 30_000 });
  const card = page.locator('#approval-A-1');
  await expect(card).toHaveClass(/highlight/);
  await expect(card.locator('.callout')).toContainText('Nothing has been written at any partner');
  await page.click('#go-to-approval');
  await expect(card.locator('button.approve')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(runner).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(card.locator('[data-run]')).toHaveAttribute('data-run', 'done');
  await expect(page.locator('#live-lease-count')).toHaveText('0');
  const { text, rows } = await exportedLedgerFile(page);
  expectVerifiedWith17Fields(text, rows);
  for (const event of EVERY_HOP)
    expect(
      rows.some((row) => row.event === event),
      event,
    ).toBe(true);
  const calls = rows.filter((row) => row.event === 'verb_called');
  expect(calls.map((row) => row.verb)).toEqual([
    'intake_request',
    'open_lease',
    'open_lease',
    'find_capacity',
    'draft_plan',
    'commit_plan',
    'close_lease',
    'close_lease',
  ]);
  expect(calls.every((row) => row.actor === 'runner' && row.channel === 'scenario')).toBe(true);
  // The words say what ran; the leases of the request are closed (above: none live).
  await expect(card.locator('[data-run]')).toHaveText('Every step ran: 2 of 2 written at their partners.');
  // The desk after the run, and each partner's own page with what it now holds, fit a phone.
  const wide: string[] = await overflowAtPhoneWidth(page, 'the desk after the approved run');
  for (const partner of ['pantry', 'shelter'] as const) {
    const own = await page.context().newPage();
    await own.goto(`${SITES[partner].origin}/`);
    await expect(own.locator('body')).toHaveAttribute('data-ready', 'true');
    const latest = own.locator('#latest-write');
    await expect(latest).not.toHaveAttribute('data-receipt', '');
    // Staff are told in words what undoes it, never which tool to call.
    await expect(latest).toContainText('Nothing to press here to undo it');
    await expect(own.locator('#receipts')).not.toContainText('To undo:');
    wide.push(...(await overflowAtPhoneWidth(own, `the ${partner}'s own page after the run`)));
    await own.close();
  }
  expect(wide).toEqual([]);
});

test('an exported ledger dropped back in verifies, and one edited byte is named at its row', async ({ page }) => {
  await openDeskAsDispatcher(page);
  await page.click('#run-scenario');
  await expect(page.locator('#runner')).toHaveAttribute('data-status', 'awaiting_approval', { timeout: 30_000 });
  const { text, rows } = await exportedLedgerFile(page);
  await page.setInputFiles('#import-ledger', {
    name: 'desk-ledger.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(text, 'utf8'),
  });
  await expect(page.locator('#import-result')).toHaveText(
    new RegExp(`^${rows.length} rows verified in desk-ledger.tsv`),
  );
  // Change one character of one row's detail: the chain breaks at exactly that row.
  const lines = text.split('\n');
  const target = rows.findIndex((row) => row.event === 'approval_raised') + 1;
  lines[target] = (lines[target] as string).replace('label=', 'label=X');
  await page.setInputFiles('#import-ledger', {
    name: 'edited.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(lines.join('\n'), 'utf8'),
  });
  await expect(page.locator('#import-result')).toContainText(`the chain breaks at row ${target}`);
});

test('a person revokes a lease: its frame goes, the verbs that needed it leave, and the ledger says who', async ({
  page,
}, testInfo) => {
  await openDeskAsDispatcher(page);
  const agent = agentFor(page, laneOf(testInfo));
  ok(await agent.call('intake_request', { ...FAMILY, deadline: today() }));
  ok(await agent.call('open_lease', { partner: 'shelter', purpose: 'read_capacity', ttl: 120, request: 'R-1' }));
  await expect(page.locator('#partner-frames iframe[data-partner="shelter"]')).toHaveCount(1);
  await expect.poll(() => agent.names()).toContain('find_capacity');
  await expect(page.locator('li[data-lease="L-1"] .ttl')).toContainText(/min|s left/);
  await page.click('button[aria-label^="Revoke lease L-1"]');
  await expect(page.locator('#partner-frames iframe')).toHaveCount(0);
  await expect.poll(() => agent.names()).not.toContain('find_capacity');
  await expect(page.locator('#out-of-order li[data-tool="find_capacity"]')).toContainText(
    'no read_capacity lease is active',
  );
  // The frame's removal is recorded as it goes: wait for its row.
  await expect
    .poll(
      async () =>
        (await exportedLedgerFile(page)).rows.some((row) => row.event === 'frame_unmounted' && row.lease === 'L-1'),
      { timeout: 15_000 },
    )
    .toBe(true);
  const { rows } = await exportedLedgerFile(page);
  expect(rows.find((row) => row.event === 'lease_revoked')).toMatchObject({
    actor: 'human',
    channel: 'ui',
    lease: 'L-1',
    to: 'shelter',
  });
});

test('a changed argument after commit voids the approval, and nothing runs', async ({ page }, testInfo) => {
  await openDeskAsDispatcher(page);
  const agent = agentFor(page, laneOf(testInfo));
  await agentToTheHalt(page, agent);
  const [pantryStep, shelterStep] = plan() as [object, { args: object }];
  const revised = ok(
    await agent.call('draft_plan', {
      request: 'R-1',
      plan: 'P-1',
      label: 'Food and a family room for tonight',
      steps: [pantryStep, { ...shelterStep, args: { ...shelterStep.args, count: 2 } }],
    }),
  );
  expect(revised).toMatchObject({ approvals_void: ['A-1'], approvals_kept: [] });
  const card = page.locator('#approval-A-1');
  await expect(card).toHaveAttribute('data-status', 'void');
  await expect(card.locator('button.approve')).toHaveCount(0);
  const { rows } = await exportedLedgerFile(page);
  expect(rows.some((row) => row.event === 'approval_void' && row.approval === 'A-1')).toBe(true);
  expect(rows.some((row) => row.event === 'tool_invoked' && row.approval === 'A-1')).toBe(false);
});

test('a reload keeps the ledger and the pending approval; the leases that were live end failed', async ({
  page,
}, testInfo) => {
  await openDeskAsDispatcher(page);
  const agent = agentFor(page, laneOf(testInfo));
  await agentToTheHalt(page, agent);
  const before = Number(await page.locator('#ledger-count').textContent());
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#approval-A-1')).toHaveAttribute('data-status', 'pending');
  await expect(page.locator('#partner-frames iframe')).toHaveCount(0);
  await expect(page.locator('#live-lease-count')).toHaveText('0');
  await expect.poll(async () => Number(await page.locator('#ledger-count').textContent())).toBe(before + 2);
  const { text, rows } = await exportedLedgerFile(page);
  expectVerifiedWith17Fields(text, rows);
  expect(rows.slice(-2).map((row) => [row.event, row.lease, row.detail])).toEqual([
    ['lease_failed', 'L-1', expect.stringMatching(/^reported_by=D-\w+ reason="the page went away"$/)],
    ['lease_failed', 'L-2', expect.stringMatching(/^reported_by=D-\w+ reason="the page went away"$/)],
  ]);
  // The approval raised before the reload still runs the plan, under new leases.
  await page.locator('#approval-A-1 button.approve').click();
  await expect(page.locator('#approval-A-1 [data-run]')).toHaveAttribute('data-run', 'done', { timeout: 30_000 });
});

test('a second tab of the same dispatcher acts too, at once, never waiting; what a person typed in it stays', async ({
  page,
  context,
}) => {
  await openDeskAsDispatcher(page);
  const second = await context.newPage();
  await openDesk(second);
  // No tab is read-only and none waits for another: both act as the dispatcher signed in.
  for (const tab of [page, second]) {
    await expect(tab.locator('#read-only-notice')).toHaveCount(0);
    await expect(tab.locator('.pill-acting')).toHaveText('Acting as Ada Okafor');
    await expect(tab.locator('#run-scenario')).toBeEnabled();
  }
  // A person starts typing in the second tab; the first tab's work does not wipe it.
  await second.locator('#people-panel summary').click();
  await second.locator('#invitee-name').fill('Someone half-typed');
  // Both tabs take a request in and work it to the halt at the same time: two requests, two approvals.
  await Promise.all([page.click('#run-scenario'), second.click('#run-scenario')]);
  for (const tab of [page, second])
    await expect(tab.locator('#runner')).toHaveAttribute('data-status', 'awaiting_approval', { timeout: 90_000 });
  for (const tab of [page, second]) {
    await expect(tab.locator('#queue-count')).toHaveText('2');
    await expect(tab.locator('article.approval[data-status="pending"]')).toHaveCount(2);
    // Both requests are this dispatcher's: every card is theirs to decide, in either tab.
    await expect(tab.locator('article.approval[data-status="pending"] button.approve').first()).toBeEnabled();
    await expect(tab.locator('article.approval[data-status="pending"] button.approve').last()).toBeEnabled();
  }
  await expect(second.locator('#invitee-name')).toHaveValue('Someone half-typed');
  await expect
    .poll(async () => Number(await second.locator('#ledger-count').textContent()))
    .toBe(Number(await page.locator('#ledger-count').textContent()));
  await second.close();
});

test(
  'a page with no dispatcher signed in acts on nothing and says so in words: an agent finds read_ledger alone, a verb reached anyway is refused NOT_SIGNED_IN, and once a dispatcher signs in the verbs are there',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    await addPasskeyAuthenticator(page);
    await openDeskSignedOut(page);
    await expect(page.locator('#dispatcher-name')).toHaveCount(0);
    await expect(page.locator('#read-only-notice')).toContainText('Sign in to act on requests.');
    await expect(page.locator('.topbar-status')).toContainText('Not signed in');
    await expect(page.locator('#run-scenario')).toBeDisabled();
    // An agent holding the browser finds nothing that acts: not by WebMCP, not in the bridge's manifest.
    const agent = agentFor(page, laneOf(testInfo));
    await expect.poll(() => agent.names()).toEqual(['read_ledger']);
    await expect(page.locator('#in-order-count')).toHaveText('1');
    // The bridge's manifest (published after the first paint) lists read_ledger alone too.
    const listed = async () =>
      (
        JSON.parse((await page.locator('script#desk-agent-tools').textContent()) ?? '{"tools":[]}') as {
          tools: { name: string }[];
        }
      ).tools.map((tool) => tool.name);
    await expect.poll(listed).toEqual(['read_ledger']);
    const world = await isolatedWorld(page);
    const manifest = { manifestId: 'desk-agent-tools', waitMs: 10_000 };
    const intake = await world.evaluate(bridgeClientCall, {
      ...manifest,
      verb: 'intake_request',
      id: 'i1',
      input: { people: 2, needs: ['food'], place: 'Harbour Street community hall' },
    });
    expect(intake.reply).toMatchObject({ id: 'i1', ok: false, code: 'NOT_SIGNED_IN' });
    expect(String(intake.reply?.['reason'])).toContain('sign in to act on requests');
    const before = Number(await page.locator('#ledger-count').textContent());
    expect(
      (await world.evaluate(bridgeClientCall, { ...manifest, verb: 'read_ledger', id: 'r1', input: {} })).reply,
    ).toMatchObject({ id: 'r1', ok: true });
    await expect(page.locator('#queue-count')).toHaveText('0');
    await expect(page.locator('#ledger-count')).toHaveText(String(before));

    // A dispatcher signs in here: the page opens again as theirs, and the verbs are there.
    await enrolDispatcher(page, 'Ada Okafor');
    await expect(page.locator('#read-only-notice')).toHaveCount(0);
    await expect(page.locator('.topbar-status')).toContainText('Acting as Ada Okafor');
    await expect.poll(() => agent.names()).toEqual(['intake_request', 'read_ledger']);
    await expect(page.locator('#run-scenario')).toBeEnabled();
    // Signed out again, it acts on nothing again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.locator('#sign-in')).toBeVisible();
    await deskReady(page);
    await expect(page.locator('#read-only-notice')).toContainText('Sign in to act on requests.');
    await expect.poll(() => agent.names()).toEqual(['read_ledger']);
  },
);

test(
  'with no WebMCP and no passkey here no one can sign in, so the page acts on nothing and says why',
  { tag: POLYFILL },
  async ({ browserName: _browserName }, testInfo) => {
    // Reached over a host name that is not a secure context, the desk has no WebMCP, and passkeys
    // need a secure context too: no dispatcher can sign in here, and only a signed-in dispatcher's
    // page adds to the desk's record. The page says both in plain words, and records nothing.
    const browser = await launchWithInsecureHost(laneOf(testInfo) === 'native');
    try {
      const page = await browser.newPage();
      await openDeskSignedOut(page, insecureOriginOf('desk'));
      await expect(page.locator('#webmcp-mode')).toHaveAttribute('data-mode', 'unavailable');
      await expect(page.locator('#in-order-caption')).toContainText('No WebMCP on this page');
      await expect(page.locator('#no-passkeys')).toContainText(
        'cannot use passkeys here, so no one can sign in on this page',
      );
      await expect(page.locator('#read-only-notice')).toContainText('Sign in to act on requests.');
      // Nothing that acts is in order: read_ledger alone.
      await expect(page.locator('#in-order-count')).toHaveText('1');
      await expect(page.locator('#run-scenario')).toBeDisabled();
      await expect(page.locator('#partner-frames iframe')).toHaveCount(0);
    } finally {
      await browser.close();
    }
  },
);

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { axeScan } from './axe.ts';
import { overflowAtPhoneWidth } from './fits-a-phone.ts';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { pageAgentListTools } from '@warrant/webmcp/testing';
import { agentFor, laneOf, type Agent, type Lane } from './agent.ts';
import { POLYFILL } from './lanes.ts';
import { signedInOnce } from './enrolled-once.ts';
import { addPasskeyAuthenticator, enrolEditor } from './passkey.ts';

// The launch board in a real browser, in both lanes. The agent is a real caller (agentFor); the
// human is Playwright clicking the page. The board lives on the board's server, which the
// fixtures reset before each test (a new book): the board starts at scope v0.

const READS = ['inspect_active_scope', 'inspect_workspace'];
const FRAMED = ['edit_scoped_fields', ...READS, 'request_scope_expansion'];
const ALL = ['edit_scoped_fields', ...READS, 'request_scope_expansion', 'submit_changes_for_review'];
const HEADLINE = 'A cordless lamp for desk and balcony';
const REASON = 'The brief moves the launch to 6 October; the board still says 20 October.';

type Result = {
  ok: boolean;
  code?: string;
  message?: string;
  details?: Record<string, unknown>;
  [key: string]: unknown;
};
type Workspace = Result & {
  phase: string;
  scopeVersion: number;
  scope: string[];
  fields: Array<{ id: string; value: string; agentAccess: string }>;
  review: { reviewId: string } | null;
};

/**
 * Opens the board as `name`, an editor enrolled once in this worker (enrolled-once.ts; the board's
 * server keeps its editors across tests), their passkey held by this page.
 */
async function open(page: Page, lane: Lane, name = 'Ines'): Promise<Agent> {
  await signedInOnce(page, 'board', name, (aside) => enrolEditor(aside, name));
  await page.goto(`${SITES.board.origin}/`);
  await expect(page.locator('#editor-name')).toHaveText(name);
  return ready(page, lane);
}

/**
 * Signs this context in as an editor from a page of its own, for a page whose board offers no
 * enrolment (it says it has no passkeys), and carries the editor's passkey to `page`, as a synced
 * passkey arrives: the editor's grants there still take it.
 */
async function signInAside(context: BrowserContext, page: Page): Promise<void> {
  const aside = await context.newPage();
  const enrolled = await enrolEditor(aside, 'Ines');
  const [passkey] = await enrolled.passkeys();
  if (!passkey) throw new Error('the enrolment made no passkey');
  await (await addPasskeyAuthenticator(page)).holdPasskey(passkey);
  await aside.close();
}

/**
 * The editor signed in on `page` invites `name`: their passkey over the invitation gives a link,
 * which the invitee opens in a browser profile of their own and enrols with a passkey of their own.
 */
async function invitedInOwnProfile(page: Page, profile: BrowserContext, name: string): Promise<Page> {
  await page.locator('#editor-people summary').click();
  await page.locator('#invitee-name').fill(name);
  await page.locator('#invite').click();
  const invitation = await page.locator('#invitation-link').inputValue();
  expect(invitation).toContain(`${SITES.board.origin}/#enrol=`);
  const other = await profile.newPage();
  await enrolEditor(other, name, invitation);
  return other;
}

async function ready(page: Page, lane: Lane): Promise<Agent> {
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#webmcp-mode')).toHaveAttribute('data-mode', lane);
  return agentFor(page, lane);
}

const card = (page: Page, id: string) => page.locator(`.field-card[data-field="${id}"]`);
const call = async (agent: Agent, name: string, input: object = {}) => (await agent.call(name, input)) as Result;
const workspace = async (agent: Agent) => (await agent.call('inspect_workspace', {})) as Workspace;
const valueOf = (ws: Workspace, id: string) => ws.fields.find((field) => field.id === id)?.value;

/** The human selects exactly `ids` on the board (by clicking) and frames them. */
async function frameByClicking(page: Page, ids: string[]): Promise<void> {
  // Framing takes the editor's passkey, which answers only the tab that has focus.
  await page.bringToFront();
  for (const id of ['product_name', 'headline', 'description', 'audience', 'launch_date', 'price']) {
    const selected = (await card(page, id).getAttribute('aria-selected')) === 'true';
    if (selected !== ids.includes(id)) await card(page, id).click();
  }
  await page.getByRole('button', { name: 'Frame selected fields' }).click();
}

async function scopeVersion(page: Page, version: number): Promise<void> {
  await expect(page.locator('#scope-version')).toHaveAttribute('data-version', String(version));
}

async function schemaVersion(agent: Agent, name: string): Promise<unknown> {
  const tool = (await agent.tools()).find((t) => t.name === name);
  return (tool?.inputSchema as { properties?: { scopeVersion?: { const?: unknown } } } | undefined)?.properties
    ?.scopeVersion?.const;
}

/**
 * Installed before the page's own scripts: the names the page's agent lists when the load event
 * fires, and when the first field card appears (the lister is the test agent's own, by its source).
 */
const TOOLS_AT_LOAD_PROBE = `(() => {
  const list = ${pageAgentListTools.toString()};
  const probe = (window.__toolsProbe = { atLoad: null, atFirstCard: null });
  const names = () => list().then((tools) => tools.map((tool) => tool.name).sort());
  addEventListener('load', () => void names().then((listed) => (probe.atLoad = listed)), { capture: true, once: true });
  const watch = new MutationObserver(() => {
    if (!document.querySelector('.field-card')) return;
    watch.disconnect();
    void names().then((listed) => (probe.atFirstCard = listed));
  });
  watch.observe(document, { childList: true, subtree: true });
})();`;

/** Watches a call without awaiting it: the human has to act while it is still open. */
function watch<T>(promise: Promise<T>) {
  const box: { settled: boolean; promise: Promise<T> } = { settled: false, promise };
  void promise.then(
    () => (box.settled = true),
    () => (box.settled = true),
  );
  return box;
}

test(
  'the agent asks for a wider frame, waits, and continues in the same turn once the human expands it',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    expect(await agent.names()).toEqual(READS);

    await card(page, 'headline').click();
    await card(page, 'description').click({ modifiers: ['Shift'] });
    await page.getByRole('button', { name: 'Frame selected fields' }).click();
    await scopeVersion(page, 1);
    await expect.poll(() => agent.names()).toEqual(FRAMED);

    expect(await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } })).toMatchObject(
      {
        ok: true,
        code: 'SCOPED_EDIT_APPLIED',
      },
    );
    await expect.poll(() => agent.names()).toEqual(ALL);

    const request = watch(
      call(agent, 'request_scope_expansion', { scopeVersion: 1, fields: ['launch_date'], reason: REASON }),
    );
    const decision = page.locator('section.decision');
    await expect(decision.getByRole('heading', { name: 'The agent is asking for a wider frame' })).toBeVisible();
    await expect(decision).toContainText(REASON);
    await expect(decision.locator('[data-field="launch_date"]')).toBeVisible();
    await expect(page.locator('#surface-held')).toBeVisible();
    // Held: the request and submit tools are out of order now, yet nothing was re-registered. Asking
    // the page for its tools is a round trip through it after the decision is on screen, so a call
    // answered without the human would have been answered by now.
    expect(await agent.names()).toEqual(ALL);
    expect(request.settled, 'the call waits for the human').toBe(false);

    await decision.getByRole('button', { name: 'Expand scope' }).click();
    const answer = await request.promise;
    expect(answer).toMatchObject({
      ok: true,
      code: 'EXPANSION_APPROVED',
      permissionChanged: true,
      currentScopeVersion: 2,
      scope: ['headline', 'description', 'launch_date'],
    });
    expect(answer['nextAction']).toContain('do not ask the human to confirm again');
    await expect(decision).toHaveCount(0);
    await scopeVersion(page, 2);

    // The same turn: re-inspect, pick up the tools bound to v2, edit the new field, submit.
    expect(await call(agent, 'inspect_active_scope')).toMatchObject({ scopeVersion: 2, pendingHumanDecision: null });
    await expect.poll(() => schemaVersion(agent, 'edit_scoped_fields')).toBe(2);
    expect(
      await call(agent, 'edit_scoped_fields', { scopeVersion: 2, updates: { launch_date: '2026-10-06' } }),
    ).toMatchObject({ ok: true, scopeVersion: 2 });
    await expect(page.locator('#value-launch_date')).toHaveText('2026-10-06');
    await expect.poll(() => schemaVersion(agent, 'submit_changes_for_review')).toBe(2);
    const submitted = await call(agent, 'submit_changes_for_review', { scopeVersion: 2 });
    expect(submitted).toMatchObject({ ok: true, code: 'REVIEW_SUBMITTED', phase: 'REVIEW' });
    expect(submitted.message).toContain('Nothing has been published');
    await expect.poll(() => agent.names()).toEqual(READS);

    const review = page.locator('section.review');
    await expect(review.locator('#review-reference')).toHaveAttribute('title', String(submitted['reviewId']));
    await review.getByRole('button', { name: 'Accept change set' }).click();
    await expect(page.locator('#phase')).toHaveAttribute('data-phase', 'ACCEPTED');
    expect(await agent.names()).toEqual(READS);
    expect(await workspace(agent)).toMatchObject({ phase: 'ACCEPTED' });
    await expect(page.locator('.activity-list li').first()).toHaveAttribute('data-type', 'REVIEW_ACCEPTED');
  },
);

test(
  'a capability captured before a human re-frame answers SCOPE_STALE and changes nothing',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    await frameByClicking(page, ['headline']);
    await expect.poll(() => schemaVersion(agent, 'edit_scoped_fields')).toBe(1);
    const captured = await schemaVersion(agent, 'edit_scoped_fields');

    await frameByClicking(page, ['headline', 'audience']);
    await scopeVersion(page, 2);
    const before = await workspace(agent);
    const stale = await call(agent, 'edit_scoped_fields', { scopeVersion: captured, updates: { headline: HEADLINE } });
    expect(stale).toMatchObject({
      ok: false,
      code: 'SCOPE_STALE',
      details: { expectedScopeVersion: 2, receivedScopeVersion: 1 },
    });
    expect(await workspace(agent)).toEqual(before);
    await expect(page.locator('#value-headline')).not.toHaveText(HEADLINE);
    await expect.poll(() => schemaVersion(agent, 'edit_scoped_fields')).toBe(2);
  },
);

test('a review decision binds to the exact review id: a stale button is refused and the phase holds', async ({
  page,
}, testInfo) => {
  const agent = await open(page, laneOf(testInfo));
  await frameByClicking(page, ['headline']);
  await expect.poll(() => agent.names()).toEqual(FRAMED);
  await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } });
  await expect.poll(() => agent.names()).toEqual(ALL);
  const first = String((await call(agent, 'submit_changes_for_review', { scopeVersion: 1 }))['reviewId']);

  const review = page.locator('section.review');
  const accept = review.getByRole('button', { name: 'Accept change set' });
  await expect(accept).toHaveAttribute('data-review-id', first);
  await review.getByRole('button', { name: 'Return to draft' }).click();
  await expect(page.locator('#phase')).toHaveAttribute('data-phase', 'DRAFT');
  await expect.poll(() => agent.names()).toEqual(ALL);
  const second = String((await call(agent, 'submit_changes_for_review', { scopeVersion: 1 }))['reviewId']);
  expect(second).not.toBe(first);
  await expect(accept).toHaveAttribute('data-review-id', second);

  // A button left over from the first review's render carries the first id. Preact re-renders the
  // live button at once, so the test makes the stale one by giving the live button the old id.
  await accept.evaluate((button, id) => button.setAttribute('data-review-id', id), first);
  await accept.click();
  await expect(review.locator('.act-notice[data-code="REVIEW_STALE"]')).toBeVisible();
  await expect(page.locator('#phase')).toHaveAttribute('data-phase', 'REVIEW');
  expect(await workspace(agent)).toMatchObject({ phase: 'REVIEW', review: { reviewId: second } });

  await accept.evaluate((button) => button.removeAttribute('data-review-id'));
  await accept.click();
  await expect(review.locator('.act-notice[data-code="REVIEW_ID_REQUIRED"]')).toBeVisible();
  await expect(page.locator('#phase')).toHaveAttribute('data-phase', 'REVIEW');

  await accept.evaluate((button, id) => button.setAttribute('data-review-id', id), second);
  await accept.click();
  await expect(page.locator('#phase')).toHaveAttribute('data-phase', 'ACCEPTED');
});

test('hand-editing a field in the DOM changes nothing, and the board puts the canonical text back', async ({
  page,
}, testInfo) => {
  const agent = await open(page, laneOf(testInfo));
  const output = page.locator('#value-headline');
  const canonical = valueOf(await workspace(agent), 'headline') ?? '';
  await expect(output).toHaveText(canonical);

  await output.evaluate((element) => (element.textContent = 'GHOST: free lamps for everyone'));
  await expect(output).toHaveText(canonical);
  await expect(page.locator('.restored-note')).toBeVisible();
  await page.locator('#value-price').evaluate((element) => ((element as HTMLOutputElement).value = '€1'));
  await expect(page.locator('#value-price')).toHaveText('€79');

  const after = await workspace(agent);
  expect(valueOf(after, 'headline')).toBe(canonical);
  expect(valueOf(after, 'price')).toBe('€79');
  expect(after['changes']).toEqual([]);
});

test("a reload restores the frame, the version, the values and the activity from the board's server, whatever this browser keeps", async ({
  page,
}, testInfo) => {
  const lane = laneOf(testInfo);
  let agent = await open(page, lane);
  await frameByClicking(page, ['headline', 'description']);
  await expect.poll(() => agent.names()).toEqual(FRAMED);
  await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } });
  const asked = watch(call(agent, 'request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: REASON }));
  await page.getByRole('button', { name: 'Keep current scope' }).click();
  expect(await asked.promise).toMatchObject({
    ok: false,
    code: 'EXPANSION_DENIED',
    details: { decision: 'denied', granted: false, permissionChanged: false },
  });
  const entries = page.locator('.activity-list li');
  await expect(entries).toHaveCount(5);
  await expect(page.locator('#record-status')).toHaveAttribute('data-kept', 'true');
  const log = await entries.allTextContents();

  await page.reload();
  agent = await ready(page, lane);
  await scopeVersion(page, 1);
  await expect(page.locator('#value-headline')).toHaveText(HEADLINE);
  await expect(page.locator('.rail-table tr[data-access="write"]')).toHaveCount(2);
  expect(await entries.allTextContents()).toEqual(log);
  await expect.poll(() => agent.names()).toEqual(ALL);
  expect(await workspace(agent)).toMatchObject({ scopeVersion: 1, scope: ['headline', 'description'] });

  // The board is the server's: what this browser stores is not where it lives. Wiping the
  // origin's storage and reloading shows the same board.
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name } of await indexedDB.databases()) if (name) indexedDB.deleteDatabase(name);
  });
  await page.reload();
  agent = await ready(page, lane);
  await scopeVersion(page, 1);
  expect(await entries.allTextContents()).toEqual(log);
  await expect(page.locator('#value-headline')).toHaveText(HEADLINE);
  expect(await workspace(agent)).toMatchObject({ scopeVersion: 1, scope: ['headline', 'description'] });
});

test(
  'bad input is refused with the field named, and nothing changes',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    await frameByClicking(page, ['headline']);
    await expect.poll(() => agent.names()).toEqual(FRAMED);
    const before = await workspace(agent);

    const outside = await call(agent, 'edit_scoped_fields', {
      scopeVersion: 1,
      updates: { headline: HEADLINE, price: '€69' },
    });
    expect(outside).toMatchObject({ ok: false, code: 'OUT_OF_SCOPE', details: { outOfScope: ['price'] } });
    expect(outside.message).toContain('price');
    const tooLong = await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: 'x'.repeat(81) } });
    expect(tooLong).toMatchObject({ ok: false, code: 'INVALID_INPUT', details: { field: 'updates.headline' } });
    const badRequest = await call(agent, 'request_scope_expansion', {
      scopeVersion: 1,
      fields: ['headline'],
      reason: REASON,
    });
    expect(badRequest).toMatchObject({ ok: false, code: 'INVALID_INPUT', details: { field: 'fields.0' } });

    // The board is as it was; only the record of the three refused attempts was added to.
    expect(await workspace(agent)).toEqual(before);
    await expect(page.locator('.activity-list li')).toHaveCount(5);
    await expect(page.locator('.activity-list li[data-type="AGENT_REFUSED"]')).toHaveCount(3);
    await expect(page.locator('#value-headline')).not.toHaveText(HEADLINE);
  },
);

test(
  'every refusal reaches the agent as an error, and INVALID_INPUT names only the field, what was expected and what came',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    await frameByClicking(page, ['headline']);
    await expect.poll(() => agent.names()).toEqual(FRAMED);
    const refusals = [
      await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { price: '€69' } }),
      await call(agent, 'edit_scoped_fields', { scopeVersion: 0, updates: { headline: HEADLINE } }),
      await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: '  ' } }),
      await call(agent, 'request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: '   short    ' }),
      await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: 'x'.repeat(81) } }),
    ];
    expect(refusals.map((answer) => answer.code)).toEqual([
      'OUT_OF_SCOPE',
      'SCOPE_STALE',
      'EMPTY_VALUE',
      'REASON_REQUIRED',
      'INVALID_INPUT',
    ]);
    for (const answer of refusals)
      expect(Object.keys(answer).sort(), answer.code).toEqual(['code', 'details', 'isError', 'message', 'ok']);
    for (const answer of refusals) expect(answer, answer.code).toMatchObject({ ok: false, isError: true });
    const invalid = refusals[4] as Result;
    expect(Object.keys(invalid.details ?? {}).sort()).toEqual(['expected', 'field', 'received']);
    expect(invalid.details).toMatchObject({ field: 'updates.headline', received: 'a string of 81 characters' });
    expect(JSON.stringify(invalid)).not.toMatch(/"(properties|additionalProperties|minProperties)"/);
  },
);

test(
  'the reads report the tools in order as the page shows them, in every stage',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    const shown = async () => Number(await page.locator('#in-order-count').textContent());
    const reported = async (name: string) =>
      (await call(agent, name))['toolsInOrder'] as { count: number; names: string[] };
    const agree = async (expected: string[]) => {
      await expect.poll(() => agent.names()).toEqual(expected);
      await expect.poll(shown).toBe(expected.length);
      for (const name of READS) expect(await reported(name), name).toEqual({ count: expected.length, names: expected });
    };
    await agree(READS);
    // The page shows each call as it comes, reads included (they are not acts, so not in the activity).
    await expect(page.locator('#last-call')).toContainText('by an agent');
    await expect(page.locator('#last-call')).toHaveAttribute('data-tool', 'inspect_workspace');
    await frameByClicking(page, ['headline']);
    await agree(FRAMED);
    await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } });
    await agree(ALL);
    await call(agent, 'submit_changes_for_review', { scopeVersion: 1 });
    await agree(READS);
  },
);

test(
  'a human re-frame while the agent waits answers that call SCOPE_STALE, and the request closes',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    await frameByClicking(page, ['headline']);
    await expect.poll(() => agent.names()).toEqual(FRAMED);
    const asked = watch(
      call(agent, 'request_scope_expansion', { scopeVersion: 1, fields: ['description'], reason: REASON }),
    );
    await expect(page.locator('section.decision')).toBeVisible();
    await frameByClicking(page, ['headline', 'audience']);
    expect(await asked.promise).toMatchObject({ ok: false, code: 'SCOPE_STALE' });
    await expect(page.locator('section.decision')).toHaveCount(0);
    await expect(page.locator('.activity-list li').nth(1)).toHaveAttribute('data-type', 'EXPANSION_SUPERSEDED');
    expect(await workspace(agent)).toMatchObject({
      scopeVersion: 2,
      scope: ['headline', 'audience'],
      pendingExpansion: null,
    });
  },
);

test("two tabs stay in step on one record: neither loses the other's frame, edit or activity, and a reload keeps it all", async ({
  page,
  context,
}, testInfo) => {
  const lane = laneOf(testInfo);
  const enrolled = await enrolEditor(page, 'Ines');
  const agentA = await ready(page, lane);
  // The second tab is the same editor's: the browser's session goes with it.
  const other = await context.newPage();
  await other.goto(`${SITES.board.origin}/`);
  const agentB = await ready(other, lane);
  await expect(other.locator('#editor-name')).toHaveText('Ines');
  const entries = (tab: Page) => tab.locator('.activity-list li');

  await frameByClicking(page, ['headline']);
  await scopeVersion(page, 1);
  // Tab B hears of A's frame: it shows the same v1, framing the same field, not a v0 of its own.
  await scopeVersion(other, 1);
  await expect(card(other, 'headline')).toHaveAttribute('data-access', 'write');
  await expect(entries(other)).toHaveCount(2);

  // B adds Price to the frame A drew (v2), and B's agent edits it. The editor's passkey is carried
  // to B's tab as it now stands (a virtual authenticator belongs to one tab, and the server refuses
  // a passkey whose signature count goes back, as a cloned one's would).
  const [passkey] = await enrolled.passkeys();
  if (!passkey) throw new Error('the enrolment made no passkey');
  await (await addPasskeyAuthenticator(other)).holdPasskey(passkey);
  await frameByClicking(other, ['headline', 'price']);
  await scopeVersion(other, 2);
  await scopeVersion(page, 2);
  await expect.poll(() => schemaVersion(agentB, 'edit_scoped_fields')).toBe(2);
  expect(await call(agentB, 'edit_scoped_fields', { scopeVersion: 2, updates: { price: '€69' } })).toMatchObject({
    ok: true,
  });
  await expect(page.locator('#value-price')).toHaveText('€69');

  // A's agent edits the headline under the same v2; B sees it, and B's edit stays.
  await expect.poll(() => schemaVersion(agentA, 'edit_scoped_fields')).toBe(2);
  expect(await call(agentA, 'edit_scoped_fields', { scopeVersion: 2, updates: { headline: HEADLINE } })).toMatchObject({
    ok: true,
  });
  await expect(other.locator('#value-headline')).toHaveText(HEADLINE);
  await expect(other.locator('#value-price')).toHaveText('€69');
  await expect(entries(page)).toHaveCount(5);
  await expect(entries(other)).toHaveCount(5);
  const log = await entries(page).allTextContents();
  expect(await entries(other).allTextContents()).toEqual(log);

  for (const tab of [page, other]) {
    await tab.reload();
    const agent = await ready(tab, lane);
    await scopeVersion(tab, 2);
    await expect(tab.locator('#value-price')).toHaveText('€69');
    await expect(tab.locator('#value-headline')).toHaveText(HEADLINE);
    expect(await entries(tab).allTextContents()).toEqual(log);
    expect(await workspace(agent)).toMatchObject({ scopeVersion: 2, scope: ['headline', 'price'] });
  }
});

test('a page with no editor signed in changes nothing: the server refuses its frame', async ({ page }, testInfo) => {
  const lane = laneOf(testInfo);
  await page.goto(`${SITES.board.origin}/`);
  await ready(page, lane);
  // Editors stay across tests, so the page offers to sign in, or says there is no editor yet.
  await expect(page.locator('#editor-sign-in, #no-editor')).toBeVisible();
  await card(page, 'headline').click();
  await page.getByRole('button', { name: 'Frame selected fields' }).click();
  await expect(page.locator('.act-notice')).toContainText('sign in as an editor');
  await scopeVersion(page, 0);
  await expect(page.locator('.activity-list li')).toHaveCount(1);
});

test(
  "a trusted click on Frame changes nothing without the editor's passkey: a session alone grants the agent nothing",
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const lane = laneOf(testInfo);
    const authenticator = await enrolEditor(page, 'Ines');
    const agent = await ready(page, lane);
    // The editor is signed in, but their passkey no longer verifies them: whoever clicks, no
    // assertion of the editor's goes with the frame.
    await authenticator.verifyUser(false);
    await card(page, 'headline').click();
    await page.getByRole('button', { name: 'Frame selected fields' }).click();
    await expect(page.locator('.act-notice')).toBeVisible();
    await scopeVersion(page, 0);
    expect(await workspace(agent)).toMatchObject({ scopeVersion: 0, scope: [] });
    await expect(page.locator('.activity-list li')).toHaveCount(1);
    expect(await agent.names()).toEqual(READS);
  },
);

test(
  'an editor invites another by name with their passkey; in two browser profiles they see one board live, and the agent waiting in one hears the other decide',
  { tag: POLYFILL },
  async ({ page, browser }, testInfo) => {
    const lane = laneOf(testInfo);
    const agentA = await open(page, lane);
    const profile = await browser.newContext();
    try {
      const other = await invitedInOwnProfile(page, profile, 'Omar');
      const agentB = await ready(other, lane);
      await other.locator('#editor-people summary').click();
      // Editors stay across tests (as people do), so the list holds earlier ones too.
      await expect(other.locator('#editor-list')).toContainText('Omar');
      await expect(other.locator('#editor-list')).toContainText('Ines');

      // A frames; B's board and B's agent's tools follow the server's board, live.
      await frameByClicking(page, ['headline']);
      await scopeVersion(other, 1);
      await expect.poll(() => agentB.names()).toEqual(FRAMED);

      // B's agent edits the framed field; A sees the value and the activity entry.
      expect(
        await call(agentB, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } }),
      ).toMatchObject({ ok: true, code: 'SCOPED_EDIT_APPLIED' });
      await expect(page.locator('#value-headline')).toHaveText(HEADLINE);
      await expect.poll(() => agentA.names()).toEqual(ALL);

      // A's agent asks for Price; the editor in the other profile expands the frame, and A's call
      // resolves with the grant, in the same call.
      const asked = watch(
        call(agentA, 'request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: REASON }),
      );
      await other.getByRole('button', { name: 'Expand scope' }).click();
      expect(await asked.promise).toMatchObject({
        ok: true,
        code: 'EXPANSION_APPROVED',
        granted: true,
        currentScopeVersion: 2,
      });
      await scopeVersion(page, 2);
      await expect.poll(() => schemaVersion(agentA, 'edit_scoped_fields')).toBe(2);
      await expect.poll(() => schemaVersion(agentB, 'edit_scoped_fields')).toBe(2);
      const log = await page.locator('.activity-list li').allTextContents();
      await expect(other.locator('.activity-list li')).toHaveText(log);
    } finally {
      await profile.close();
    }
  },
);

test(
  "an editor's passkey acceptance publishes the agent's change set as a version, shown live in a second editor's profile with who accepted it",
  { tag: POLYFILL },
  async ({ page, browser }, testInfo) => {
    const lane = laneOf(testInfo);
    const agent = await open(page, lane);
    const profile = await browser.newContext();
    try {
      const other = await invitedInOwnProfile(page, profile, 'Omar');
      await ready(other, lane);
      const history = other.locator('section.published');
      await expect(history.getByRole('heading', { name: 'Published versions' })).toBeVisible();
      await expect(other.locator('#published-count')).toHaveAttribute('data-count', '0');

      await frameByClicking(page, ['headline']);
      await expect.poll(() => agent.names()).toEqual(FRAMED);
      await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } });
      await expect.poll(() => agent.names()).toEqual(ALL);
      const reviewId = String((await call(agent, 'submit_changes_for_review', { scopeVersion: 1 }))['reviewId']);
      expect(await workspace(agent)).toMatchObject({ phase: 'REVIEW' });
      await expect(other.locator('#published-count')).toHaveAttribute('data-count', '0');

      // Ines accepts with her passkey (it answers the tab that has focus); Omar's page shows the version.
      await page.bringToFront();
      await page.locator('section.review').getByRole('button', { name: 'Accept change set' }).click();
      await expect(page.locator('#phase')).toHaveAttribute('data-phase', 'ACCEPTED');
      const version = history.locator('.published-list > li[data-version="1"]');
      await expect(version).toHaveAttribute('data-review-id', reviewId);
      await expect(version).toContainText('Version 1');
      await expect(version.locator('.published-by')).toHaveText('Ines');
      await expect(version.locator('li[data-field="headline"] ins')).toHaveText(HEADLINE);
      // It names the entry of the board's signed record that records its acceptance.
      await expect(version.locator('.published-entry')).toHaveText(/^entry \d+ of the signed record$/);
      await expect(other.locator('#published-count')).toHaveAttribute('data-count', '1');
      await expect(other.locator('section.review')).toContainText('published as version 1');
      await expect(page.locator('.published-list > li[data-version="1"] .published-by')).toHaveText('Ines');
    } finally {
      await profile.close();
    }
  },
);

test(
  'the always-on reads are registered when the page has loaded (native), or with the polyfill, before the board is drawn',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    const lane = laneOf(testInfo);
    // Watches from the page's world, installed before any page script runs: the registered names
    // when the load event fires, and when the first field card is drawn.
    await page.addInitScript({ content: TOOLS_AT_LOAD_PROBE });
    await open(page, lane);
    const seen = await page.evaluate(
      () =>
        (window as unknown as { __toolsProbe: { atLoad: string[] | null; atFirstCard: string[] | null } }).__toolsProbe,
    );
    if (lane === 'native') expect(seen.atLoad).toEqual(READS);
    expect(seen.atFirstCard).toEqual(READS);
  },
);

test(
  'a person plays the agent with "do this": each run goes the way an agent\'s call goes, and is recorded as the agent\'s',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    await open(page, laneOf(testInfo));
    await frameByClicking(page, ['headline']);
    await scopeVersion(page, 1);
    const runner = page.locator('#runner');
    await page.getByRole('button', { name: 'do this: Edit framed fields' }).click();
    await expect(runner).toContainText('You are playing the agent');
    await expect(runner).toContainText("through the browser's WebMCP (executeTool)");
    await runner.getByLabel('Headline').fill(HEADLINE);
    await runner.getByRole('button', { name: 'Run Edit framed fields' }).click();
    await expect(page.locator('#runner-answer')).toContainText('Edit applied');
    await expect(page.locator('#value-headline')).toHaveText(HEADLINE);
    await expect(page.locator('.activity-list li').first()).toHaveAttribute('data-type', 'AGENT_EDITED');
    await expect(page.locator('.activity-list li').first()).toHaveAttribute('data-actor', 'agent');

    // Out of the frame: the person types a price; the board refuses, says so, and records it.
    await runner.getByLabel('Price').fill('€69');
    await runner.getByRole('button', { name: 'Run Edit framed fields' }).click();
    await expect(page.locator('#runner-answer')).toContainText('outside the frame');
    await expect(page.locator('.activity-list li').first()).toHaveAttribute('data-type', 'AGENT_REFUSED');
    await expect(page.locator('.activity-list li').first()).toContainText('Price');
    await expect(card(page, 'price').locator('.tag-refused')).toBeVisible();
    await expect(page.locator('#value-price')).toHaveText('€79');
  },
);

test(
  'a person playing the agent asks for a wider frame, waits, and can stop waiting; the request stays for the human',
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    await open(page, laneOf(testInfo));
    await frameByClicking(page, ['headline']);
    await page.getByRole('button', { name: 'do this: Ask the human for more fields' }).click();
    const runner = page.locator('#runner');
    await runner.getByLabel('Launch date').check();
    await runner.getByLabel('Why (for the human who decides)').fill(REASON);
    await runner.getByRole('button', { name: 'Run Ask the human for more fields' }).click();
    await expect(page.locator('section.decision')).toContainText(REASON);
    await runner.getByRole('button', { name: 'Stop waiting for Ask the human for more fields' }).click();
    // The runner's own call ends at once (the platform answers ABORTED, the kernel EXPANSION_WAIT_ABORTED).
    await expect(page.locator('#runner-answer')).toContainText('nothing granted');
    await expect(page.locator('section.decision')).toBeVisible();
    // The runtimes differ here: native WebMCP passes the abort on to the tool's own call, which ends
    // and is noted; the pinned polyfill does not, so the tool's call still waits for the human.
    if (laneOf(testInfo) === 'native')
      await expect(page.locator('.activity-list li').first()).toHaveAttribute('data-type', 'EXPANSION_WAIT_ENDED');
    else await expect(page.locator('section.decision .wait-status')).toHaveClass(/is-waiting/);

    // Once the request is decided, the runner's tool is in order again; this time the human expands.
    await page.getByRole('button', { name: 'Expand scope' }).click();
    await scopeVersion(page, 2);
    await page.getByRole('button', { name: 'do this: Ask the human for more fields' }).click();
    await runner.getByLabel('Price').check();
    await runner.getByLabel('Why (for the human who decides)').fill(REASON);
    await runner.getByRole('button', { name: 'Run Ask the human for more fields' }).click();
    await page.getByRole('button', { name: 'Expand scope' }).click();
    await expect(page.locator('#runner-answer')).toContainText('Frame expanded as the agent asked');
    await scopeVersion(page, 3);
  },
);

test("an agent's refused out-of-frame write shows in the activity and on the field's card, and goes with the next frame", async ({
  page,
}, testInfo) => {
  const agent = await open(page, laneOf(testInfo));
  await frameByClicking(page, ['headline']);
  await expect.poll(() => agent.names()).toEqual(FRAMED);
  expect(
    await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE, price: '€69' } }),
  ).toMatchObject({ code: 'OUT_OF_SCOPE' });
  const newest = page.locator('.activity-list li').first();
  await expect(newest).toHaveAttribute('data-type', 'AGENT_REFUSED');
  await expect(newest).toHaveAttribute('data-actor', 'agent');
  await expect(newest).toContainText('Price');
  await expect(card(page, 'price').locator('.tag-refused')).toBeVisible();
  await expect(card(page, 'headline').locator('.tag-refused')).toHaveCount(0);
  await expect(page.locator('#value-headline')).not.toHaveText(HEADLINE);
  await frameByClicking(page, ['headline', 'audience']);
  await expect(card(page, 'price').locator('.tag-refused')).toHaveCount(0);
});

test('outcomes read in plain words: a kept frame is not shown as a success, and the change line says what changed', async ({
  page,
}, testInfo) => {
  const agent = await open(page, laneOf(testInfo));
  await frameByClicking(page, ['headline']);
  await expect(page.locator('#change-line')).toContainText('2 tools became available');
  await expect(page.locator('#change-line')).toContainText('4 tools are in order now');
  const asked = watch(call(agent, 'request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: REASON }));
  await page.getByRole('button', { name: 'Keep current scope' }).click();
  // Answered as a refusal: an agent that reads `ok` or `granted` cannot take a kept frame for a grant.
  expect(await asked.promise).toMatchObject({
    ok: false,
    isError: true,
    code: 'EXPANSION_DENIED',
    message: expect.stringContaining('nothing was granted'),
    details: { granted: false },
  });
  const notice = page.locator('.act-notice[data-code="EXPANSION_DENIED"]');
  await expect(notice).toBeVisible();
  await expect(notice).not.toHaveClass(/is-ok/);
  await expect(notice).toContainText('kept');
  // The code is small print, never the words themselves.
  await expect(notice.locator('.fine-print')).toHaveText('EXPANSION_DENIED');
  await frameByClicking(page, ['price']);
  await expect(page.locator('.act-notice[data-code="SCOPE_UPDATED"]')).toHaveClass(/is-ok/);
});

test.describe('for every person', () => {
  const PHONE = { width: 390, height: 844 };
  const WIDE = { width: 1440, height: 1000 };

  /**
   * Serious and critical axe violations on the page as it stands, with where they are, at 1440 px
   * and at 390 px: the same state scanned at both widths, then the page put back at a phone's.
   */
  async function seriousViolations(page: Page, state: string) {
    const found = [];
    for (const viewport of [WIDE, PHONE]) {
      await page.setViewportSize(viewport);
      const results = await axeScan(page);
      found.push(
        ...results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({
            state: `${state} at ${viewport.width} px`,
            rule: violation.id,
            targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 4),
          })),
      );
    }
    // Where axe looks, the page must also fit a phone: nothing wider than 390 px.
    const overflow = await overflowAtPhoneWidth(page, state);
    return [...found, ...overflow.map((problem) => ({ state, rule: 'wider than a phone', targets: [problem] }))];
  }

  // One walk through the states, each scanned at both widths (two walks, one per width, did the same
  // acts twice). The person acts at a phone's width, where the acts are hardest to reach.
  test("axe finds no serious or critical violation in the board's main states at 1440 and 390 px", async ({
    page,
  }, testInfo) => {
    // Ten full axe passes and the acts between them: beside another full test run on this
    // two-core machine two walks of five took over the default 60 s, so it gets the slow test's time.
    test.slow();
    await page.setViewportSize(PHONE);
    const agent = await open(page, laneOf(testInfo));
    const found = [...(await seriousViolations(page, 'nothing framed'))];
    await frameByClicking(page, ['headline', 'description']);
    await page.getByRole('button', { name: 'do this: Edit framed fields' }).click();
    await page.locator('#runner').getByLabel('Price').fill('€69');
    await page.locator('#runner').getByRole('button', { name: 'Run Edit framed fields' }).click();
    await expect(page.locator('#runner-answer')).toBeVisible();
    found.push(...(await seriousViolations(page, 'framed, a refused write, the runner open')));
    await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } });
    const asked = watch(
      call(agent, 'request_scope_expansion', { scopeVersion: 1, fields: ['launch_date'], reason: REASON }),
    );
    await expect(page.locator('section.decision')).toBeVisible();
    found.push(...(await seriousViolations(page, 'a decision waiting')));
    await page.getByRole('button', { name: 'Keep current scope' }).click();
    await asked.promise;
    await expect.poll(() => agent.names()).toEqual(ALL);
    await call(agent, 'submit_changes_for_review', { scopeVersion: 1 });
    await expect(page.locator('section.review')).toBeVisible();
    found.push(...(await seriousViolations(page, 'in review')));
    await page.locator('section.review').getByRole('button', { name: 'Accept change set' }).click();
    await expect(page.locator('#phase')).toHaveAttribute('data-phase', 'ACCEPTED');
    // The version it published, in the history, is scanned with it.
    await expect(page.locator('.published-list > li[data-version="1"]')).toBeVisible();
    found.push(...(await seriousViolations(page, 'accepted and published')));
    expect(found).toEqual([]);
  });

  test('on a phone, what the agent can call starts on the first screen', async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await open(page, laneOf(testInfo));
    for (const stage of ['nothing framed', 'framed']) {
      if (stage === 'framed') await frameByClicking(page, ['headline']);
      const box = await page.locator('#in-order').boundingBox();
      expect(box, stage).not.toBeNull();
      expect(box?.y ?? Infinity, stage).toBeLessThan(PHONE.height - 120);
    }
  });

  test('every scroll region can be reached by keyboard, and no two buttons share a name', async ({
    page,
  }, testInfo) => {
    const agent = await open(page, laneOf(testInfo));
    await frameByClicking(page, ['headline']);
    await expect.poll(() => agent.names()).toEqual(FRAMED);
    // Enough activity that its list scrolls.
    for (let round = 0; round < 12; round += 1)
      await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { price: `€${round}` } });
    await page.getByRole('button', { name: 'do this: Inspect the launch board' }).click();
    await page.locator('#runner').getByRole('button', { name: 'Run Inspect the launch board' }).click();
    await page.locator('#runner details summary').click();
    await expect(page.locator('.activity-list li')).toHaveCount(14);
    const unreachable = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => {
          const { overflowY, overflowX } = getComputedStyle(element);
          const scrolls =
            (/(auto|scroll)/.test(overflowY) && element.scrollHeight > element.clientHeight + 1) ||
            (/(auto|scroll)/.test(overflowX) && element.scrollWidth > element.clientWidth + 1);
          return (
            scrolls &&
            element.tabIndex < 0 &&
            !element.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')
          );
        })
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    );
    expect(unreachable).toEqual([]);
    const names = await page
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .filter((button) => (button as HTMLElement).offsetParent !== null)
          .map((button) => (button.getAttribute('aria-label') ?? button.textContent ?? '').replace(/\s+/g, ' ').trim()),
      );
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  test('the focus ring is not the selection outline: a focused, selected field shows both', async ({
    page,
  }, testInfo) => {
    await open(page, laneOf(testInfo));
    const headline = card(page, 'headline');
    const look = () =>
      headline.evaluate((element) => {
        const style = getComputedStyle(element);
        return { outline: `${style.outlineStyle} ${style.outlineColor}`, boxShadow: style.boxShadow };
      });
    await headline.focus();
    await page.keyboard.press('Space');
    await expect(headline).toHaveAttribute('aria-selected', 'true');
    await expect(headline).toBeFocused();
    const focused = await look();
    await card(page, 'price').focus();
    const unfocused = await look();
    // Selected either way: the dashed selection outline stays while the card has focus.
    expect(focused.outline).toMatch(/^dashed /);
    expect(unfocused.outline).toBe(focused.outline);
    // Focus adds a ring of its own, in a colour that is not the selection's.
    expect(focused.boxShadow).not.toBe(unfocused.boxShadow);
    const ring =
      focused.boxShadow.match(/rgba?\([^)]*\)/g)?.find((colour) => !unfocused.boxShadow.includes(colour)) ?? 'none';
    expect(ring).not.toBe('none');
    expect(focused.outline).not.toContain(ring);
  });
});

test.describe('without WebMCP', () => {
  test.beforeEach(async ({ page }) => {
    // An insecure context has no WebMCP in either runtime.
    await page.addInitScript(() => Object.defineProperty(window, 'isSecureContext', { value: false }));
  });

  test('a person plays the agent through the kernel, as the agent, and the board records it so', async ({
    page,
    context,
  }) => {
    await signInAside(context, page);
    await page.goto(`${SITES.board.origin}/`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await frameByClicking(page, ['headline']);
    await page.getByRole('button', { name: 'do this: Edit framed fields' }).click();
    const runner = page.locator('#runner');
    await expect(runner).toContainText(
      'no WebMCP, so Run calls the tool through the kernel as the agent (surface.call)',
    );
    await runner.getByLabel('Headline').fill(HEADLINE);
    await runner.getByRole('button', { name: 'Run Edit framed fields' }).click();
    await expect(page.locator('#runner-answer')).toContainText('Edit applied');
    await expect(page.locator('#value-headline')).toHaveText(HEADLINE);
    await expect(page.locator('.activity-list li').first()).toHaveAttribute('data-actor', 'agent');
    await page.getByRole('button', { name: 'do this: Inspect the active scope' }).click();
    await runner.getByRole('button', { name: 'Run Inspect the active scope' }).click();
    await expect(page.locator('#runner-answer pre')).toContainText('"count": 5');
  });

  test('every human control still works: click, shift-click, marquee, frame, clear and reset', async ({
    page,
    context,
  }) => {
    await signInAside(context, page);
    await page.goto(`${SITES.board.origin}/`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('#webmcp-mode')).toHaveAttribute('data-mode', 'unavailable');
    await expect(page.locator('#in-order-caption')).toContainText('No WebMCP on this page');

    await card(page, 'product_name').click();
    await card(page, 'description').click({ modifiers: ['Shift'] });
    await card(page, 'headline').click();
    await expect(page.locator('.field-card[aria-selected="true"]')).toHaveCount(2);
    await page.getByRole('button', { name: 'Frame selected fields' }).click();
    await scopeVersion(page, 1);
    const access = (id: string) => page.locator(`.rail-table tr[data-field="${id}"]`);
    await expect(access('product_name')).toHaveAttribute('data-access', 'write');
    await expect(access('description')).toHaveAttribute('data-access', 'write');
    await expect(access('headline')).toHaveAttribute('data-access', 'read');

    // A marquee from the gap above Audience to the middle of Launch date touches just those two.
    await card(page, 'price').scrollIntoViewIfNeeded();
    const from = await card(page, 'audience').boundingBox();
    const to = await card(page, 'launch_date').boundingBox();
    if (!from || !to) throw new Error('cards not laid out');
    await page.mouse.move(from.x - 5, from.y - 5);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await expect(page.locator('.marquee')).toBeVisible();
    await page.mouse.up();
    await expect(page.locator('.field-card[aria-selected="true"]')).toHaveCount(2);
    await expect(card(page, 'audience')).toHaveAttribute('aria-selected', 'true');
    await expect(card(page, 'launch_date')).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Frame selected fields' }).click();
    await scopeVersion(page, 2);
    await expect(page.locator('.rail-table tr[data-access="write"]')).toHaveCount(2);
    await expect(access('launch_date')).toHaveAttribute('data-access', 'write');

    await page.getByRole('button', { name: 'Clear frame' }).click();
    await scopeVersion(page, 3);
    await expect(page.locator('.rail-table tr[data-access="write"]')).toHaveCount(0);

    // Reset starts the board over: scope v0, nothing framed, and the activity keeps every entry.
    await frameByClicking(page, ['price']);
    await scopeVersion(page, 4);
    await page.getByRole('button', { name: 'Reset demo' }).click();
    await scopeVersion(page, 0);
    await expect(page.locator('.rail-table tr[data-access="write"]')).toHaveCount(0);
    await expect(page.locator('.field-card.is-framed')).toHaveCount(0);
    await expect(page.locator('.activity-list li').first()).toHaveAttribute('data-type', 'BOARD_RESET');
    await expect(page.locator('.activity-list li')).toHaveCount(6);
  });
});

test("an editor's frame and the agent's write are entries of the board's signed record: the page shows its head, and the record it saves verifies", async ({
  page,
}, testInfo) => {
  const agent = await open(page, laneOf(testInfo));
  const head = page.locator('#record-head');
  await expect(head).toBeVisible();
  // The size of the record's head as the server signs it now.
  const signedSize = () =>
    page.evaluate(
      async () => ((await (await fetch('/api/board/record/head')).json()) as { signed: { size: number } }).signed.size,
    );
  await frameByClicking(page, ['headline']);
  await expect.poll(() => agent.names()).toEqual(FRAMED);
  const framed = await signedSize();
  await expect(head).toHaveAttribute('data-size', String(framed));
  expect(await call(agent, 'edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } })).toMatchObject({
    ok: true,
  });
  const size = framed + 1;
  await expect(head).toHaveAttribute('data-size', String(size));

  // The record as the editor saves it from the page, and the head the page shows, signed over it.
  const download = page.waitForEvent('download');
  await page.locator('#record-export').click();
  let record = '';
  for await (const chunk of await (await download).createReadStream()) record += String(chunk);
  const entries = record
    .split('\n')
    .slice(1, -1)
    .map((line) => JSON.parse(line) as { act: string; actor: string; editor: { name: string } });
  expect(entries).toHaveLength(size);
  expect(entries.slice(-2).map((entry) => [entry.act, entry.actor, entry.editor.name])).toEqual([
    ['frame_fields', 'editor', 'Ines'],
    ['edit_scoped_fields', 'agent', 'Ines'],
  ]);
  const signed = await page.evaluate(
    async () => ((await (await fetch('/api/board/record/head')).json()) as { signed: object }).signed,
  );
  expect(signed).toMatchObject({ size, root_hash: await head.getAttribute('data-root') });

  // `warrant-ledger verify`, as the editor runs it on the two files saved.
  const folder = mkdtempSync(join(tmpdir(), 'board-record-'));
  try {
    writeFileSync(join(folder, 'record.jsonl'), record);
    writeFileSync(join(folder, 'head.json'), JSON.stringify(signed));
    const key = (signed as { key: string }).key;
    const args = ['--no-install', 'warrant-ledger', 'verify', join(folder, 'record.jsonl')];
    const verified = spawnSync('npx', [...args, '--head', join(folder, 'head.json'), '--key', key], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      encoding: 'utf8',
    });
    expect(verified.stdout).toMatch(new RegExp(`^OK .*: ${size} rows verify: the chain holds`));
    expect(verified.status).toBe(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

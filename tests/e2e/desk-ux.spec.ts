import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { agentFor, laneOf } from './agent.ts';
import { axeScan } from './axe.ts';
import { exportedLedgerText, openDesk, scenarioToTheHalt } from './desk-page.ts';
import { overflowAtPhoneWidth } from './fits-a-phone.ts';
import { keepShot } from './shots.ts';

// The desk as a dispatcher meets it at the halt (issue 18): the decision brought to them (in view,
// focused, said at the top of the page, no serious axe violation at either width) without taking
// focus from someone typing; the halt still said after a reload; capacity as a table per partner
// with the partner's notes marked as theirs and the raw answer one click away; sentences that
// start with a capital; one notation, ⟦U+…⟧, for hidden characters.

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Whether any part of the element's box is inside the viewport. */
async function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return (
      box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth && box.height > 0
    );
  });
}

for (const viewport of [WIDE, PHONE]) {
  test(`at the halt the approval card is brought into view and its heading takes focus, and axe finds no serious or critical violation, at ${viewport.width}x${viewport.height}`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await openDesk(page);
    await scenarioToTheHalt(page);
    const card = page.locator('#approval-A-1');
    await expect(page.locator('#approval-A-1-title')).toBeFocused();
    await expect.poll(() => inViewport(card)).toBe(true);
    // The top of the page says it too, in a live region that was there before the halt.
    const waiting = page.locator('#approval-waiting');
    await expect(waiting).toHaveAttribute('data-brought', 'focused');
    await expect(waiting).toContainText('Approval A-1 waits for a person');
    await expect(page.locator('#top-approval-link')).toHaveAttribute('href', '#approval-A-1');
    // The decision itself is on screen, whole: the Approve control, not only the card's top.
    await expect(card.locator('button.approve')).toBeInViewport({ ratio: 1 });
    // The steps read as a dispatcher says them, the hashed bytes one click away, not open.
    await expect(card.locator('.plan-steps li').nth(1)).toHaveText('Hold 1 family room for tonight at the shelter');
    await expect(card.locator('details.canonical').first()).not.toHaveAttribute('open', '');
    await expect(card.locator('.canonical-bytes')).toBeHidden();
    await keepShot(page, testInfo.outputPath(`halt-${viewport.width}.png`));
    await keepShot(page, testInfo.outputPath(`halt-${viewport.width}-full.png`), { fullPage: true });
    // The page at the halt is heard and read like the rest, at this width. The partner sites inside
    // their frames are the partners' own pages, checked on their own origins.
    const results = await axeScan(page, { exclude: '#partner-frames iframe' });
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(await overflowAtPhoneWidth(page, 'at the halt')).toEqual([]);
  });
}

test('an approval raised while the person types in an input leaves their focus and scroll where they are, and is only announced', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize(WIDE);
  // A signed-in dispatcher (an agent acts only in a signed-in dispatcher's page) starts typing the
  // name of someone to invite.
  await openDesk(page);
  await page.locator('#people-panel summary').click();
  const input = page.locator('#invitee-name');
  await input.click();
  await page.keyboard.type('Ben Oka');
  const scrolled = await page.evaluate(() => window.scrollY);
  // The agent takes the desk to the halt meanwhile, from outside the page.
  const agent = agentFor(page, laneOf(testInfo));
  await expect.poll(() => agent.names()).toContain('intake_request');
  const intake = (await agent.call('intake_request', {
    people: 4,
    needs: ['food', 'bed'],
    place: 'Harbour Street community hall',
    note: 'Two adults and two children.',
    deadline: `${today()}T21:00`,
  })) as { request: { id: string } };
  const request = intake.request.id;
  await expect.poll(() => agent.names()).toContain('open_lease');
  await agent.call('open_lease', { partner: 'shelter', purpose: 'read_capacity', ttl: 240, request });
  await expect.poll(() => agent.names()).toContain('find_capacity');
  await agent.call('find_capacity', { request });
  await expect.poll(() => agent.names()).toContain('draft_plan');
  const drafted = (await agent.call('draft_plan', {
    request,
    label: 'A family room for tonight',
    steps: [{ partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 1, night: today() } }],
  })) as { plan: { id: string } };
  await expect.poll(() => agent.names()).toContain('commit_plan');
  expect(await agent.call('commit_plan', { plan: drafted.plan.id })).toMatchObject({
    status: 'awaiting_human_approval',
    approval_id: 'A-1',
  });
  await expect(page.locator('#approval-A-1')).toHaveAttribute('data-status', 'pending');
  const waiting = page.locator('#approval-waiting');
  await expect(waiting).toHaveAttribute('data-brought', 'announced');
  await expect(waiting).toContainText('Approval A-1 waits for a person');
  await expect(input).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.keyboard.type('for');
  await expect(input).toHaveValue('Ben Okafor');
  // The link at the top brings the card when the person chooses.
  await page.click('#top-approval-link');
  await expect(page.locator('#approval-A-1-title')).toBeFocused();
  await expect.poll(() => inViewport(page.locator('#approval-A-1'))).toBe(true);
});

test('after a reload at the halt the runner and the top of the page say the approval waits, with a link to its card', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await openDesk(page);
  await scenarioToTheHalt(page);
  // The person had scrolled down to the card: a reload must still open on what waits for them.
  await page.locator('#approval-A-1').scrollIntoViewIfNeeded();
  await expect(page.locator('#approval-waiting')).not.toBeInViewport();
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator('#approval-A-1')).toHaveAttribute('data-status', 'pending');
  const status = page.locator('#runner-status');
  await expect(status).toContainText('Approval A-1 waits for a person');
  await expect(status).not.toContainText('Not started');
  await expect(page.locator('#runner-approval-link')).toHaveAttribute('href', '#approval-A-1');
  const top = page.locator('#approval-waiting');
  await expect(top).toContainText('Approval A-1 waits for a person');
  await expect(top).toBeInViewport();
  // A reload is not news: nothing moved, until the person follows the link.
  await expect(top).toHaveAttribute('data-brought', '');
  await keepShot(page, testInfo.outputPath('reloaded-390.png'));
  await page.click('#runner-approval-link');
  await expect(page.locator('#approval-A-1-title')).toBeFocused();
  await expect.poll(() => inViewport(page.locator('#approval-A-1'))).toBe(true);
});

test('capacity reads as a table per partner, the notes marked as the partner’s words and inert, the raw answer one click away', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await openDesk(page);
  await scenarioToTheHalt(page);
  const panel = page.locator('#capacity');
  // The agent's turn says "shown under Capacity": the panel is called that.
  await expect(panel.locator('#capacity-heading')).toHaveText(/^Capacity\b/);
  const pantry = panel.locator('.capacity-partner[data-partner="pantry"]');
  const shelter = panel.locator('.capacity-partner[data-partner="shelter"]');
  await expect(pantry.locator('h4')).toHaveText(SITES.pantry.title);
  for (const partner of [pantry, shelter]) {
    await expect(partner.locator('table.capacity-table thead th')).toHaveText(['What', 'Free', 'Held', 'By when']);
    await expect(partner.locator('table.capacity-table tbody tr').first()).toBeVisible();
  }
  await expect(shelter.locator('table[data-tool="list_bed_availability"] tbody')).toContainText('family room');
  await expect(pantry.locator('table[data-tool="list_parcel_stock"] tbody')).toContainText('family parcel');
  // The notes: the partner's words, quoted as text, hidden characters shown ⟦U+…⟧, nothing run.
  const notes = pantry.locator('.partner-words');
  await expect(notes.locator('.badge.untrusted')).toHaveText("The partner's words");
  await expect(notes.locator('.partner-note').first()).toBeVisible();
  await expect(notes).toContainText('⟦U+202E⟧');
  await expect(panel).not.toContainText('⟨U+');
  await expect(panel.locator('blockquote[data-inert="true"]').first()).toBeVisible();
  // The raw answer: folded, one click away, as the partner sent it.
  const raw = pantry.locator('li[data-tool="list_parcel_stock"] details.raw-answer');
  await expect(raw.locator('pre')).toBeHidden();
  await raw.locator('summary').click();
  await expect(raw.locator('pre')).toBeVisible();
  await expect(raw.locator('pre')).toContainText('"stock":[');
  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    await keepShot(panel, testInfo.outputPath(`capacity-${viewport.width}.png`));
  }
});

test('a tampered ledger is named in a sentence that starts with a capital', async ({ page }) => {
  test.setTimeout(90_000);
  await openDesk(page);
  await scenarioToTheHalt(page);
  const lines = (await exportedLedgerText(page)).split('\n');
  const target = lines.findIndex((line) => line.includes('label='));
  expect(target).toBeGreaterThan(0);
  lines[target] = (lines[target] as string).replace('label=', 'label=X');
  await page.setInputFiles('#import-ledger', {
    name: 'edited.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(lines.join('\n'), 'utf8'),
  });
  await expect(page.locator('#import-result')).toHaveText(
    new RegExp(`^In edited\\.tsv, the chain breaks at row ${target}\\. Row ${target} `),
  );
});

/**
 * From now on, each partner frame that comes onto the page, and whether the page drew it inside the
 * viewport when it first appeared, with the page's scroll then: what a person saw, however fast the
 * run goes on to its halt.
 */
async function watchFramesAppear(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { partner: string; inView: boolean; scrollY: number }[] = [];
    Object.assign(window, { framesSeen: seen });
    const watched = new WeakSet<Element>();
    const sight = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        seen.push({
          partner: (entry.target as HTMLElement).dataset['partner'] ?? '',
          inView: entry.isIntersecting,
          scrollY: window.scrollY,
        });
        sight.unobserve(entry.target);
      }
    });
    const look = (): void => {
      for (const frame of document.querySelectorAll('#partner-frames iframe')) {
        if (watched.has(frame)) continue;
        watched.add(frame);
        sight.observe(frame);
      }
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
    look();
  });
}

const framesSeen = (page: Page): Promise<{ partner: string; inView: boolean; scrollY: number }[]> =>
  page.evaluate(
    () => (window as unknown as { framesSeen: { partner: string; inView: boolean; scrollY: number }[] }).framesSeen,
  );

for (const viewport of [WIDE, PHONE]) {
  test(`while its lease lives, a mounted partner site is on screen where the dispatcher is looking, labelled, and goes when the lease ends, at ${viewport.width}x${viewport.height}`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await openDesk(page);
    // The heading counts the partners the desk is configured with (five, the laundry included).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'One queue, five partner sites, every hop on the record',
    );
    await watchFramesAppear(page);
    await page.click('#run-scenario');
    await expect
      .poll(() => page.locator('#partner-frames iframe').count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    // Each frame, as it mounted, was drawn inside the viewport of a page nobody had scrolled.
    await expect.poll(async () => (await framesSeen(page)).length, { timeout: 30_000 }).toBe(2);
    // The two read leases open side by side, so either frame may mount first.
    expect((await framesSeen(page)).sort((a, b) => a.partner.localeCompare(b.partner))).toEqual([
      { partner: 'pantry', inView: true, scrollY: 0 },
      { partner: 'shelter', inView: true, scrollY: 0 },
    ]);
    // Each frame is labelled with its partner, what the lease is for, and the time it has left.
    const strip = page.locator('#partners-now');
    for (const partner of ['pantry', 'shelter'] as const) {
      const figure = strip.getByRole('figure', { name: new RegExp(`^${SITES[partner].title}\\b`) });
      await expect(figure.locator(`iframe[data-partner="${partner}"]`)).toHaveCount(1);
      await expect(figure).toContainText('to read capacity');
      await expect(figure).toContainText(/\d+ (min \d+ )?s left/);
    }
    await expect(strip.getByRole('heading', { name: /Partners open now/ })).toBeVisible();
    await expect(page.locator('#runner')).toHaveAttribute('data-status', 'awaiting_approval', { timeout: 45_000 });
    if (viewport === WIDE) {
      // At the halt the approval card comes into view; the partner sites stay on screen beside it.
      await expect.poll(() => inViewport(page.locator('#approval-A-1'))).toBe(true);
      for (const frame of await page.locator('#partner-frames iframe').all())
        expect(await inViewport(frame)).toBe(true);
      await keepShot(page, testInfo.outputPath(`partners-open-${viewport.width}.png`));
    } else {
      // What the person sees at the top of the page, where the sites mounted.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => inViewport(page.locator('#partner-frames iframe[data-partner="pantry"]'))).toBe(true);
      await keepShot(page, testInfo.outputPath(`partners-open-${viewport.width}.png`));
    }
    await keepShot(page, testInfo.outputPath(`partners-open-${viewport.width}-full.png`), { fullPage: true });
    // The person revokes both leases: the sites go, and the strip says nothing more.
    for (const partner of ['pantry', 'shelter'] as const)
      await page.locator(`#leases li[data-partner="${partner}"][data-state="active"] button.revoke`).click();
    await expect(page.locator('#partner-frames iframe')).toHaveCount(0);
    await expect(strip).toBeHidden();
  });
}

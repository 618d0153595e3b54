import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { agentFor, laneOf } from './agent.ts';
import { axeScan } from './axe.ts';
import { POLYFILL } from './lanes.ts';
import { benchProfile, inviteToBench } from './passkey.ts';

// The bench's members are present, and vote, from their own devices: one browser profile per
// person, each with its own passkey. The server keeps the roll and counts the votes; an agent
// holding the clerk's browser can neither mark anyone present nor vote nor declare a result; and
// Reconsider is an act only at the page of a member who voted on the prevailing side.

/** What a raw same-origin request from `page` (with its cookies) is answered: its status and code. */
async function sendFrom(page: Page, path: string, body: object): Promise<{ status: number; code?: string }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, code: ((await response.json()) as { code?: string }).code };
    },
    { path, body },
  );
}

test(
  'a member marks themself present from their own device; the quorum counts the roll; the clerk’s browser marks no one',
  { tag: POLYFILL },
  async ({ browser }, testInfo) => {
    const lane = laneOf(testInfo);
    const own = randomUUID().slice(0, 4);
    const clerk = await benchProfile(browser, `Tomasz Wierzbicki ${own}`);
    const name = `Hollis Pemberton ${own}`;
    const member = await benchProfile(browser, name, await inviteToBench(clerk, name, 'member'));
    const clerkAgent = agentFor(clerk, lane);

    // The clerk is not a member: no button on their page, and their browser past the page is refused.
    await expect(clerk.locator('#roll-call')).toBeVisible();
    await expect(clerk.locator('#mark-present')).toHaveCount(0);
    expect(await sendFrom(clerk, '/api/meeting/attendance', {})).toEqual({ status: 403, code: 'MEMBERS_ONLY' });

    await member.bringToFront();
    await member.click('#mark-present');
    await expect(member.locator('#marked-present')).toHaveText('You are on the roll.');
    // Every page shows the server's roll, and its count is the quorum's.
    await expect(clerk.locator('#roll > li')).toHaveText([name]);
    await expect(clerk.locator('#present-count')).toHaveText('1');
    await expect(clerk.locator('#attendance-kind')).toContainText('Roll call: 1 of 9');
    await expect(clerk.locator('#quorum-state')).toHaveAttribute('data-quorum', 'absent');
    // Once only; and the clerk's count is out of order beside a roll call, not added to it.
    expect(await sendFrom(member, '/api/meeting/attendance', {})).toEqual({ status: 409, code: 'ALREADY_PRESENT' });
    await expect.poll(() => clerkAgent.names()).not.toContain('set_members_present');
    await expect(clerk.locator('#present-more')).toBeDisabled();
    await expect(clerk.locator('#entry-count')).toHaveText('1');
  },
);

test(
  'five members vote from five profiles: the server’s tally is exact, one vote each, and the clerk’s browser can neither vote nor declare',
  { tag: POLYFILL },
  async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const lane = laneOf(testInfo);
    const own = randomUUID().slice(0, 4);
    const clerk = await benchProfile(browser, `Tomasz Wierzbicki ${own}`);
    const chairName = `Adaeze Okafor ${own}`;
    const chair = await benchProfile(browser, chairName, await inviteToBench(clerk, chairName, 'chair'));
    const members: Page[] = [chair];
    for (const name of ['Hollis Pemberton', 'Bettina Lund', 'Ngozi Adeyemi', 'Ravi Chandran']) {
      const named = `${name} ${own}`;
      members.push(await benchProfile(browser, named, await inviteToBench(clerk, named, 'member')));
    }
    for (const member of members) {
      await member.click('#mark-present');
      await expect(member.locator('#marked-present')).toBeVisible();
    }
    await expect(clerk.locator('#roll > li')).toHaveCount(5);
    await expect(clerk.locator('#quorum-state')).toHaveAttribute('data-quorum', 'present');

    const clerkAgent = agentFor(clerk, lane);
    await expect.poll(() => clerkAgent.names()).toContain('call_meeting_to_order');
    expect(await clerkAgent.call('call_meeting_to_order', { chair: chairName, at: '18:30' })).toMatchObject({
      ok: true,
    });
    expect(
      await clerkAgent.call('move_main_motion', { text: 'That the library buy a seed dryer.', mover: 'Hollis' }),
    ).toMatchObject({ ok: true });
    expect(await clerkAgent.call('second_pending_motion', { seconder: 'Bettina' })).toMatchObject({ ok: true });
    await chair.bringToFront();
    await expect(chair.locator('#put-the-question')).toBeEnabled();
    await chair.click('#put-the-question');
    await expect(clerk.locator('#ballot')).toBeVisible();
    // The chair's panel as the vote opens (the roll, the vote buttons, the declaration): no serious
    // or critical accessibility violations.
    await expect(chair.locator('#vote-aye')).toBeVisible();
    const scanned = await axeScan(chair, { include: '.panel.chair' });
    expect(scanned.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // An agent holding the clerk's browser: no tally tool where members vote, and past the page every
    // route that votes, declares or marks present refuses the clerk's session.
    await expect.poll(() => clerkAgent.names()).not.toContain('record_vote_tally');
    const head = await clerk.evaluate(
      async () => ((await (await fetch('/api/meeting')).json()) as { head: string }).head,
    );
    const declare = { after: head, type: 'declare_result', payload: { aye: 5, nay: 0, abstain: 0 } };
    expect([
      await sendFrom(clerk, '/api/meeting/votes/options', { choice: 'aye' }),
      await sendFrom(clerk, '/api/meeting/votes', { choice: 'aye', response: {} }),
      await sendFrom(clerk, '/api/meeting/chair-acts/options', declare),
      await sendFrom(clerk, '/api/meeting/chair-acts', { ...declare, response: {} }),
      await sendFrom(clerk, '/api/meeting/entries', { ...declare, by: 'agent' }),
      await sendFrom(clerk, '/api/meeting/entries', {
        after: head,
        type: 'record_vote_tally',
        by: 'agent',
        payload: { aye: 5, nay: 0 },
      }),
      await sendFrom(clerk, '/api/meeting/attendance', {}),
    ]).toEqual([
      { status: 403, code: 'MEMBERS_ONLY' },
      { status: 403, code: 'MEMBERS_ONLY' },
      { status: 403, code: 'CHAIR_ONLY' },
      { status: 403, code: 'CHAIR_ONLY' },
      { status: 403, code: 'PASSKEY_REQUIRED' },
      { status: 409, code: 'NOT_IN_ORDER' },
      { status: 403, code: 'MEMBERS_ONLY' },
    ]);

    // Each member votes at their own page with their own passkey: three ayes, two noes.
    const choices = ['aye', 'aye', 'nay', 'aye', 'nay'] as const;
    for (const [i, member] of members.entries()) {
      await member.bringToFront();
      await member.click(`#vote-${choices[i]}`);
      await expect(member.locator('#my-vote')).toHaveText(`You voted ${choices[i] === 'nay' ? 'no' : 'aye'}.`);
    }
    await expect(clerk.locator('#count-aye')).toHaveText('3');
    await expect(clerk.locator('#count-nay')).toHaveText('2');
    // Once each, and only as oneself: a second vote is refused, a vote naming another is malformed.
    const hollis = members[1] as Page;
    expect(await sendFrom(hollis, '/api/meeting/votes/options', { choice: 'nay' })).toEqual({
      status: 409,
      code: 'ALREADY_VOTED',
    });
    expect(await sendFrom(hollis, '/api/meeting/votes/options', { choice: 'nay', person: 'M1' })).toMatchObject({
      status: 400,
    });

    // The chair declares the server's count with the chair's passkey: the record is exact.
    await chair.bringToFront();
    await expect(chair.locator('#declare-result')).toHaveText('Declare the result: ayes 3, noes 2');
    await chair.click('#declare-result');
    await expect(clerk.locator('#minutes')).toContainText(
      "The chair declared the result of the members' recorded votes on the main motion: ayes 3, noes 2, abstaining 0 — ADOPTED.",
    );
    const events = await clerk.evaluate(
      async () =>
        (
          (await (await fetch('/api/meeting')).json()) as {
            events: { type: string; actor: string; person?: { id: string }; payload: Record<string, unknown> }[];
          }
        ).events,
    );
    const votes = events.filter((event) => event.type === 'cast_vote');
    expect(new Set(votes.map((event) => event.person?.id)).size).toBe(5);
    expect(events.at(-1)).toMatchObject({
      type: 'declare_result',
      actor: 'chair',
      payload: { aye: 3, nay: 2, abstain: 0 },
    });
    await expect(clerk.locator('#ballot')).toHaveCount(0);

    // Reconsider (§37) is registered only at the page of a member who voted on the prevailing side:
    // Hollis voted aye on the adopted motion, Bettina no, and the clerk did not vote.
    const bettina = members[2] as Page;
    const hollisAgent = agentFor(hollis, lane);
    await expect.poll(() => hollisAgent.names()).toContain('move_to_reconsider');
    await expect.poll(() => agentFor(bettina, lane).names()).toContain('move_main_motion');
    expect(await agentFor(bettina, lane).names()).not.toContain('move_to_reconsider');
    expect(await clerkAgent.names()).not.toContain('move_to_reconsider');
    const now = await bettina.evaluate(
      async () => ((await (await fetch('/api/meeting')).json()) as { head: string }).head,
    );
    expect(
      await sendFrom(bettina, '/api/meeting/entries', {
        after: now,
        type: 'move_to_reconsider',
        by: 'person',
        payload: { mover: 'Bettina' },
      }),
    ).toEqual({ status: 409, code: 'NOT_IN_ORDER' });
    expect(await hollisAgent.call('move_to_reconsider', { mover: 'Hollis' })).toMatchObject({ ok: true });
    await expect(clerk.locator('#minutes')).toContainText('moved to reconsider the vote just taken (§37).');
  },
);

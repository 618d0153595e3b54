// What only a person at the page does, decided once even when two ways of approving land at once:
// the card's own passkey, and a decision made on another device that the card picks up.
import { afterEach, describe, expect, it } from 'vitest';
import { FOOD_AND_BEDS, leasedFamily, openTestDesk, type TestDesk } from './testing/test-desk.ts';

let test: TestDesk;
afterEach(async () => test?.close());

describe('a person approving', () => {
  it('approves once when approved twice at once: the second is refused, one signature is recorded and each step is written once', async () => {
    test = await openTestDesk();
    const request = await leasedFamily(test);
    await test.agent('draft_plan', { request, label: 'Food and beds', steps: FOOD_AND_BEDS });
    await test.agent('commit_plan', { plan: 'P-1' });
    const [first, second] = await Promise.all([test.acts.approve('A-1'), test.acts.approve('A-1')]);
    await test.idle();
    expect(first).toMatchObject({ ok: true, run: { status: 'done' } });
    expect(second).toMatchObject({ ok: false, code: 'APPROVAL_BEING_DECIDED' });
    expect(test.desk.rows.value.filter((row) => row.event === 'approval_signed')).toHaveLength(1);
    expect(test.partners.pantry.commits).toHaveLength(1);
    expect(test.partners.shelter.commits).toHaveLength(1);
  });
});

// What only a person at the page does, decided once even when two ways of approving land at once:
// the card's own passkey, and a decision made on another device that the card picks up.
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { humanActs, type RequestHolding } from './human-acts.ts';
import { FOOD_AND_BEDS, leasedFamily, openTestDesk, type TestDesk } from '../testing/test-desk.ts';

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

describe("a person at another dispatcher's page", () => {
  it("cannot approve, reject or release a request another dispatcher holds (answered with the holder's name, nothing asked of the server); taking it over is the server's to decide", async () => {
    const indexedDB = new IDBFactory();
    test = await openTestDesk({ indexedDB });
    const request = await leasedFamily(test);
    await test.agent('draft_plan', { request, label: 'Food and beds', steps: FOOD_AND_BEDS });
    await test.agent('commit_plan', { plan: 'P-1' });
    const bea = await openTestDesk({
      indexedDB,
      partners: test.partners,
      dispatcher: { id: 'D-bea', name: 'Bea Okafor' },
      page: 'bea-page',
      previousPage: 'no-page-before',
    });
    const asked: string[] = [];
    const holding: RequestHolding = {
      take: async (id, reason) => {
        asked.push(`take ${id} ${reason ?? ''}`.trim());
        return { ok: true };
      },
      release: async (id) => {
        asked.push(`release ${id}`);
        return { ok: true };
      },
    };
    try {
      const acts = humanActs(bea.desk, undefined, holding);
      const held = {
        ok: false,
        code: 'REQUEST_HELD_BY_ANOTHER',
        details: { holder: { name: 'A dispatcher in a test' } },
      };
      expect(await acts.approve('A-1')).toMatchObject(held);
      expect(await acts.reject('A-1')).toMatchObject(held);
      expect(await acts.release(request)).toMatchObject(held);
      expect(asked).toEqual([]);
      expect(await acts.take(request, 'Ada went off shift')).toEqual({ ok: true });
      expect(asked).toEqual([`take ${request} Ada went off shift`]);
      // Nothing was decided on Bea's page: A-1 still waits for its holder.
      expect(bea.desk.gate.get('A-1')?.status).toBe('pending');
    } finally {
      await bea.close();
    }
  });
});

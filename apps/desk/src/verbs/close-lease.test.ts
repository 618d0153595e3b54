// close_lease on a lease that has already ended (the desk's server ended the run and the page closed
// the request's leases, or its partner failed): the agent meant it closed, and it is, so the answer
// is a success that says so, not a refusal of its input.
import { afterEach, describe, expect, it } from 'vitest';
import { FAMILY, openTestDesk, type TestDesk } from '../testing/test-desk.ts';

let test: TestDesk;
afterEach(async () => test?.close());

describe('close_lease', () => {
  it('answers success for a lease that already ended, and changes nothing', async () => {
    test = await openTestDesk();
    await test.agent('intake_request', FAMILY);
    for (const partner of ['pantry', 'shelter'])
      expect(
        await test.agent('open_lease', { partner, purpose: 'read_capacity', ttl: 60, request: 'R-1' }),
      ).toMatchObject({ ok: true });
    // The run's end (or a failure) closed L-1; L-2 keeps close_lease in order.
    expect(test.desk.broker.closeLease('L-1', { actor: 'system', reason: 'the run ended' })).toMatchObject({
      ok: true,
    });
    const again = await test.agent('close_lease', { lease: 'L-1' });
    expect(again).toMatchObject({ ok: true, lease: { id: 'L-1', partner: 'pantry', state: 'closed' } });
    expect(String((again as { message?: string }).message)).toMatch(/already closed/);
    expect(test.desk.leases.get('L-2')?.state).toBe('active');
  });
});

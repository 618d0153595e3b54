// close_lease on a lease that has already ended (the desk's server closed the request's leases
// with its run's end, or its partner failed): the agent meant it closed, and it is, so the answer
// is a success that says so, not a refusal of its input.
import { afterEach, describe, expect, it } from 'vitest';
import { FAMILY, openTestDesk, type TestDesk } from '../../testing/test-desk.ts';

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

describe("a lease the desk's server closed at its run's end", () => {
  it('is followed by the page that holds it: its frame removed, nothing written of it again, and close_lease answers it is closed', async () => {
    test = await openTestDesk();
    await test.agent('intake_request', FAMILY);
    expect(
      await test.agent('open_lease', { partner: 'pantry', purpose: 'read_capacity', ttl: 60, request: 'R-1' }),
    ).toMatchObject({ ok: true, lease: { id: 'L-1', state: 'active' } });
    expect(test.frames()).toBe(1);
    const eventsBefore = test.stores.log.head().seq;
    const rowsBefore = test.stores.ledger.rows().length;

    // What the desk's server wrote with the run's end, as this page takes it in from the record.
    const open = test.desk.state.value.leases.find((lease) => lease.id === 'L-1')!;
    const reason = 'closed when the run of A-1 ended: failed at Shelter';
    const at = test.clock.now();
    test.desk.absorb(
      [
        {
          type: 'lease_changed',
          lease: { ...open, state: 'closed', endedAt: at, endReason: reason },
          at,
          closedByRun: 'A-1',
        },
      ],
      false,
    );
    await test.idle();

    expect(test.frames()).toBe(0);
    expect(test.desk.leases.get('L-1')?.state).toBe('closed');
    expect(test.desk.state.value.leases.find((lease) => lease.id === 'L-1')?.endReason).toBe(reason);
    // The page wrote no event and no lease_closed row of its own: only that its frame went.
    expect(test.stores.log.head().seq).toBe(eventsBefore);
    expect(
      test.stores.ledger
        .rows()
        .slice(rowsBefore)
        .map((row) => row.event),
    ).toEqual(['frame_unmounted']);

    // No lease is open now, yet the agent that opened L-1 may still close it, and hears it is closed.
    expect(test.memory.names()).toContain('close_lease');
    const closed = await test.agent('close_lease', { lease: 'L-1' });
    expect(closed).toMatchObject({ ok: true, lease: { id: 'L-1', partner: 'pantry', state: 'closed' } });
    expect(String((closed as { message?: string }).message)).toMatch(/already closed/);
  });
});

import { describe, expect, it } from 'vitest';
import { compensationFor } from './compensation.ts';
import { RELIEF_MANIFESTS } from '../test-support/relief-partners.ts';

// Every undo map of the relief partners' manifests, by write name.
const COMPENSATIONS = Object.assign(
  {},
  ...RELIEF_MANIFESTS.map((manifest) => manifest.compensations),
) as (typeof RELIEF_MANIFESTS)[number]['compensations'];

describe('compensationFor', () => {
  it('builds release_parcels { reservation: result.reservation } with the same request and a derived key', () => {
    const undo = compensationFor(COMPENSATIONS, {
      tool: 'reserve_parcels',
      args: {
        kind: 'family',
        count: 1,
        dietary: 'halal',
        pickup_by: '2026-12-04T18:00',
        request: 'R-4',
        idempotency_key: 'A-2:step-0',
      },
      result: { reservation: 'PR-0031', pickup_by: '2026-12-04T18:00' },
    });
    expect(undo).toEqual({
      ok: true,
      tool: 'release_parcels',
      args: { reservation: 'PR-0031', request: 'R-4', idempotency_key: 'A-2:step-0:undo' },
    });
  });

  it('finds every undo’s arguments in the first write’s result, under the names the contract states', () => {
    const handles: Record<string, string> = {
      reserve_parcels: 'reservation',
      hold_beds: 'hold',
      book_ride: 'booking',
      reserve_cold_slot: 'slot',
    };
    for (const [tool, field] of Object.entries(handles)) {
      const undo = compensationFor(COMPENSATIONS, {
        tool,
        args: { request: 'R-1', idempotency_key: 'k' },
        result: { [field]: 'X-1' },
      });
      expect(undo).toMatchObject({ ok: true, tool: COMPENSATIONS[tool]?.undo, args: { [field]: 'X-1' } });
    }
  });

  it('reads only the map it is given: a write another partner undoes has no compensation here', () => {
    expect(
      compensationFor(
        {},
        { tool: 'reserve_parcels', args: { request: 'R-1', idempotency_key: 'k' }, result: { reservation: 'PR-1' } },
      ),
    ).toMatchObject({ ok: false, code: 'NO_COMPENSATION' });
    expect(
      compensationFor(COMPENSATIONS, { tool: 'toString', args: { request: 'R-1', idempotency_key: 'k' }, result: {} }),
    ).toMatchObject({ ok: false, code: 'NO_COMPENSATION' });
  });

  it('says so when the result lacks the field, or the write has no compensation', () => {
    expect(
      compensationFor(COMPENSATIONS, {
        tool: 'hold_beds',
        args: { request: 'R-1', idempotency_key: 'k' },
        result: { bed: 'B-2' },
      }),
    ).toMatchObject({
      ok: false,
      code: 'COMPENSATION_SOURCE_MISSING',
      details: { source: 'result.hold' },
    });
    expect(compensationFor(COMPENSATIONS, { tool: 'release_beds', args: {}, result: {} })).toMatchObject({
      ok: false,
      code: 'NO_COMPENSATION',
    });
  });
});

// A stored plan in a dispatcher's words: which partner, what, how many, when.
import { describe, expect, it } from 'vitest';
import { SITES } from '@warrant/config';
import { planStepInWords, stepInWords } from './plan-in-words.ts';

const SUNDAY = new Date(2026, 11, 6, 15, 0);

describe('a plan step in words', () => {
  it('says a bed hold as a dispatcher would', () => {
    expect(
      stepInWords(
        {
          origin: SITES.shelter.origin,
          tool: 'hold_beds',
          args: { kind: 'family_room', count: 1, night: '2026-12-06' },
        },
        SUNDAY,
      ),
    ).toBe('Hold 1 family room for tonight at the shelter');
    expect(
      stepInWords(
        { origin: SITES.shelter.origin, tool: 'hold_beds', args: { kind: 'bed', count: 3, night: '2026-12-09' } },
        SUNDAY,
      ),
    ).toBe('Hold 3 beds for the night of Wednesday 9 December at the shelter');
  });

  it('says a parcel reservation with its diet and pickup day', () => {
    expect(
      stepInWords(
        {
          origin: SITES.pantry.origin,
          tool: 'reserve_parcels',
          args: { kind: 'family', count: 1, dietary: 'vegetarian', pickup_by: '2026-12-07' },
        },
        SUNDAY,
      ),
    ).toBe('Reserve 1 family parcel (vegetarian) at the food pantry, to be picked up by tomorrow');
  });

  it('says every argument of a step its sentence would not say, so nothing hides behind a sentence', () => {
    expect(
      stepInWords(
        {
          origin: SITES.shelter.origin,
          tool: 'hold_beds',
          args: { kind: 'bed', count: 1, night: '2026-12-06', note: 'x' },
        },
        SUNDAY,
      ),
    ).toBe('hold beds at the shelter (kind bed, count 1, night 2026-12-06, note x)');
    expect(stepInWords({ origin: SITES.rides.origin, tool: 'fly_away', args: {} }, SUNDAY)).toBe(
      'fly away at the ride collective',
    );
  });

  it("says a step of the page's plan (its partner by name) in the same words as the digested step", () => {
    const args = { kind: 'family_room', count: 1, night: '2026-12-06' };
    expect(planStepInWords({ partner: 'shelter', tool: 'hold_beds', args }, SUNDAY)).toBe(
      stepInWords({ origin: SITES.shelter.origin, tool: 'hold_beds', args }, SUNDAY),
    );
    expect(planStepInWords({ partner: 'shelter', tool: 'hold_beds', args }, SUNDAY)).toBe(
      'Hold 1 family room for tonight at the shelter',
    );
  });
});

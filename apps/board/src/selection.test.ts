import { describe, expect, it } from 'vitest';
import { boxBetween, extended, marqueed, sameFields, toggled, touches } from './selection.ts';

describe('choosing fields on the board', () => {
  it('toggles one field, keeping field order', () => {
    expect(toggled([], 'price')).toEqual(['price']);
    expect(toggled(['price'], 'headline')).toEqual(['headline', 'price']);
    expect(toggled(['headline', 'price'], 'headline')).toEqual(['price']);
  });

  it('extends by the run between the anchor and the field, in either direction', () => {
    expect(extended([], 'headline', 'audience')).toEqual(['headline', 'description', 'audience']);
    expect(extended(['price'], 'audience', 'headline')).toEqual(['headline', 'description', 'audience', 'price']);
    expect(extended(['price'], null, 'headline')).toEqual(['headline', 'price']);
  });

  it('selects what a marquee touches, replacing the selection or adding to it', () => {
    const cards = [
      { id: 'product_name' as const, box: { left: 0, top: 0, right: 100, bottom: 50 } },
      { id: 'headline' as const, box: { left: 110, top: 0, right: 210, bottom: 50 } },
      { id: 'description' as const, box: { left: 0, top: 60, right: 210, bottom: 110 } },
    ];
    const marquee = boxBetween(150, 40, 90, 70);
    expect(marquee).toEqual({ left: 90, top: 40, right: 150, bottom: 70 });
    expect(marqueed(['price'], marquee, cards, false)).toEqual(['product_name', 'headline', 'description']);
    expect(marqueed(['price'], boxBetween(105, 52, 106, 58), cards, false)).toEqual([]);
    expect(marqueed(['price'], boxBetween(120, 10, 130, 20), cards, true)).toEqual(['headline', 'price']);
    expect(touches({ left: 0, top: 0, right: 10, bottom: 10 }, { left: 10, top: 10, right: 20, bottom: 20 })).toBe(
      true,
    );
  });

  it('compares selections by their fields', () => {
    expect(sameFields(['headline'], ['headline'])).toBe(true);
    expect(sameFields(['headline'], ['price'])).toBe(false);
    expect(sameFields([], ['price'])).toBe(false);
  });
});

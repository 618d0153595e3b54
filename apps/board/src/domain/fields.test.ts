import { describe, expect, it } from 'vitest';
import { FIELD_IDS, FIELDS, INITIAL_BRIEF } from './fields.ts';
import { validateFieldValue } from './validate.ts';

describe('the board data', () => {
  it('has the six fields board.md names, each with a label, kind, limit and help', () => {
    expect(FIELDS.map((field) => [field.id, field.label, field.kind, field.maxLength])).toEqual([
      ['product_name', 'Product name', 'text', 60],
      ['headline', 'Headline', 'text', 80],
      ['description', 'Description', 'textarea', 180],
      ['audience', 'Audience', 'text', 100],
      ['launch_date', 'Launch date', 'date', 10],
      ['price', 'Price', 'text', 30],
    ]);
    expect(FIELDS.map((field) => field.id)).toEqual([...FIELD_IDS]);
    for (const field of FIELDS) expect(field.help.length).toBeGreaterThan(10);
  });

  it('starts every field with a value the field accepts', () => {
    for (const field of FIELDS)
      expect(validateFieldValue(field.id, field.initial)).toEqual({
        ok: true,
        fieldId: field.id,
        value: field.initial,
      });
  });

  it('has a brief that conflicts with the board: a different launch date, and copy too long for it', () => {
    const initial = Object.fromEntries(FIELDS.map((field) => [field.id, field.initial]));
    expect(INITIAL_BRIEF.targetLaunchDate).not.toBe(initial.launch_date);
    expect(validateFieldValue('launch_date', INITIAL_BRIEF.targetLaunchDate)).toMatchObject({ ok: true });
    expect(initial.headline?.length).toBeGreaterThan(55);
    expect(initial.description?.length).toBeGreaterThan(140);
    expect(INITIAL_BRIEF.constraints).toEqual(
      expect.arrayContaining(['Headline: at most 55 characters.', 'Description: at most 140 characters.']),
    );
  });
});

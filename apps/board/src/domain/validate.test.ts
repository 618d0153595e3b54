import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate, validateFieldValue } from './validate.ts';

describe('validateFieldValue', () => {
  it('accepts a value within the field and stores it trimmed', () => {
    expect(validateFieldValue('headline', '  Light that travels  ')).toEqual({
      ok: true,
      fieldId: 'headline',
      value: 'Light that travels',
    });
    expect(validateFieldValue('description', 'Line one.\nLine two.')).toMatchObject({
      ok: true,
      value: 'Line one.\nLine two.',
    });
  });

  it.each([
    ['colour', 'red', 'UNKNOWN_FIELD'],
    ['headline', 7, 'INVALID_VALUE'],
    ['headline', null, 'INVALID_VALUE'],
    ['headline', 'one\ntwo', 'INVALID_VALUE'],
    ['description', 'bell\u0007', 'INVALID_VALUE'],
    ['description', 'tab\there', 'INVALID_VALUE'],
    ['price', 'del\u007f', 'INVALID_VALUE'],
    ['audience', 'half \ud800 pair', 'INVALID_VALUE'],
    ['price', '', 'EMPTY_VALUE'],
    ['price', ' \u00a0 ', 'EMPTY_VALUE'],
    ['price', '€'.repeat(31), 'VALUE_TOO_LONG'],
    ['launch_date', '2026/10/06', 'INVALID_DATE'],
    ['launch_date', '2026-10-6', 'INVALID_DATE'],
    ['launch_date', 'next Tuesday, probably', 'INVALID_DATE'],
    ['launch_date', '2026-02-30', 'INVALID_DATE'],
    ['launch_date', '2026-02-29', 'INVALID_DATE'],
    ['launch_date', '2100-02-29', 'INVALID_DATE'],
    ['launch_date', '2026-13-01', 'INVALID_DATE'],
    ['launch_date', '2026-00-10', 'INVALID_DATE'],
    ['launch_date', '2026-04-31', 'INVALID_DATE'],
    ['launch_date', '0000-01-01', 'INVALID_DATE'],
  ])('%s = %j → %s', (id, value, code) => {
    expect(validateFieldValue(id, value)).toMatchObject({ ok: false, code });
  });

  it('counts characters as code points, as JSON Schema maxLength does', () => {
    expect(validateFieldValue('price', '🪔'.repeat(30))).toMatchObject({ ok: true });
    expect(validateFieldValue('price', '🪔'.repeat(31))).toMatchObject({
      ok: false,
      code: 'VALUE_TOO_LONG',
      details: { length: 31, maxLength: 30 },
    });
  });

  it('accepts leap days that exist', () => {
    expect(validateFieldValue('launch_date', '2028-02-29')).toMatchObject({ ok: true });
    expect(validateFieldValue('launch_date', '2000-02-29')).toMatchObject({ ok: true });
  });

  it('agrees with the calendar on every date string of the right shape', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const date = new Date(0);
          date.setUTCFullYear(year, month - 1, day);
          const real =
            month >= 1 && month <= 12 && day >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
          expect(isCalendarDate(text)).toBe(real);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('quotes at most the start of an over-long date back', () => {
    const result = validateFieldValue('launch_date', 'x'.repeat(500));
    expect(result).toMatchObject({ ok: false, code: 'INVALID_DATE' });
    expect(JSON.stringify(result).length).toBeLessThan(300);
  });
});

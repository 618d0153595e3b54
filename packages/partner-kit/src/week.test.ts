import { describe, expect, it } from 'vitest';
import { addDays, dayLabel, seedCalendar, weekdayOf, weekFrom } from './week.ts';

describe('the week', () => {
  it('is seven calendar days from the first, across a month and a year end', () => {
    expect(weekFrom('2026-12-29').days).toEqual([
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
      '2027-01-04',
    ]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-03', -3)).toBe('2026-11-30');
  });

  it('knows its days, their weekdays and how they read', () => {
    expect(weekFrom('2026-12-03').days.at(-1)).toBe('2026-12-09');
    expect(weekdayOf('2026-12-06')).toBe(0);
    expect(dayLabel('2026-12-03')).toBe('Thu 3 Dec');
  });

  it('gives a seed its days, and days before the week for what happened earlier', () => {
    const calendar = seedCalendar('2026-12-01');
    expect(calendar.days).toEqual(weekFrom('2026-12-01').days);
    expect(calendar.day(-2)).toBe('2026-11-29');
    expect(calendar.day(6)).toBe('2026-12-07');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => addDays('3 Dec', 1)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { retimed } from './retime.ts';
import { SEED } from './seed.ts';

describe('a seeded record replayed now', () => {
  it('keeps its spacing and ends a minute before now, so what is entered next reads in order', () => {
    const moved = retimed(SEED.slice(0, 4), new Date(2026, 0, 1, 9, 50));
    expect(moved.map((e) => e.at)).toEqual(['09:43', '09:44', '09:48', '09:49']);
    expect(moved.map((e) => ({ ...e, at: '' }))).toEqual(SEED.slice(0, 4).map((e) => ({ ...e, at: '' })));
  });

  it('wraps around midnight rather than going negative', () => {
    expect(retimed(SEED.slice(0, 2), new Date(2026, 0, 1, 0, 1)).map((e) => e.at)).toEqual(['23:59', '00:00']);
  });
});

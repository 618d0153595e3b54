import { describe, expect, it } from 'vitest';
import { hopDetail, readHopDetail } from './hop-detail.ts';

describe('a hop detail read back', () => {
  it('gives back every pair hopDetail wrote, quoted values included', () => {
    const pairs = {
      tool: 'reserve_parcels',
      receipt: 'R-3',
      message: 'said "no" = twice\tthen left',
      empty: '',
      steps: '2',
    };
    expect(readHopDetail(hopDetail(pairs))).toEqual(pairs);
  });

  it('keeps what came before a pair that does not parse', () => {
    expect(readHopDetail('tool=hold_beds receipt="R-1 broken')).toEqual({ tool: 'hold_beds' });
    expect(readHopDetail('')).toEqual({});
  });
});

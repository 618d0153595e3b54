import { describe, expect, it } from 'vitest';
import { loneSurrogateAt } from './unicode.ts';

describe('loneSurrogateAt', () => {
  it('finds an unpaired surrogate, high or low, and passes paired ones', () => {
    expect(loneSurrogateAt('plain')).toBe(-1);
    expect(loneSurrogateAt('🍅 and 😀')).toBe(-1);
    expect(loneSurrogateAt('ab\ud83c')).toBe(2);
    expect(loneSurrogateAt('ab\udf45cd')).toBe(2);
    expect(loneSurrogateAt('🍅\ud83c🍅')).toBe(2);
    expect(loneSurrogateAt('\udf45\ud83c')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { isError, refusal } from './result.ts';

describe('the answer shape', () => {
  it('makes the one refusal shape, with empty details when none are given', () => {
    expect(refusal('NOT_IN_ORDER', 'The gate is open.')).toEqual({
      ok: false,
      isError: true,
      code: 'NOT_IN_ORDER',
      message: 'The gate is open.',
      details: {},
    });
    expect(refusal('INVALID_INPUT', 'Say how many.', { field: 'amount' }).details).toEqual({ field: 'amount' });
  });

  it('tells a refusal from an answer by its two flags alone', () => {
    expect(isError(refusal('X', 'y'))).toBe(true);
    // A refusal that crossed a frame or a structured clone is a plain object: still a refusal.
    expect(isError(structuredClone(refusal('X', 'y')))).toBe(true);
    expect(isError({ ok: true, coins: 2 })).toBe(false);
    expect(isError({ ok: false })).toBe(false);
    expect(isError({ ok: false, isError: 'true' })).toBe(false);
    for (const value of [null, undefined, 0, '', 'refused', [], [false, true]]) expect(isError(value)).toBe(false);
  });
});

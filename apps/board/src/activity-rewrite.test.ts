import { describe, expect, it } from 'vitest';
import { firstRewrite } from './activity-rewrite.ts';
import { stages } from './domain/test-support.ts';

describe('the activity only grows', () => {
  it('finds the first entry a board would drop or rewrite, and none when it only adds', () => {
    const { fresh, framed, edited } = stages();
    expect(firstRewrite(framed.activity, edited.activity)).toBe(-1);
    expect(firstRewrite(edited.activity, framed.activity)).toBe(2);
    expect(firstRewrite(edited.activity, fresh.activity)).toBe(1);
    const rewritten = edited.activity.map((entry, index) => (index === 1 ? { ...entry, message: 'nothing' } : entry));
    expect(firstRewrite(edited.activity, rewritten)).toBe(1);
    expect(firstRewrite(edited.activity, [...edited.activity].reverse())).toBe(0);
    const details = edited.activity.map((entry, index) => (index === 2 ? { ...entry, details: {} } : entry));
    expect(firstRewrite(edited.activity, details)).toBe(2);
  });
});

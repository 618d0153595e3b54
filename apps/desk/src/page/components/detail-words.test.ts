import { describe, expect, it } from 'vitest';
import { detailWords } from './detail-words.ts';

describe("a ledger row's detail as a person reads it", () => {
  it('says key=value pairs as words', () => {
    expect(detailWords('tool=hold_beds receipt=R-1')).toBe('tool hold beds, receipt R-1');
    expect(detailWords('outcome=done done=2 of=2 taken_up=resume')).toBe('outcome done, done 2 of 2, taken up resume');
    expect(detailWords('reason="The page went away."')).toBe('reason The page went away.');
  });

  it('leaves a detail that is already words as it is', () => {
    expect(detailWords('Approved from another device.')).toBe('Approved from another device.');
    expect(detailWords('')).toBe('');
  });
});

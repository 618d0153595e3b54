import { describe, expect, it } from 'vitest';
import { keptReceiptKeys, RECEIPT_KEY_KEPT_MS } from './kept-receipt-keys.ts';

describe("a partner's receipt key, kept", () => {
  it('asks the partner once a minute, not once a row; a key not learnt is asked again at once', async () => {
    let clock = 0;
    const answers: Array<string | null> = [null, 'key-1', 'key-2'];
    const asked: string[] = [];
    const keyOf = keptReceiptKeys(
      async (partner) => {
        asked.push(partner);
        return answers.shift() ?? null;
      },
      () => clock,
    );
    expect(await keyOf('pantry')).toBeNull();
    expect(await keyOf('pantry')).toBe('key-1');
    clock += RECEIPT_KEY_KEPT_MS - 1;
    expect(await keyOf('pantry')).toBe('key-1');
    expect(asked).toEqual(['pantry', 'pantry']);
    clock += 1;
    expect(await keyOf('pantry')).toBe('key-2');
    expect(asked).toHaveLength(3);
  });
});

import { validateInput } from '@warrant/surface';
import { describe, expect, it } from 'vitest';
import { freeText, objectSchema } from './schema.ts';

// freeText is every partner's free-text field (an item, a place, a borrower), so what it refuses
// it refuses for all of them, by validation, before any tool body runs.

const schema = objectSchema({ note: freeText('A note.', 2_000_000) }, ['note']);
const check = (note: string) => validateInput('schema_test', schema, { note });

describe('freeText', () => {
  it('takes plain text, spaces around it included', async () => {
    for (const note of ['a', ' insulin pens ', 'Ça va — 2 °C', 'line\u00a0break'])
      expect(await check(note), note).toBeNull();
  });

  it('refuses text that is only white space, naming the field', async () => {
    for (const note of [' ', '   ', '\t', '\u00a0', '\u3000 \u2028']) {
      expect(await check(note), JSON.stringify(note)).toMatchObject({
        ok: false,
        isError: true,
        code: 'INVALID_INPUT',
        details: { field: 'note' },
      });
    }
  });

  it('refuses control, zero-width and bidi characters, even beside visible text', async () => {
    for (const note of ['a\u0000', 'a\u200b', '\u202eab', '\ufeffa', ' \u200b '])
      expect(await check(note), JSON.stringify(note)).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('checks a long blank string in linear time', async () => {
    const started = performance.now();
    expect(await check(' '.repeat(100_000))).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await check(`${' '.repeat(99_999)}x`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

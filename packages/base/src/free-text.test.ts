import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeTextSchema, plainTextPattern } from './free-text.ts';

// JSON Schema patterns are ECMAScript regular expressions, and validators compile them with the
// u flag: the rule is checked here as a validator would read it.
const plain = new RegExp(plainTextPattern(), 'u');
const plainOrBlank = new RegExp(plainTextPattern({ blank: true }), 'u');

// The same rule stated independently, as code point ranges: C0, DEL and C1, zero-width and
// directional marks, bidi embeddings and overrides, invisible operators, bidi isolates, BOM.
const UNSHOWN_RANGES: readonly (readonly [number, number])[] = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
];
const UNSHOWN = [
  '\u0000',
  '\t',
  '\n',
  '\r',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u200b',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2060',
  '\u2064',
  '\u2066',
  '\u2069',
  '\ufeff',
];

describe('the free-text rule', () => {
  it('refuses every control and invisible character, wherever it stands', () => {
    for (const character of UNSHOWN) {
      for (const text of [character, `tins${character}`, `${character}tins`, `two${character}tins`]) {
        expect(plain.test(text), JSON.stringify(text)).toBe(false);
        expect(plainOrBlank.test(text), JSON.stringify(text)).toBe(false);
      }
    }
  });

  it('keeps text a person writes: letters of any script, spaces, punctuation, emoji', () => {
    for (const text of ['Tinned tomatoes, 40', 'Crèche à côté', 'Ämter – Straße', '避難所', '🍅 x 3', 'a  b'])
      expect(plain.test(text), text).toBe(true);
  });

  it('refuses white space alone unless blank text is allowed', () => {
    for (const text of ['', ' ', '   ', '\u00a0', '\u3000']) {
      expect(plain.test(text), JSON.stringify(text)).toBe(false);
      expect(plainOrBlank.test(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('accepts exactly the text with no unshown character and something visible', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 40 }),
          fc.string({
            unit: fc.constantFrom(' ', 'a', '\u200b', '\u0085', '\ufeff', '\u00a0', '\n', '😀'),
            maxLength: 8,
          }),
        ),
        (text) => {
          const hasUnshown = [...text].some((character) =>
            UNSHOWN_RANGES.some(
              ([low, high]) => (character.codePointAt(0) ?? 0) >= low && (character.codePointAt(0) ?? 0) <= high,
            ),
          );
          expect(plain.test(text)).toBe(!hasUnshown && text.trim() !== '');
        },
      ),
    );
  });

  it('states a field as a bounded string with that rule, not blank unless optional', () => {
    expect(freeTextSchema({ maxLength: 200, description: 'What is needed.' })).toEqual({
      type: 'string',
      description: 'What is needed.',
      minLength: 1,
      maxLength: 200,
      pattern: plainTextPattern(),
    });
    const optional = freeTextSchema({ maxLength: 80, description: 'A note.', optional: true });
    expect(optional).not.toHaveProperty('minLength');
    expect(optional['pattern']).toBe(plainTextPattern({ blank: true }));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { revealInvisible } from './reveal-invisible.ts';

// An independent reading of the output: every ⟨U+XXXX⟩ back to its character.
function conceal(text: string): string {
  return text.replace(/⟨U\+([0-9A-F]{4,6})⟩/g, (_match, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
}

// Characters a person cannot see, or that change what the rest of a line looks like.
const INVISIBLE = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u061C',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u180E',
  '\uFE0F',
  '\u{E0001}',
  '\u{E0041}',
  '\u{E007F}',
  '\u{E0100}',
  '\u0000',
  '\u001B',
  '\u007F',
  '\u0085',
  '\r',
  '\u2028',
  '\u2029',
];

describe('revealInvisible', () => {
  it('writes zero-width, bidi and tag characters as their code points', () => {
    expect(revealInvisible('pay\u200Bment').text).toBe('pay⟨U+200B⟩ment');
    expect(revealInvisible('abc\u202Efed').text).toBe('abc⟨U+202E⟩fed');
    expect(revealInvisible('ok\u{E0049}\u{E0047}').text).toBe('ok⟨U+E0049⟩⟨U+E0047⟩');
  });

  it('reveals every invisible character in the list and counts each', () => {
    for (const character of INVISIBLE) {
      const { text, hidden } = revealInvisible(`a${character}b`);
      expect(text, `U+${character.codePointAt(0)?.toString(16)}`).toMatch(/^a⟨U\+[0-9A-F]{4,6}⟩b$/);
      expect(hidden).toBe(1);
    }
  });

  it('reveals a lone surrogate and keeps a pair', () => {
    expect(revealInvisible('x\uD800y').text).toBe('x⟨U+D800⟩y');
    expect(revealInvisible('x\uDC00').text).toBe('x⟨U+DC00⟩');
    expect(revealInvisible('😀').text).toBe('😀');
  });

  it('keeps tab and line feed, which a person sees as layout', () => {
    expect(revealInvisible('a\tb\nc')).toEqual({ text: 'a\tb\nc', hidden: 0 });
  });

  it('leaves visible text as it is, markup included', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...Array.from('abcXYZ019 <>&"\'/;é漢ß😀\t\n')) }), (text) => {
        expect(revealInvisible(text)).toEqual({ text, hidden: 0 });
      }),
    );
  });

  it('reveals a literal ⟨ so that no text can pass for a revealed character', () => {
    const forged = 'a⟨U+200B⟩b';
    const { text, hidden } = revealInvisible(forged);
    expect(text).toBe('a⟨U+27E8⟩U+200B⟩b');
    expect(hidden).toBe(0);
    expect(text).not.toBe(revealInvisible('a\u200Bb').text);
  });

  it('loses nothing and leaves nothing invisible, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom(...INVISIBLE, '⟨', '⟩', 'U', '+'),
            fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
            fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
          ),
        }),
        (text) => {
          const shown = revealInvisible(text).text;
          expect(conceal(shown)).toBe(text);
          expect(shown.isWellFormed()).toBe(true);
          expect(/[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\r]/u.test(shown)).toBe(false);
        },
      ),
    );
  });
});

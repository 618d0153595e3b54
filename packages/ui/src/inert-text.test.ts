// @vitest-environment jsdom
import { h, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { HIDDEN_MARK, InertText, revealInvisible } from './inert-text.tsx';

// One notation for a hidden character wherever a person reads untrusted text (the desk's approval
// card, partner pages, the board): ⟦U+XXXX⟧. A bracket that cannot be read as a parenthesis in a
// monospace panel, unlike ⟨.

afterEach(() => render(null, document.body));

describe('revealInvisible', () => {
  it('writes bidi, zero-width, tag, control and separator characters as ⟦U+XXXX⟧, and counts them', () => {
    expect(revealInvisible('pay\u200Bment')).toEqual({ text: 'pay⟦U+200B⟧ment', hidden: 1 });
    expect(revealInvisible('abc\u202Efed').text).toBe('abc⟦U+202E⟧fed');
    expect(revealInvisible('ok\u{E0049}\u{E0047}')).toEqual({ text: 'ok⟦U+E0049⟧⟦U+E0047⟧', hidden: 2 });
    expect(revealInvisible('\uFEFFa\u0007b\u2028c\u00ADd\uFE0F').text).toBe(
      '⟦U+FEFF⟧a⟦U+0007⟧b⟦U+2028⟧c⟦U+00AD⟧d⟦U+FE0F⟧',
    );
    expect(revealInvisible('x\uD800y').text).toBe('x⟦U+D800⟧y');
  });

  it('keeps what a person sees as it is: tabs, newlines, emoji, accents, ⟨', () => {
    for (const text of ['a\tb\nc', '😀 Ça va', '⟨U+200B⟩', 'plain'])
      expect(revealInvisible(text)).toEqual({ text, hidden: 0 });
  });

  it('writes a literal ⟦ as its code point, so no text can pass itself off as a revealed character', () => {
    const forged = revealInvisible('a⟦U+200B⟧b');
    expect(forged).toEqual({ text: 'a⟦U+27E6⟧U+200B⟧b', hidden: 0 });
    expect(forged.text).not.toBe(revealInvisible('a\u200Bb').text);
  });

  it('names its notation once, for the words that explain it', () => {
    expect(HIDDEN_MARK).toBe('⟦U+…⟧');
    expect(revealInvisible('\u200B').text).toMatch(/^⟦U\+[0-9A-F]{4,6}⟧$/);
  });

  it('renders as text, with the count and the notation in its title', () => {
    render(h(InertText, { text: '<b>hi</b>\u202E' }), document.body);
    const span = document.querySelector('[data-inert]');
    expect(span?.textContent).toBe('<b>hi</b>⟦U+202E⟧');
    expect(span?.querySelector('b')).toBeNull();
    expect(span?.getAttribute('title')).toBe('1 invisible character shown as ⟦U+…⟧');
  });
});

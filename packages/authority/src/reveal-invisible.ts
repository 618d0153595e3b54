// What a person reads must be what was hashed, and what a model is handed must be what a person
// can see. Bidi overrides reorder what is shown, zero-width and tag characters hide text (tags
// can spell a whole instruction no one sees), variation selectors can smuggle bytes, and control
// characters vanish or rewrite a line. Each such character is written out as its code point.
//
// Format characters (Cf), default-ignorable code points, controls (Cc) except TAB and LF, the
// line and paragraph separators, and lone surrogates are revealed as ⟨U+XXXX⟩. A literal "⟨"
// is revealed too, so that every "⟨" in the output starts a revealed character: no text can pass
// itself off as a revealed one, and distinct inputs stay distinct.

// With the u flag a paired surrogate is one code point, so \p{Cs} matches lone surrogates only.
const REVEALED = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u27E8]/gu;

const KEPT_CONTROLS = new Set(['\t', '\n']);
const OPENING = '\u27E8';

export interface Revealed {
  /** The text with every invisible character written as ⟨U+XXXX⟩. */
  readonly text: string;
  /** How many invisible characters were revealed (a literal "⟨" is not counted). */
  readonly hidden: number;
}

export function revealInvisible(text: string): Revealed {
  let hidden = 0;
  const shown = text.replace(REVEALED, (match) => {
    if (KEPT_CONTROLS.has(match)) return match;
    if (match !== OPENING) hidden += 1;
    return codePointName(match);
  });
  return { text: shown, hidden };
}

function codePointName(character: string): string {
  const point = character.codePointAt(0) ?? 0;
  return `⟨U+${point.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

// Text that came from a person, a partner or a model is shown as text, never as markup, and
// anything a human cannot see is made visible rather than silently passed on: bidi overrides
// reorder what is shown, zero-width and tag characters hide text (tags can spell a whole
// instruction no one sees), variation selectors can smuggle bytes, and controls vanish or
// rewrite a line. This is the one notation for them wherever a person reads such text.
//
// Format characters (Cf), default-ignorable code points, controls (Cc) except TAB and LF, the
// line and paragraph separators, and lone surrogates are written ⟦U+XXXX⟧. A literal "⟦" is
// written out too, so every "⟦" shown starts a revealed character: no text can pass itself off
// as one, and distinct inputs stay distinct.

// With the u flag a paired surrogate is one code point, so \p{Cs} matches lone surrogates only.
const REVEALED = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u27E6]/gu;
const KEPT_CONTROLS = new Set(['\t', '\n']);
const OPENING = '\u27E6';

/** How a revealed character is written, for the words that explain it. */
export const HIDDEN_MARK = '⟦U+…⟧';

function codePointName(character: string): string {
  return `⟦U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟧`;
}

/** The text with every invisible character written as ⟦U+XXXX⟧, and how many there were (a literal "⟦" is not counted). */
export function revealInvisible(text: string): { text: string; hidden: number } {
  let hidden = 0;
  const shown = text.replace(REVEALED, (match) => {
    if (KEPT_CONTROLS.has(match)) return match;
    if (match !== OPENING) hidden += 1;
    return codePointName(match);
  });
  return { text: shown, hidden };
}

export function InertText({ text, class: className }: { text: string; class?: string }) {
  const { text: shown, hidden } = revealInvisible(text);
  return (
    <span
      class={className}
      data-inert="true"
      title={hidden > 0 ? `${hidden} invisible character${hidden === 1 ? '' : 's'} shown as ${HIDDEN_MARK}` : undefined}
    >
      {shown}
    </span>
  );
}

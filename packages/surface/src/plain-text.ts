// What free text in a tool's input may not hold, wherever it is declared (a partner's tools, the
// desk's verbs): C0 and C1 controls, which can forge a line of a record, and the zero-width, bidi
// and byte-order characters that make what a person reads differ from what a model receives.
// Written as escapes so a schema's text itself stays plain. Declared once here, in the kernel
// that validates every input, so every site refuses the same characters.
const UNSHOWN = '\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';

/**
 * A JSON Schema pattern for plain text: none of those characters anywhere, and, unless `blank` is
 * allowed, not white space alone (an item, a place or a name that is only spaces says nothing, and
 * would be recorded as if it did). \s is ECMAScript's white space, the dialect JSON Schema patterns
 * are written in; the lookahead keeps the match linear in the length.
 */
export function plainTextPattern(options: { readonly blank?: boolean } = {}): string {
  return options.blank ? `^[^${UNSHOWN}]*$` : `^(?!\\s*$)[^${UNSHOWN}]*$`;
}

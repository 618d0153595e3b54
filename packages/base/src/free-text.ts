// What free text in a tool's input may not hold, wherever it is declared (a partner's tools, the
// desk's verbs): C0 and C1 controls, which can forge a line of a record, and the zero-width, bidi
// and byte-order characters that make what a person reads differ from what a model receives.
// Written as escapes so a schema's text itself stays plain. Declared once, so every site refuses
// the same characters, and stated in the schema, so the kernel refuses a bad input before any
// tool body runs and a model sees the rule it must keep.
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

export interface FreeTextOptions {
  /** The longest text, in characters (code points, as JSON Schema counts them). */
  readonly maxLength: number;
  /** Written for a model: what the text is for. */
  readonly description: string;
  /** Whether the text may be left empty (and then white space alone is allowed too). Default: false. */
  readonly optional?: boolean;
}

/**
 * The JSON Schema of one free-text field: a string, bounded, plain (plainTextPattern) and, unless
 * optional, with at least one visible character.
 */
export function freeTextSchema(options: FreeTextOptions): { readonly [key: string]: unknown } {
  const optional = options.optional === true;
  return {
    type: 'string',
    description: options.description,
    ...(optional ? {} : { minLength: 1 }),
    maxLength: options.maxLength,
    pattern: plainTextPattern({ blank: optional }),
  };
}

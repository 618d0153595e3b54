// The one policy for free text given to the bench, by an agent or a person: never blank, no
// control characters (a line break in a name could start a forged entry in the minutes), and no
// longer than its kind of text needs. Stated in each schema, so a model reads it, and enforced by
// the kernel's validator before anything is recorded.

import type { JsonSchema } from '@warrant/surface';

/** No control character anywhere (the lookahead), and something other than white space (the rest). */
export const TEXT_PATTERN = '^(?=[^\\p{Cc}]*$)\\s*\\S';

/** Maximum lengths in characters (code points), by kind of text. */
export const TEXT_LIMITS = {
  /** A member's name. */
  name: 80,
  /** A short term: a committee, a time, a limit, a phrase to search for. */
  term: 200,
  /** Words transcribed verbatim: a motion, a point, a ruling's reasons, a correction. */
  words: 2000,
} as const;

export type TextKind = keyof typeof TEXT_LIMITS;

export function textField(kind: TextKind, description: string): JsonSchema {
  return { type: 'string', minLength: 1, maxLength: TEXT_LIMITS[kind], pattern: TEXT_PATTERN, description };
}

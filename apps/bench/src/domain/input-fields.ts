// How every input the bench takes is stated, in the schema a model reads and the kernel enforces.
// Free text follows one policy, from an agent or a person: never blank, no control characters (a
// line break in a name could start a forged entry in the minutes), and no longer than its kind of
// text needs. Counts of members are whole numbers no larger than the board.

import type { JsonSchema } from '@warrant/surface';
import { ASSEMBLY } from './assembly.ts';

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

export function countField(description: string): JsonSchema {
  return { type: 'integer', minimum: 0, maximum: ASSEMBLY.boardSize, description };
}

/** A member's name, as the role they played: "Who moved it." */
export const memberField = (role: string): JsonSchema => textField('name', `Who ${role}.`);

/** A tool's input: these properties and no others. */
export function objectSchema(properties: Record<string, JsonSchema>, required: readonly string[]): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

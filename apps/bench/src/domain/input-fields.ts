// How every input the bench takes is stated, in the schema a model reads and the kernel enforces.
// Free text follows one policy, from an agent or a person: never blank, no control characters (a
// line break in a name could start a forged entry in the minutes), and no longer than its kind of
// text needs. Counts of members are whole numbers no larger than the board: the meeting's, where the
// schema is given for a meeting (fitToBoard), else the default bylaws' board.

import type { JsonSchema } from '@warrant/surface';
import { DEFAULT_BYLAWS } from './bylaws/registry.ts';

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
  return { type: 'integer', minimum: 0, maximum: DEFAULT_BYLAWS.boardSize, description };
}

/** Fitted schemas by board size, so a schema given twice for one board is the same object. */
const FITTED = new WeakMap<JsonSchema, Map<number, JsonSchema>>();

/**
 * `schema` with every count of members (its integer fields: the bench has no others) bounded by
 * `boardSize`: the schema itself when it already is, else one object per schema and board, so a
 * tool's schema changes only when the board does.
 */
export function fitToBoard(schema: JsonSchema, boardSize: number): JsonSchema {
  const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
  const counts = Object.entries(properties ?? {}).filter(([, field]) => field['type'] === 'integer');
  if (counts.every(([, field]) => field['maximum'] === boardSize)) return schema;
  const byBoard = FITTED.get(schema) ?? new Map<number, JsonSchema>();
  FITTED.set(schema, byBoard);
  const known = byBoard.get(boardSize);
  if (known) return known;
  const fitted: JsonSchema = {
    ...schema,
    properties: {
      ...properties,
      ...Object.fromEntries(counts.map(([name, field]) => [name, { ...field, maximum: boardSize }])),
    },
  };
  byBoard.set(boardSize, fitted);
  return fitted;
}

/** A member's name, as the role they played: "Who moved it." */
export const memberField = (role: string): JsonSchema => textField('name', `Who ${role}.`);

/** A tool's input: these properties and no others. */
export function objectSchema(properties: Record<string, JsonSchema>, required: readonly string[]): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

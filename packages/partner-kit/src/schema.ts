// The pieces partner tool schemas are built from. Every free-text field is bounded and refuses
// control characters in the schema itself, so a bad input is refused by validation, before any
// tool body runs, with the field named.
import type { JsonSchema } from '@warrant/surface';
import { idPattern } from './book.ts';
import type { Week } from './week.ts';

// C0 and C1 controls, and the zero-width and bidi controls that make what a person reads differ
// from what a model receives. Written as escapes so the schema text itself stays plain.
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff';
// No control anywhere, and not white space alone: an item, a place or a name that is only spaces
// (or no-break spaces, or tabs) says nothing, and would be recorded as if it did. \s is
// ECMAScript's white space, the dialect JSON Schema patterns are written in; the lookahead keeps
// the match linear in the length, so a long blank string costs no more than a long word.
const PLAIN_AND_NOT_BLANK = `^(?!\\s*$)[^${CONTROLS}]*$`;

export function freeText(description: string, maxLength: number): JsonSchema {
  return { type: 'string', description, minLength: 1, maxLength, pattern: PLAIN_AND_NOT_BLANK };
}

export function whole(description: string, minimum: number, maximum: number): JsonSchema {
  return { type: 'integer', description, minimum, maximum };
}

export function oneOf(description: string, values: readonly string[]): JsonSchema {
  return { type: 'string', description, enum: [...values] };
}

/** A set of values from a closed list (each at most once). */
export function someOf(description: string, values: readonly string[]): JsonSchema {
  return { type: 'array', description, items: { type: 'string', enum: [...values] }, uniqueItems: true, maxItems: values.length };
}

/** A day of the site's week. */
export function dayIn(week: Week, description: string): JsonSchema {
  return { type: 'string', description, enum: [...week.days] };
}

/** An id this site minted with `prefix` (a reservation, a hold…). */
export function idOf(prefix: string, description: string): JsonSchema {
  return { type: 'string', description, maxLength: 24, pattern: idPattern(prefix) };
}

export function objectSchema(properties: Readonly<Record<string, JsonSchema>>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, required: [...required], additionalProperties: false };
}

/**
 * A schema that depends only on the week, built once per week: the kernel notices a new schema
 * by a new object, so the same week must hand back the same one.
 */
export function perWeek(build: (week: Week) => JsonSchema): (state: { readonly week: Week }) => JsonSchema {
  const cache = new WeakMap<Week, JsonSchema>();
  return ({ week }) => {
    let schema = cache.get(week);
    if (!schema) {
      schema = build(week);
      cache.set(week, schema);
    }
    return schema;
  };
}

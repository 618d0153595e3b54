// The pieces partner tool schemas are built from. Every free-text field is bounded and refuses
// control characters in the schema itself, so a bad input is refused by validation, before any
// tool body runs, with the field named.
import { freeTextSchema } from '@warrant/base';
import type { JsonSchema } from '@warrant/surface';
import { idPattern } from './book.ts';
import type { Week } from './week.ts';

// Bounded, with no control or invisible character and not blank: the base's free-text rule, so a
// partner refuses exactly what the desk refuses.
export function freeText(description: string, maxLength: number): JsonSchema {
  return freeTextSchema({ description, maxLength });
}

export function whole(description: string, minimum: number, maximum: number): JsonSchema {
  return { type: 'integer', description, minimum, maximum };
}

export function oneOf(description: string, values: readonly string[]): JsonSchema {
  return { type: 'string', description, enum: [...values] };
}

/** A set of values from a closed list (each at most once). */
export function someOf(description: string, values: readonly string[]): JsonSchema {
  return {
    type: 'array',
    description,
    items: { type: 'string', enum: [...values] },
    uniqueItems: true,
    maxItems: values.length,
  };
}

/** A day of the site's week. */
export function dayIn(week: Week, description: string): JsonSchema {
  return { type: 'string', description, enum: [...week.days] };
}

/** An id this site minted with `prefix` (a reservation, a hold…). */
export function idOf(prefix: string, description: string): JsonSchema {
  return { type: 'string', description, maxLength: 24, pattern: idPattern(prefix) };
}

export function objectSchema(
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[] = [],
): JsonSchema {
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

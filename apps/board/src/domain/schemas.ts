// What each tool takes: its JSON Schema in a state, and the type of the input that schema admits.
// The kernel validates a call against the schema it was shown before the act runs, so the acts
// receive these types and never re-check their shape.
import type { JsonSchema } from '@warrant/surface';
import { REASON_LENGTH, type FieldId } from './fields.ts';
import { derive, type BoardState } from './state.ts';
import { fieldDef } from './validate.ts';

/** The scope version a write is bound to; the kernel answers a stale one before the schema. */
export interface Bound {
  readonly scopeVersion: number;
}

export interface EditInput extends Bound {
  /** New text for framed fields only, keyed by field id. */
  readonly updates: Readonly<Partial<Record<FieldId, string>>>;
}

export interface ExpansionInput extends Bound {
  readonly fields: readonly FieldId[];
  readonly reason: string;
}

export const NO_INPUT: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

// Declarations are kept small (every one within 900 characters in every state, a test holds it):
// what a field is for, and its kind, come with inspect_workspace, so a schema states only what a
// call must satisfy. A value's emptiness and a date's reality are the act's to refuse, in words.

/** The version a write is bound to: the schema admits exactly the registered one. */
function versionProperty(state: BoardState): JsonSchema {
  return { type: 'integer', const: state.scopeVersion };
}

/** Only the framed fields, each with its limit (a date with its shape), and at least one of them. */
export function editSchema(state: BoardState): JsonSchema {
  const properties = Object.fromEntries(
    derive(state).scoped.map((id) => {
      const field = fieldDef(id);
      const property: Record<string, unknown> = { type: 'string', maxLength: field?.maxLength ?? 0 };
      if (field?.kind === 'date') property['pattern'] = '^\\d{4}-\\d{2}-\\d{2}$';
      return [id, property];
    }),
  );
  return {
    type: 'object',
    properties: {
      scopeVersion: versionProperty(state),
      updates: {
        type: 'object',
        properties,
        additionalProperties: false,
        minProperties: 1,
      },
    },
    required: ['scopeVersion', 'updates'],
    additionalProperties: false,
  };
}

/** Only unframed fields may be asked for, with a reason the human can decide on. */
export function expansionSchema(state: BoardState): JsonSchema {
  return {
    type: 'object',
    properties: {
      scopeVersion: versionProperty(state),
      fields: {
        type: 'array',
        description: 'The unframed field ids you need.',
        items: { type: 'string', enum: [...derive(state).blocked] },
        minItems: 1,
        uniqueItems: true,
      },
      reason: {
        type: 'string',
        description: 'Why, for the human who decides.',
        minLength: REASON_LENGTH.min,
        maxLength: REASON_LENGTH.max,
      },
    },
    required: ['scopeVersion', 'fields', 'reason'],
    additionalProperties: false,
  };
}

export function submitSchema(state: BoardState): JsonSchema {
  return {
    type: 'object',
    properties: { scopeVersion: versionProperty(state) },
    required: ['scopeVersion'],
    additionalProperties: false,
  };
}

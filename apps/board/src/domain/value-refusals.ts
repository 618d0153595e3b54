// The refusals of one field's value, and of names that are no field: built here and nowhere else.
// validate.ts decides which applies; a stored board is read back through the same checks, so this
// file loads with the page while the acts' refusals (refusals.ts) load after first paint.
import { refusal, type ToolRefusal } from '@warrant/surface';
import { FIELD_IDS, type FieldDef } from './fields.ts';

/** How every refusal ends: the board is as it was. */
export const UNCHANGED = 'Nothing was changed.';

export function unknownFields(ids: readonly string[]): ToolRefusal {
  return refusal(
    'UNKNOWN_FIELD',
    `Not fields of this board: ${ids.join(', ')}. ${UNCHANGED} The fields are: ${FIELD_IDS.join(', ')}.`,
    {
      unknownFields: ids,
      knownFields: FIELD_IDS,
    },
  );
}

export function notText(field: FieldDef, value: unknown): ToolRefusal {
  return refusal(
    'INVALID_VALUE',
    `${field.label} (${field.id}) takes text; got ${value === null ? 'null' : typeof value}. ${UNCHANGED}`,
    { fieldId: field.id },
  );
}

export function controlCharacter(field: FieldDef): ToolRefusal {
  const allowed = field.kind === 'textarea' ? 'Plain text and line breaks only' : 'One line of plain text only';
  return refusal(
    'INVALID_VALUE',
    `${field.label} (${field.id}) has a control or malformed character. ${allowed}. ${UNCHANGED}`,
    { fieldId: field.id },
  );
}

export function emptyValue(field: FieldDef): ToolRefusal {
  return refusal('EMPTY_VALUE', `${field.label} (${field.id}) cannot be empty. ${UNCHANGED}`, { fieldId: field.id });
}

export function invalidDate(field: FieldDef, received: string): ToolRefusal {
  return refusal(
    'INVALID_DATE',
    `${field.label} (${field.id}) must be a real calendar date written YYYY-MM-DD; got "${received}". ${UNCHANGED}`,
    {
      fieldId: field.id,
      received,
    },
  );
}

export function valueTooLong(field: FieldDef, length: number): ToolRefusal {
  return refusal(
    'VALUE_TOO_LONG',
    `${field.label} (${field.id}) is ${length} characters; the limit is ${field.maxLength}. Shorten it and retry. ${UNCHANGED}`,
    {
      fieldId: field.id,
      length,
      maxLength: field.maxLength,
    },
  );
}

// What a field accepts. The same rules guard the agent's writes and the state read back from
// storage, so a value that could not have been written cannot be loaded either.
import type { ToolRefusal } from '@warrant/surface';
import { FIELDS, type FieldDef, type FieldId } from './fields.ts';
import { controlCharacter, emptyValue, invalidDate, notText, unknownFields, valueTooLong } from './value-refusals.ts';

const BY_ID: ReadonlyMap<string, FieldDef> = new Map(FIELDS.map((field) => [field.id, field]));

export function fieldDef(id: string): FieldDef | undefined {
  return BY_ID.get(id);
}

export function isFieldId(id: unknown): id is FieldId {
  return typeof id === 'string' && BY_ID.has(id);
}

export interface ValidValue {
  readonly ok: true;
  readonly fieldId: FieldId;
  /** The value as stored: trimmed of surrounding whitespace. */
  readonly value: string;
}

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Checks one value for one field: UNKNOWN_FIELD, INVALID_VALUE, EMPTY_VALUE, VALUE_TOO_LONG, INVALID_DATE. */
export function validateFieldValue(id: string, value: unknown): ValidValue | ToolRefusal {
  const field = BY_ID.get(id);
  if (!field) return unknownFields([id]);
  if (typeof value !== 'string') return notText(field, value);
  if (hasControl(value, field.kind === 'textarea') || LONE_SURROGATE.test(value)) return controlCharacter(field);
  const trimmed = value.trim();
  if (trimmed === '') return emptyValue(field);
  // A date's shape says more than its length, so it is judged first.
  if (field.kind === 'date' && !isCalendarDate(trimmed)) {
    return invalidDate(field, [...trimmed].length > 24 ? `${[...trimmed].slice(0, 24).join('')}…` : trimmed);
  }
  const length = [...trimmed].length;
  if (length > field.maxLength) return valueTooLong(field, length);
  return { ok: true, fieldId: field.id, value: trimmed };
}

export function isCalendarDate(text: string): boolean {
  const match = DATE_SHAPE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** C0 controls and DEL; a textarea may hold line feeds. */
function hasControl(text: string, allowLineFeed: boolean): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if ((unit < 0x20 && !(allowLineFeed && unit === 0x0a)) || unit === 0x7f) return true;
  }
  return false;
}

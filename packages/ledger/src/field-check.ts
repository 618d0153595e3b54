// What each kind of field may hold. A row that passes these checks serialises to one TSV line and
// parses back to itself; anything these refuse would either not survive the round trip (a lone
// surrogate has no UTF-8 form) or would be a value the ledger's writer never writes (an actor its
// schema does not name).
//
// Every row of a ledger is checked whenever it is written, read or verified, so each field's
// check is a predicate compiled once from the schema, and words are only found for a value that
// fails.
import { loneSurrogateAt } from '@warrant/base';
import { TEXT_MAX_LENGTH, TOKEN_MAX_LENGTH, type FieldDeclaration, type LedgerSchema } from './schema.ts';

export interface RowProblem {
  /** The field at fault, or null when the row as a whole is (not an object, an unknown key). */
  readonly field: string | null;
  readonly reason: string;
}

const TOKEN = /^(?:[A-Za-z0-9][A-Za-z0-9._:@/+-]*)?$/;
const HEX64 = /^[0-9a-f]{64}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** Any surrogate, paired or not: the quick test before looking for a lone one. */
export const SURROGATE = /[\uD800-\uDFFF]/;
export { loneSurrogateAt };

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by `length` ASCII digits of `text` from `at`. */
function digits(text: string, at: number, length: number): number {
  let value = 0;
  for (let index = at; index < at + length; index += 1) value = value * 10 + text.charCodeAt(index) - 48;
  return value;
}

/**
 * Whether the 24 characters of `text` from `at`, already known to have the shape
 * YYYY-MM-DDTHH:MM:SS.sssZ, name a real instant: not 2026-02-30, not hour 24. Read digit by
 * digit, since every row of every ledger read or written passes through here.
 */
export function isInstantAt(text: string, at: number): boolean {
  const year = digits(text, at, 4);
  const month = digits(text, at + 5, 2);
  const day = digits(text, at + 8, 2);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return (
    day >= 1 &&
    day <= days &&
    digits(text, at + 11, 2) <= 23 &&
    digits(text, at + 14, 2) <= 59 &&
    digits(text, at + 17, 2) <= 59
  );
}

/** A real instant written exactly as toISOString writes it. */
export function isInstant(value: string): boolean {
  return ISO_INSTANT.test(value) && isInstantAt(value, 0);
}

type Check = (value: unknown) => boolean;

function checkFor(field: FieldDeclaration): Check {
  switch (field.kind) {
    case 'seq':
      return (value) => Number.isSafeInteger(value) && (value as number) >= 1;
    case 'timestamp':
      return (value) => typeof value === 'string' && isInstant(value);
    case 'enum': {
      const allowed = new Set<unknown>(field.values);
      return (value) => allowed.has(value);
    }
    case 'token':
      return (value) => typeof value === 'string' && value.length <= TOKEN_MAX_LENGTH && TOKEN.test(value);
    case 'digest':
      return (value) => value === '' || (typeof value === 'string' && HEX64.test(value));
    case 'chain':
      return (value) => typeof value === 'string' && HEX64.test(value);
    case 'text':
      return (value) => typeof value === 'string' && value.length <= TEXT_MAX_LENGTH && loneSurrogateAt(value) === -1;
  }
}

function reasonFor(field: FieldDeclaration, value: unknown): string {
  if (field.kind === 'seq') return `expected a whole number from 1, got ${describe(value)}`;
  if (typeof value !== 'string') return `expected text, got ${describe(value)}`;
  switch (field.kind) {
    case 'timestamp':
      return `expected an instant like 2026-12-01T09:30:00.000Z, got ${describe(value)}`;
    case 'enum':
      return `expected one of ${(field.values ?? []).join(', ')}, got ${describe(value)}`;
    case 'token':
      if (value.length > TOKEN_MAX_LENGTH)
        return `expected at most ${TOKEN_MAX_LENGTH} characters, got ${value.length}`;
      return `expected a name or id (letters, digits and . _ : @ / + -) or nothing, got ${describe(value)}`;
    case 'digest':
      return `expected 64 lowercase hex digits or nothing, got ${describe(value)}`;
    case 'chain':
      return `expected 64 lowercase hex digits, got ${describe(value)}`;
    case 'text':
      if (value.length > TEXT_MAX_LENGTH) return `expected at most ${TEXT_MAX_LENGTH} characters, got ${value.length}`;
      return `the text has a lone surrogate at index ${loneSurrogateAt(value)}, which has no UTF-8 form`;
  }
}

export interface FieldChecks {
  /** The compiled checks in field order, for code that walks a row field by field. */
  readonly checks: readonly Check[];
  /** Why `value` cannot be held by `field`, or null when it can. */
  fieldProblem(field: FieldDeclaration, value: unknown): string | null;
  /** The first problem with a whole row (every field present, nothing else), or null. */
  rowProblem(row: unknown): RowProblem | null;
  /** The first problem with a draft: required fields present, optional ones valid when given, sealed ones absent. */
  draftProblem(draft: unknown): RowProblem | null;
}

/** The checks of a schema's fields, compiled once. */
export function fieldChecks(schema: LedgerSchema): FieldChecks {
  const fields = schema.fields;
  const names = new Set<string>(fields.map((field) => field.name));
  const byName: ReadonlyMap<string, Check> = new Map(fields.map((field) => [field.name, checkFor(field)]));
  const checks = fields.map((field) => byName.get(field.name) as Check);

  const fieldProblem = (field: FieldDeclaration, value: unknown): string | null =>
    (byName.get(field.name) ?? checkFor(field))(value) ? null : reasonFor(field, value);

  const unknownKey = (value: object): string | undefined => {
    for (const key in value) if (!names.has(key)) return key;
    return undefined;
  };

  return {
    checks,
    fieldProblem,
    rowProblem(row) {
      if (typeof row !== 'object' || row === null || Array.isArray(row))
        return { field: null, reason: `expected a row object, got ${describe(row)}` };
      const values = row as Record<string, unknown>;
      let valid = Object.keys(values).length === fields.length;
      for (let index = 0; valid && index < fields.length; index += 1)
        valid = (checks[index] as Check)(values[(fields[index] as FieldDeclaration).name]);
      if (valid) return null;
      // Every field valid and nothing else is the common case; only a row that fails is
      // searched for words, an unknown key first, since it may be a misspelt field.
      const unknown = unknownKey(row);
      if (unknown !== undefined)
        return { field: null, reason: `"${unknown}" is not a ledger field; it would be lost from the TSV` };
      for (const field of fields) {
        const reason = fieldProblem(field, values[field.name]);
        if (reason !== null) return { field: field.name, reason };
      }
      return null;
    },
    draftProblem(draft) {
      if (typeof draft !== 'object' || draft === null || Array.isArray(draft))
        return { field: null, reason: `expected a row object, got ${describe(draft)}` };
      const values = draft as Record<string, unknown>;
      let valid = true;
      let present = 0;
      for (let index = 0; valid && index < fields.length; index += 1) {
        const field = fields[index] as FieldDeclaration;
        const value = values[field.name];
        if (value !== undefined) present += 1;
        valid =
          field.given === 'sealed'
            ? value === undefined
            : (value === undefined && field.given === 'optional') || (checks[index] as Check)(value);
      }
      // Every append passes through here: valid fields and no other keys is the common case, and
      // words are found only for a draft that fails.
      if (valid && Object.keys(values).length === present) return null;
      const unknown = unknownKey(draft);
      if (unknown !== undefined) return { field: null, reason: `"${unknown}" is not a ledger field` };
      for (const field of fields) {
        const value = values[field.name];
        if (field.given === 'sealed') {
          if (value !== undefined)
            return {
              field: field.name,
              reason: `${field.name} is computed by the store when the row is appended; leave it out`,
            };
        } else if (value !== undefined || field.given === 'required') {
          const reason = fieldProblem(field, value);
          if (reason !== null) return { field: field.name, reason };
        }
      }
      return null;
    },
  };
}

function describe(value: unknown): string {
  if (typeof value === 'string')
    return value.length > 40
      ? `${JSON.stringify(value.slice(0, 40))}… (${value.length} characters)`
      : JSON.stringify(value);
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'object') return Array.isArray(value) ? 'a list' : 'an object';
  return `${typeof value} ${String(value)}`;
}

import { Validator } from '@cfworker/json-schema';
import type { OutputUnit } from '@cfworker/json-schema';
import { refusal, type ToolRefusal } from '@warrant/base';
import type { JsonSchema } from './row.ts';

// The check of a call's input against its tool's schema, with the validator it runs: loaded on
// the first call, not with the page (validate.ts loads it). Neither Chromium nor the polyfill
// validates input against a tool's schema, so the kernel does, before any row runs.
// @cfworker/json-schema interprets the schema (no eval), which a strict CSP requires.
// Validators are cached by schema text.

export interface FieldProblem {
  readonly field: string;
  readonly keyword: string;
  readonly problem: string;
}

const validators = new Map<string, Validator>();
const CACHE_LIMIT = 500;

function validatorFor(schema: JsonSchema): Validator {
  const key = JSON.stringify(schema);
  let validator = validators.get(key);
  if (!validator) {
    if (validators.size >= CACHE_LIMIT) validators.clear();
    // The validator annotates the schema it is given, and registered schemas are frozen: give it
    // its own copy.
    validator = new Validator(JSON.parse(key) as object, '2020-12', false);
    validators.set(key, validator);
  }
  return validator;
}

// Wrapper keywords only say "something inside failed"; the unit that names the leaf says what.
const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  'allOf',
  'anyOf',
  'oneOf',
  '$ref',
  'false',
  'dependentSchemas',
  'unevaluatedProperties',
]);

function fieldPath(instanceLocation: string, child?: string): string {
  const parts = instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean);
  if (child !== undefined) parts.push(child);
  return parts.length === 0 ? '(input)' : parts.join('.');
}

function named(error: string): string | undefined {
  return /"([^"]*)"/.exec(error)?.[1];
}

function describe(unit: OutputUnit): FieldProblem {
  if (unit.keyword === 'required') {
    const field = fieldPath(unit.instanceLocation, named(unit.error));
    return { field, keyword: 'required', problem: `"${field}" is required.` };
  }
  if (unit.keyword === 'additionalProperties') {
    const field = fieldPath(unit.instanceLocation, named(unit.error));
    return { field, keyword: 'additionalProperties', problem: `"${field}" is not accepted here.` };
  }
  const field = fieldPath(unit.instanceLocation);
  return { field, keyword: unit.keyword, problem: `"${field}": ${unit.error}` };
}

function problemsWith(schema: JsonSchema, input: unknown): FieldProblem[] {
  const result = validatorFor(schema).validate(input);
  if (result.valid) return [];
  const leaves = result.errors.filter((unit) => !WRAPPERS.has(unit.keyword));
  return (leaves.length > 0 ? leaves : result.errors).map(describe);
}

/** The first text in the input (keys included) that is not well-formed UTF-16, by its path. */
function malformedText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.isWellFormed() ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const at = path === '(input)' ? key : `${path}.${key}`;
    if (!key.isWellFormed()) return at.isWellFormed() ? at : '(a property name)';
    const found = malformedText(child, at);
    if (found) return found;
  }
  return null;
}

/**
 * Null when the input fits the schema; otherwise a refusal that names the field, what was
 * expected and what came, and nothing more (the caller already has the schema).
 */
export function checkInput(toolName: string, schema: JsonSchema, input: unknown): ToolRefusal | null {
  // Lone surrogates cannot be encoded as UTF-8 (and break the validator's pointers): say so.
  const malformed = malformedText(input, '(input)');
  if (malformed) {
    return refusal(
      'INVALID_INPUT',
      `Invalid input for ${toolName}: "${malformed}" holds text that is not valid Unicode (a lone surrogate). Nothing was changed.`,
      {
        field: malformed,
        expected: 'well-formed Unicode text',
        received: 'a lone surrogate',
      },
    );
  }
  const problems = problemsWith(schema, input);
  const first = problems[0];
  if (!first) return null;
  const summary = problems.map((p) => p.problem).join(' ');
  return refusal('INVALID_INPUT', `Invalid input for ${toolName}: ${summary} Nothing was changed.`, {
    field: first.field,
    expected: first.problem,
    received: received(input, first.field),
    ...(problems.length > 1 ? { otherFields: problems.slice(1).map((p) => p.field) } : {}),
  });
}

/** What came in the named field, briefly: a type and a short preview, never the whole input. */
function received(input: unknown, field: string): string {
  if (field === '(input)') return kindOf(input);
  let value: unknown = input;
  for (const part of field.split('.'))
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  return kindOf(value);
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string')
    return value.length > 40 ? `a string of ${value.length} characters` : `the string ${JSON.stringify(value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return `the ${typeof value} ${String(value)}`;
  return `an ${typeof value}`;
}

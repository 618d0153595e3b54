import type { OutputUnit, Validator } from '@cfworker/json-schema';
import { refusal, type JsonSchema, type ToolRefusal } from './row.ts';

// Neither Chromium nor the polyfill validates input against a tool's schema, so the kernel does,
// before any row runs. @cfworker/json-schema interprets the schema (no eval), which a strict CSP
// requires. It is loaded on the first call, not with the page: no tool is called before first
// paint. Validators are cached by schema text.

export interface FieldProblem {
  readonly field: string;
  readonly keyword: string;
  readonly problem: string;
}

const validators = new Map<string, Validator>();
const CACHE_LIMIT = 500;
let library: Promise<{ Validator: typeof Validator }> | null = null;

async function validatorFor(schema: JsonSchema): Promise<Validator> {
  const key = JSON.stringify(schema);
  let validator = validators.get(key);
  if (!validator) {
    library ??= import('@cfworker/json-schema');
    const { Validator: ValidatorClass } = await library;
    if (validators.size >= CACHE_LIMIT) validators.clear();
    validator = new ValidatorClass(schema as object, '2020-12', false);
    validators.set(key, validator);
  }
  return validator;
}

// Wrapper keywords only say "something inside failed"; the unit that names the leaf says what.
const WRAPPERS = new Set(['properties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', '$ref', 'false', 'dependentSchemas', 'unevaluatedProperties']);

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

async function problemsWith(schema: JsonSchema, input: unknown): Promise<FieldProblem[]> {
  const result = (await validatorFor(schema)).validate(input);
  if (result.valid) return [];
  const leaves = result.errors.filter((unit) => !WRAPPERS.has(unit.keyword));
  return (leaves.length > 0 ? leaves : result.errors).map(describe);
}

/** Null when the input fits the schema; otherwise a refusal that names each field and what was expected. */
export async function validateInput(toolName: string, schema: JsonSchema, input: unknown): Promise<ToolRefusal | null> {
  const problems = await problemsWith(schema, input);
  if (problems.length === 0) return null;
  const summary = problems.map((p) => p.problem).join(' ');
  return refusal('INVALID_INPUT', `Invalid input for ${toolName}: ${summary} Nothing was changed.`, {
    field: problems[0]?.field,
    problems,
    inputSchema: schema,
  });
}

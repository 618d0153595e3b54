import { Validator } from '@cfworker/json-schema';
import schema from './warrant-probe-v1.schema.json' with { type: 'json' };

// Validation by interpretation (no eval), so it runs under the desk's strict CSP as well as in
// the browser tests that check committed evidence.

export type ReportValidity = { readonly valid: true } | { readonly valid: false; readonly problems: readonly string[] };

const WRAPPERS = new Set(['properties', 'prefixItems', 'items', '$ref', 'allOf', 'additionalProperties']);
const validator = new Validator(schema as object, '2020-12', false);

export function validateProbeReport(report: unknown): ReportValidity {
  const outcome = validator.validate(report);
  if (outcome.valid) return { valid: true };
  // The leaf errors name the field; the wrappers around them only repeat that something failed.
  const leaves = outcome.errors.filter((error) => !WRAPPERS.has(error.keyword));
  return {
    valid: false,
    problems: (leaves.length > 0 ? leaves : outcome.errors).map((error) => `${error.instanceLocation}: ${error.error}`),
  };
}

// The checks every step of a drafted plan passes before the plan exists: it is a write of its
// partner that the compensation map can undo, it is in an execute_plan lease's scope, the
// partner's frame declared it, and its arguments satisfy the schema the partner declared (less
// request and idempotency_key, which the desk adds when the step runs).
//
// The page's draft_plan runs them before it stores a plan, and the desk's server runs them again on
// every plan a page stores (event-order.ts): each is handed the partners the desk works with.
import type { PartnerDirectory, PlanStep } from '@warrant/broker';
import { refusal, validateInput, type ToolRefusal } from '@warrant/surface';
import type { DeskState } from './state.ts';

const DERIVED = ['request', 'idempotency_key'];
const CONTROL = /\p{Cc}/u;

/** The partner's declared schema without the two arguments the desk supplies. */
function stepSchema(schema: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const properties = { ...((schema['properties'] as Record<string, unknown> | undefined) ?? {}) };
  for (const name of DERIVED) delete properties[name];
  const required = Array.isArray(schema['required'])
    ? (schema['required'] as unknown[]).filter((name) => !DERIVED.includes(String(name)))
    : [];
  return { ...schema, properties, required };
}

function hasControl(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, child]) => CONTROL.test(key) || hasControl(child));
}

export async function checkStep(
  state: DeskState,
  step: PlanStep,
  index: number,
  partners: PartnerDirectory,
): Promise<ToolRefusal | null> {
  const where = `Step ${index + 1} (${step.tool} at ${step.partner})`;
  const details = { step: index, partner: step.partner, tool: step.tool };
  const entry = partners.tool(step.partner, step.tool);
  if (!entry || entry.access !== 'write' || !Object.hasOwn(partners.compensations(step.partner), step.tool)) {
    return refusal(
      'STEP_NOT_A_PLANNABLE_WRITE',
      `${where}: ${step.partner} has no write by that name that the desk can undo. Nothing was drafted.`,
      details,
    );
  }
  if (!partners.inScope({ partner: step.partner, purpose: 'execute_plan' }, step.tool)) {
    return refusal(
      'STEP_OUT_OF_SCOPE',
      `${where} is outside an execute_plan lease on ${step.partner}. Nothing was drafted.`,
      details,
    );
  }
  const declared = state.catalogue[step.partner]?.find((tool) => tool.name === step.tool);
  if (!declared) {
    return refusal(
      'STEP_NOT_DISCOVERED',
      `${where}: ${step.partner}'s tools have not been discovered, so the step cannot be checked. Open a read_capacity lease on ${step.partner} first. Nothing was drafted.`,
      details,
    );
  }
  const reserved = DERIVED.filter((name) => Object.hasOwn(step.args, name));
  if (reserved.length > 0) {
    return refusal(
      'STEP_ARGS_RESERVED',
      `${where} sets ${reserved.join(' and ')}; the desk adds both when the step runs. Nothing was drafted.`,
      { ...details, reserved },
    );
  }
  if (hasControl(step.args)) {
    return refusal(
      'STEP_ARGS_CONTROL',
      `${where} has a control character in its arguments. Nothing was drafted.`,
      details,
    );
  }
  const invalid = await validateInput(
    step.tool,
    stepSchema(declared.inputSchema),
    step.args as Record<string, unknown>,
  );
  if (invalid) {
    return refusal(
      'STEP_ARGS_INVALID',
      `${where} does not fit what ${step.partner} declared: ${String(invalid.details['expected'])} Nothing was drafted.`,
      { ...details, problems: invalid.details },
    );
  }
  return null;
}

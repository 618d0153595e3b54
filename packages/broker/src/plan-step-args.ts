// The arguments the desk adds to a plan step when it runs it, and never takes from a drafter: the
// request comes from the plan, the idempotency key from the approval (its id and passkey
// challenge) and the step's index.
import { stepIdempotencyKey } from './idempotency-keys.ts';

const DERIVED = ['request', 'idempotency_key'] as const;

export function idempotencyFree(args: Readonly<Record<string, unknown>>): boolean {
  return DERIVED.every((name) => !Object.hasOwn(args, name));
}

/** The input a step of an approved plan is called with. */
export function stepInput(
  plan: { readonly request: string; readonly steps: readonly { readonly args: Readonly<Record<string, unknown>> }[] },
  stepIndex: number,
  approval: { readonly id: string; readonly challenge: string },
): Record<string, unknown> {
  const step = plan.steps[stepIndex];
  if (!step) throw new RangeError(`The plan has no step ${stepIndex}.`);
  return {
    ...step.args,
    request: plan.request,
    idempotency_key: stepIdempotencyKey(approval.id, approval.challenge, stepIndex),
  };
}

// Idempotency keys the desk derives, never invents: a step of an approved plan runs once per
// approval (a retry of the same step repeats the key, so the partner answers with the first
// result), and the undo of a step has a key of its own, derived from the step's.

export function stepIdempotencyKey(approval: string, stepIndex: number): string {
  return `${approval}:step-${stepIndex}`;
}

export function undoIdempotencyKey(key: string): string {
  return `${key}:undo`;
}

import type { JsonSchema } from './row.ts';

// The kernel knows a schema changed when a row hands back a different object (comparing texts on
// every reconcile would cost more than the reconcile). That is only sound if a schema, once
// registered, cannot change in place, so the kernel freezes what it registers: a later mutation
// throws where it is written instead of leaving an agent with a stale declaration.

const frozen = new WeakSet<object>();

export function freezeSchema(schema: JsonSchema): JsonSchema {
  deepFreeze(schema);
  return schema;
}

function deepFreeze(value: object): void {
  if (frozen.has(value)) return;
  frozen.add(value);
  for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) deepFreeze(child);
  Object.freeze(value);
}

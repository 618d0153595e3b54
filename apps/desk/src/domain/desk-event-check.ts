// Whether a stored value is a desk event this code can fold: the log sets aside anything else
// rather than folding what it does not understand.
import type { DeskEventType } from './desk-events.ts';

const FIELD_OF: Readonly<Record<DeskEventType, string>> = {
  request_taken: 'request',
  request_held: 'request',
  tools_learned: 'tools',
  plan_drafted: 'plan',
  approval_changed: 'approval',
  run_changed: 'run',
  lease_changed: 'lease',
};

/** Why `value` is not a desk event, or null when it is one. */
export function deskEventProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not an object';
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || !Object.hasOwn(FIELD_OF, type))
    return `"${String(type).slice(0, 40)}" is not a desk event`;
  const field = FIELD_OF[type as DeskEventType];
  const held = (value as Record<string, unknown>)[field];
  // request_held names its request by id; every other event carries the record it changes.
  if (type === 'request_held') return typeof held === 'string' ? null : `a ${type} event has no ${field}`;
  return typeof held === 'object' && held !== null ? null : `a ${type} event has no ${field}`;
}

import type { ImperativeRow } from './row.ts';

/**
 * What an agent sees of a registered tool. Two registrations with the same signature are the
 * same tool; a change in any part (a schema that names other fields, a description that names
 * another version) must reach the agent, so it re-registers.
 */
export function signatureOf<S>(row: ImperativeRow<S>, state: S): string {
  return JSON.stringify([row.title, row.description(state), row.annotations ?? null, row.inputSchema(state)]);
}

import type { ImperativeRow } from './row.ts';

/**
 * What an agent sees of a registered tool. Two registrations with the same signature are the
 * same tool; a change in any part (a schema that names other fields, a description that names
 * another version) must reach the agent, so it re-registers.
 *
 * Rows mostly hand back the same schema object from one state to the next (schemas live in data
 * files), so the JSON text is cached by object identity: a reconcile of a large surface then
 * serialises only the schemas that really are new.
 */
const textOf = new WeakMap<object, string>();

function json(value: object | undefined): string {
  if (value === undefined) return '';
  let text = textOf.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    textOf.set(value, text);
  }
  return text;
}

export function signatureOf<S>(row: ImperativeRow<S>, state: S): string {
  return `${row.title}\u0000${row.description(state)}\u0000${json(row.annotations)}\u0000${json(row.inputSchema(state))}`;
}

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

interface Remembered {
  readonly description: string;
  readonly schema: object;
  readonly signature: string;
}
const lastSignature = new WeakMap<object, Remembered>();

export function signatureOf<S>(row: ImperativeRow<S>, state: S): string {
  // A bound row is a new capability under each version, even if nothing the agent reads changed.
  const description = row.binding
    ? `${row.description(state)}\u0000v${row.binding.version(state)}`
    : row.description(state);
  const schema = row.inputSchema(state);
  const remembered = lastSignature.get(row);
  // Most rows answer a reconcile exactly as they did the last one; reuse that answer.
  if (remembered && remembered.description === description && remembered.schema === schema) return remembered.signature;
  const signature = `${row.title}\u0000${description}\u0000${json(row.annotations)}\u0000${json(schema)}`;
  lastSignature.set(row, { description, schema, signature });
  return signature;
}

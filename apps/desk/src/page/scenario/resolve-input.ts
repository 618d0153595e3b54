// Turns a declared input into the input a verb is called with: `$ref`s read from earlier
// results, `$date`s from the local calendar.
import type { ScenarioDate, ScenarioRef, ScenarioValue } from './scenario-step.ts';

function isRef(value: ScenarioValue): value is ScenarioRef {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$ref' in value;
}

function isDate(value: ScenarioValue): value is ScenarioDate {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$date' in value;
}

const pad = (value: number): string => String(value).padStart(2, '0');

export function localDate(token: ScenarioDate, now: Date): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + token.$date);
  while (token.skipWeekdays?.includes(day.getDay())) day.setDate(day.getDate() + 1);
  const date = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  return token.at ? `${date}T${token.at}` : date;
}

/** The value at `path` ("a.b.0.c") in `value`, or undefined. */
function at(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined,
    value,
  );
}

export class UnresolvedReference extends Error {}

export function resolveInput(value: ScenarioValue, results: ReadonlyMap<string, unknown>, now: Date): unknown {
  if (isRef(value)) {
    const [step = '', ...path] = value.$ref.split('.');
    const found = at(results.get(step), path);
    if (found === undefined) throw new UnresolvedReference(`${value.$ref} is not in the results of the steps so far`);
    return found;
  }
  if (isDate(value)) return localDate(value, now);
  if (Array.isArray(value)) return value.map((item: ScenarioValue) => resolveInput(item, results, now));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolveInput(item as ScenarioValue, results, now)]),
    );
  }
  return value;
}

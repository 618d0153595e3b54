import type { ToolResult } from '@warrant/surface';
import type { ExecuteOutcome } from '@warrant/webmcp';

/** The runner's answer as a person reads it: the tool's own sentence, or what went wrong. */
export function describeExecution(outcome: ExecuteOutcome | ToolResult): string {
  // Only an executeTool outcome carries the argument shape the browser accepted.
  if ('shape' in outcome) {
    if (!outcome.ok) return `Not run (${outcome.code}): ${outcome.message}`;
    return `[accepted as ${outcome.shape}] ${describeResult(outcome.value)}`;
  }
  return describeResult(outcome);
}

function describeResult(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  const result = value as Record<string, unknown>;
  if (result['ok'] === false) return `Refused (${String(result['code'])}): ${String(result['message'])}`;
  for (const key of ['message', 'plan', 'minutes', 'explanation', 'stack']) {
    if (typeof result[key] === 'string') return result[key] as string;
  }
  return JSON.stringify(result, null, 2);
}

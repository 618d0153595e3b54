import type { ToolResult } from '@warrant/surface';
import type { ExecuteOutcome } from '@warrant/webmcp';

/** The runner's answer as a person reads it: the tool's own sentence, or what went wrong, in words. */
export function describeExecution(outcome: ExecuteOutcome | ToolResult): string {
  // An executeTool outcome says whether the browser ran the call at all.
  if ('shape' in outcome)
    return outcome.ok ? describeResult(outcome.value) : `The browser did not run it: ${outcome.message}`;
  return describeResult(outcome);
}

function describeResult(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  const result = value as Record<string, unknown>;
  if (result['ok'] === false) return `Refused: ${String(result['message'])}`;
  for (const key of ['message', 'plan', 'minutes', 'explanation', 'stack']) {
    if (typeof result[key] === 'string') return result[key] as string;
  }
  return JSON.stringify(result, null, 2);
}

// How the board's page POSTs to its own server (its session cookie goes with it) and reads the
// answer: a result, or a refusal when the server cannot be reached.
import type { ToolResult } from '@warrant/surface';
import { serverUnreachable } from './domain/refusals.ts';

export async function postJson(path: string, body: unknown): Promise<ToolResult> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as ToolResult;
  } catch {
    return serverUnreachable();
  }
}

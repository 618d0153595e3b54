import type { ToolResult } from '@warrant/surface';

/** The answer to a staff member's last change, beside the control that made it. */
export function ActOutcome({ result, id }: { readonly result: ToolResult | null; readonly id: string }) {
  if (!result) return null;
  if (result.ok) {
    return (
      <p class="act-outcome ok" id={id} role="status">
        {String(result['summary'] ?? 'Done.')}
      </p>
    );
  }
  return (
    <p class="act-outcome refused" id={id} role="alert" data-code={result.code}>
      {result.message}
    </p>
  );
}

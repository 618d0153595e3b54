// What a verb's body tells the record about its call beyond the result itself: the policy
// verdict it ran under and the ids it touched. A body answers with both, as one value, and the
// verb's row writes them into the call's one `verb_called` row.
import type { PartnerName, PolicyVerdict } from '@warrant/broker';
import type { ToolResult } from '@warrant/surface';

export interface VerbNote {
  readonly policy: PolicyVerdict;
  readonly to?: PartnerName | 'desk';
  readonly request?: string;
  readonly lease?: string;
  readonly plan?: string;
  readonly approval?: string;
  readonly digest?: string;
  /** `key=value` pairs (hopDetail). */
  readonly detail?: string;
}

/** A body's answer: the result its caller hears, and the note the record keeps. */
export interface NotedResult {
  readonly result: ToolResult;
  readonly note: VerbNote;
}

export function noted(result: ToolResult, note: VerbNote): NotedResult {
  return { result, note };
}

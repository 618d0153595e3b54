// What a verb's body tells the record about its call beyond the result itself: the policy
// verdict it ran under and the ids it touched. Kept beside the result object, so the one place
// that records every call (including those the kernel refused before any body ran) finds it.
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

const notes = new WeakMap<object, VerbNote>();

export function noted<R extends ToolResult>(result: R, note: VerbNote): R {
  notes.set(result, note);
  return result;
}

export function noteOf(result: ToolResult): VerbNote | undefined {
  return notes.get(result);
}

// One call of a turn in plain words for the panel: what the model asked for, and what came of
// it. The code stays in the fine print. Partner data never appears here: find_capacity's region
// is data for the model, and people read it in the capacity panel, inert.
import type { ToolResult } from '@warrant/surface';
import { VERB_WORDS } from './verb-words.ts';
import { isHalt, type TurnCall } from './turn.ts';

const MAX_WORDS = 300;

function said(result: ToolResult): string {
  const text = result.ok ? result['message'] : result.message;
  return typeof text === 'string' ? text.slice(0, MAX_WORDS) : '';
}

/** What was asked, and what came of it, as a sentence each. */
export function callWords(call: TurnCall): { readonly asked: string; readonly outcome: string } {
  const known = Object.hasOwn(VERB_WORDS, call.verb) ? VERB_WORDS[call.verb as keyof typeof VERB_WORDS] : null;
  const asked = known ?? `Call “${call.verb.slice(0, 64)}”, which this desk does not have`;
  const { result } = call;
  if (isHalt(result)) {
    return {
      asked,
      outcome: `Raised ${String(result['plan'])} for approval as ${String(result['approval_id'])}. Nothing ran; a person decides, and the turn stops here.`,
    };
  }
  if (result.ok) {
    const reads = result['reads'];
    if (Array.isArray(reads))
      return {
        asked,
        outcome: `Done: ${reads.length} read${reads.length === 1 ? '' : 's'} from partners, shown under Capacity as data.`,
      };
    return { asked, outcome: `Done. ${said(result)}`.trim() };
  }
  return { asked, outcome: `${call.ran ? 'Refused' : 'Not run'}: ${said(result)}` };
}

// The one legality predicate of each verb: its guards from the rules, in order.
import type { Verdict } from '@warrant/surface';
import { GUARDS } from './guards.ts';
import type { DeskState } from './state.ts';
import { VERB_RULES } from './verb-rules.ts';
import type { VerbName } from './verbs.ts';

export function verdictOf(verb: VerbName, state: DeskState): Verdict {
  for (const name of VERB_RULES[verb]) {
    const failure = GUARDS[name](state);
    if (failure) return { legal: false, reason: failure.reason, cite: failure.cite, code: failure.code };
  }
  return { legal: true };
}

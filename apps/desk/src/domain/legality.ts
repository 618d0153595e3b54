// The one legality predicate of each verb: the verb's guards from the rules, in order, through the
// kernel's rulebook.
import { defineRulebook, type Verdict } from '@warrant/surface';
import { GUARDS } from './guards.ts';
import type { DeskState } from './state.ts';
import { VERB_RULES } from './verb-rules.ts';
import type { VerbName } from './verbs.ts';

const DESK_RULES = defineRulebook({ guards: GUARDS, rules: VERB_RULES });

export function verdictOf(verb: VerbName, state: DeskState): Verdict {
  return DESK_RULES.rule(state, verb, undefined);
}

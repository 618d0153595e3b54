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

/**
 * The rules the desk's server asks of one event a page stores. A page's tool list reads
 * `noRunUnderWay` desk-wide (it offers no draft_plan while any run is under way); with several
 * dispatchers at once another's run does not make this plan out of order, so the server asks the
 * plan itself instead (event-order.ts, a run of this plan) and this guard always holds here.
 */
const SERVER_RULES = defineRulebook({ guards: { ...GUARDS, noRunUnderWay: () => null }, rules: VERB_RULES });

/** `verb`'s verdict on the one thing an event a page stores is about (see SERVER_RULES). */
export function eventVerdictOf(verb: VerbName, state: DeskState): Verdict {
  return SERVER_RULES.rule(state, verb, undefined);
}

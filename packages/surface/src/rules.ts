// Rules as data, evaluated in one place. A rulebook names guards (each a predicate that answers
// null when it passes, or why the act is out of order) and, for each act, the guards it must pass
// in order; the first that fails gives the reason. Every app's legality goes through here, so a
// reason, its citation and its code have one shape whatever the app, and a rule is changed by
// editing a row of its table, never a loop.
import type { Verdict } from './row.ts';

/** Why an act is out of order: the words a person and a model read, the rule, and what a call hears. */
export interface RuleFailure {
  readonly reason: string;
  /** The rule that decides it ("RONR §40", "one acting tab"); the rulebook's own citation when absent. */
  readonly cite?: string;
  /** The refusal code a call that reaches the act anyway hears; the kernel's NOT_IN_ORDER when absent. */
  readonly code?: string;
  /** What a refusal built from this failure carries besides its words. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** A named condition. `context` is what the act brings with it (the bench's row, say); most rulebooks need none. */
export type Guard<State, Context = undefined> = (state: State, context: Context) => RuleFailure | null;

/** A kernel Verdict; out of order, it always has its reason, and the failure's details where it gave some. */
export type Ruling =
  | (Verdict & { readonly legal: true })
  | (Verdict & {
      readonly legal: false;
      readonly reason: string;
      readonly details?: Readonly<Record<string, unknown>>;
    });

export interface RulebookSpec<State, Act extends string, GuardName extends string, Context> {
  readonly guards: Readonly<Record<GuardName, Guard<State, Context>>>;
  /** For each act, the guards it must pass, in the order they are checked. */
  readonly rules: Readonly<Record<Act, readonly GuardName[]>>;
  /** The act's citation: given to an act in order, and to a failure whose guard names none. */
  readonly cite?: (state: State, act: Act, context: Context) => string | undefined;
}

export interface Rulebook<State, Act extends string, Context> {
  /** The act's ruling in `state`: in order, or the first guard that fails. */
  rule(state: State, act: Act, context: Context): Ruling;
  /** The acts in order in `state`, in the order `acts` lists them. */
  inOrder<Listed extends Act>(state: State, acts: readonly Listed[], contextOf: (act: Listed) => Context): Listed[];
}

export function defineRulebook<State, Act extends string, GuardName extends string, Context = undefined>(
  spec: RulebookSpec<State, Act, GuardName, Context>,
): Rulebook<State, Act, Context> {
  const rule = (state: State, act: Act, context: Context): Ruling => {
    const names = spec.rules[act];
    for (let index = 0; index < names.length; index += 1) {
      const failure = spec.guards[names[index] as GuardName](state, context);
      if (failure === null) continue;
      const cite = failure.cite ?? spec.cite?.(state, act, context);
      return {
        legal: false,
        reason: failure.reason,
        ...(cite === undefined ? {} : { cite }),
        ...(failure.code === undefined ? {} : { code: failure.code }),
        ...(failure.details === undefined ? {} : { details: failure.details }),
      };
    }
    const cite = spec.cite?.(state, act, context);
    return cite === undefined ? { legal: true } : { legal: true, cite };
  };
  return {
    rule,
    inOrder: (state, acts, contextOf) => acts.filter((act) => rule(state, act, contextOf(act)).legal),
  };
}

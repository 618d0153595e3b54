// The one function over the policy table. The table is total (a test proves every combination
// is matched by exactly one row); should an edited table ever match none or several, the answer
// is deny, because a hop the rules do not clearly allow does not happen.
import {
  POLICY_TABLE,
  type ActClass,
  type Actor,
  type ApprovalState,
  type PolicyPurpose,
  type PolicyRule,
  type PolicyVerdict,
} from './policy-table.ts';

export interface PolicyQuery {
  readonly actor: Actor;
  readonly act: ActClass;
  readonly purpose: PolicyPurpose;
  readonly approval: ApprovalState;
}

export interface PolicyDecision {
  readonly verdict: PolicyVerdict;
  /** The id of the row that decided, or `unmatched` / `ambiguous` when the table failed to. */
  readonly rule: string;
  readonly why: string;
}

export function matchingRules(query: PolicyQuery, table: readonly PolicyRule[] = POLICY_TABLE): PolicyRule[] {
  return table.filter(
    (rule) =>
      rule.act === query.act &&
      rule.actors.includes(query.actor) &&
      rule.purposes.includes(query.purpose) &&
      rule.approvals.includes(query.approval),
  );
}

export function evaluatePolicy(query: PolicyQuery, table: readonly PolicyRule[] = POLICY_TABLE): PolicyDecision {
  const rules = matchingRules(query, table);
  const [only] = rules;
  if (rules.length === 1 && only) return { verdict: only.verdict, rule: only.id, why: only.why };
  const asked = `${query.actor} / ${query.act} / ${query.purpose} / ${query.approval}`;
  if (rules.length === 0)
    return { verdict: 'deny', rule: 'unmatched', why: `No policy row covers ${asked}, so it is denied.` };
  return {
    verdict: 'deny',
    rule: 'ambiguous',
    why: `Policy rows ${rules.map((rule) => rule.id).join(', ')} all cover ${asked}, so it is denied.`,
  };
}

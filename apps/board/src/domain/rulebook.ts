// When each act on the board is in order, as data: the guards that must pass, in the order they
// are checked, so the reason given is the first cause. rule.ts reads this table and nothing else
// decides legality: the tool verdicts (what is registered), the acts themselves (what commits) and
// the screen all ask rule(). guards.ts holds each guard's predicate; a rule is changed here, by
// editing a row, and legality.test.ts checks the table against an independent statement.

/** The agent's tools, in the order they are registered and listed. */
export const TOOL_NAMES = [
  'inspect_workspace',
  'inspect_active_scope',
  'edit_scoped_fields',
  'request_scope_expansion',
  'submit_changes_for_review',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/**
 * The human's acts that can be out of order. Resetting the board is always in order (a person can
 * always start over), so it has no row.
 */
export const HUMAN_ACT_NAMES = ['frame_fields', 'decide_expansion', 'decide_review'] as const;
export type HumanActName = (typeof HUMAN_ACT_NAMES)[number];

export type ActName = ToolName | HumanActName;

/** Named guards; guards.ts holds the predicate for each. */
export type GuardId =
  | 'inDraft'
  | 'somethingFramed'
  | 'somethingUnframed'
  | 'noExpansionWaiting'
  | 'noDecisionWaiting'
  | 'hasChanges'
  | 'expansionWaiting'
  | 'reviewActive';

export const RULES: Readonly<Record<ActName, readonly GuardId[]>> = {
  inspect_workspace: [],
  inspect_active_scope: [],
  edit_scoped_fields: ['inDraft', 'somethingFramed'],
  request_scope_expansion: ['inDraft', 'somethingFramed', 'somethingUnframed', 'noExpansionWaiting'],
  submit_changes_for_review: ['inDraft', 'noDecisionWaiting', 'hasChanges'],
  frame_fields: ['inDraft'],
  decide_expansion: ['expansionWaiting'],
  decide_review: ['reviewActive'],
};

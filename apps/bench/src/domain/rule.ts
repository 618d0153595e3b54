// The single legality predicate. What is registered, what the panel shows as out of order and
// what the path search may try are all read from rule(); nothing else decides legality.

import { defineRulebook, type Guard, type Ruling } from '@warrant/surface';
import type { GatedRow, GuardId, ToolName } from './rulebook.ts';
import { GATED_ROWS, PHASE_WORDS, SUBQUORUM_ALLOWED } from './rulebook.ts';
import { GUARDS } from './guards.ts';
import type { MeetingState } from './state.ts';
import { quorumPresent, top, voteMayBeTaken } from './state.ts';

export type { Ruling };

export const ROWS_BY_NAME: ReadonlyMap<string, GatedRow> = new Map(GATED_ROWS.map((r) => [r.name, r]));

const QUORUM_CITE = 'RONR §40';

// What every gated act must pass before its own guard: its phase, then a quorum (§40).
const inPhase: Guard<MeetingState, GatedRow> = (state, row) =>
  row.phases.includes(state.phase) ? null : { reason: `Not in order ${PHASE_WORDS[state.phase]}.` };

const quorumOrExempt: Guard<MeetingState, GatedRow> = (state, row) =>
  quorumPresent(state) || SUBQUORUM_ALLOWED.has(row.name)
    ? null
    : {
        cite: QUORUM_CITE,
        reason: `No quorum: ${state.present} of ${state.bylaws.boardSize} members present, quorum ${state.bylaws.quorum}. Only adjournment (with its second and vote), points of order, the chair's rulings, corrections and the attendance count remain in order.`,
      };

type CheckName = 'inPhase' | 'quorumOrExempt' | GuardId;

const RULES: Readonly<Record<string, readonly CheckName[]>> = Object.fromEntries(
  GATED_ROWS.map((row) => [
    row.name,
    row.guard ? ['inPhase', 'quorumOrExempt', row.guard] : ['inPhase', 'quorumOrExempt'],
  ]),
);

/** Each gated row's checks, in a fixed order — phase, §40, its guard — so the reason is the first cause. */
const BENCH_RULES = defineRulebook({
  guards: { inPhase, quorumOrExempt, ...GUARDS },
  rules: RULES,
  cite: (_state, _act, row) => row.cite,
});

export function rule(state: MeetingState, toolName: string): Ruling {
  const row = ROWS_BY_NAME.get(toolName);
  if (!row) return { legal: false, reason: `Unknown tool: ${toolName}.` };
  return BENCH_RULES.rule(state, row.name, row);
}

/** The acts in order now, in rulebook order: what gets registered, and the order the search tries. */
export function legalTools(state: MeetingState): ToolName[] {
  return GATED_ROWS.filter((r) => rule(state, r.name).legal).map((r) => r.name);
}

export type FrontierRow = Ruling & {
  readonly toolName: ToolName;
  readonly title: string;
  readonly kind: GatedRow['kind'];
};

/** Every gated row with its ruling: the in-order and out-of-order panels in one list. */
export function frontier(state: MeetingState): FrontierRow[] {
  return GATED_ROWS.map((r) => ({ toolName: r.name, title: r.title, kind: r.kind, ...rule(state, r.name) }));
}

/**
 * The chair's bench control, never a tool: putting the question is what makes a vote possible.
 * In order on a seconded question that is open for debate, or that has gone to a vote without
 * debate (an undebatable motion seconded, the previous question ordered) and is not yet put. Only
 * with a quorum, since a vote taken without one would be void (§40) — except on a motion §40
 * itself leaves in order without one, so that a meeting short of its quorum can still adjourn.
 */
export function canPutTheQuestion(state: MeetingState): boolean {
  const t = top(state);
  if (t === undefined || t.seconder === null) return false;
  if (!voteMayBeTaken(state)) return false;
  return state.phase === 'OPEN' || (state.phase === 'VOTE_PENDING' && !state.questionPut);
}

// The single legality predicate. What is registered, what the panel shows as out of order and
// what the path search may try are all read from rule(); nothing else decides legality.

import type { GatedRow, ToolName } from './rulebook.ts';
import { ASSEMBLY, GATED_ROWS, GUARD_CITES, MOTIONS, PHASE_WORDS, SUBQUORUM_ALLOWED } from './rulebook.ts';
import { GUARDS } from './guards.ts';
import type { MeetingState } from './state.ts';
import { quorumPresent, top, voteMayBeTaken } from './state.ts';

/** Shaped like the kernel's Verdict, so a row's verdict can return it unchanged. */
export interface Ruling {
  readonly legal: boolean;
  /** Why the act is out of order: the first cause only. */
  readonly reason?: string;
  /** The rule that decides it, e.g. "RONR §12". */
  readonly cite?: string;
}

export const ROWS_BY_NAME: ReadonlyMap<string, GatedRow> = new Map(GATED_ROWS.map((r) => [r.name, r]));

const QUORUM_CITE = 'RONR §40';

/** Checks run in a fixed order — unknown, phase, §40, guard — so the reason is the first cause. */
export function rule(state: MeetingState, toolName: string): Ruling {
  const row = ROWS_BY_NAME.get(toolName);
  if (!row) return { legal: false, reason: `Unknown tool: ${toolName}.` };
  if (!row.phases.includes(state.phase)) {
    return { legal: false, cite: row.cite, reason: `Not in order ${PHASE_WORDS[state.phase]}.` };
  }
  if (!quorumPresent(state) && !SUBQUORUM_ALLOWED.has(row.name)) {
    return {
      legal: false,
      cite: QUORUM_CITE,
      reason: `No quorum: ${state.present} of ${ASSEMBLY.boardSize} members present, quorum ${ASSEMBLY.quorum}. Only adjournment (with its second and vote), points of order, the chair's rulings, corrections and the attendance count remain in order.`,
    };
  }
  if (row.guard) {
    const failure = GUARDS[row.guard](state, row.motion ? MOTIONS[row.motion] : null);
    if (failure) return { legal: false, cite: GUARD_CITES[row.guard] ?? row.cite, reason: failure };
  }
  return { legal: true, cite: row.cite };
}

/** The acts in order now, in rulebook order: what gets registered, and the order the search tries. */
export function legalTools(state: MeetingState): ToolName[] {
  return GATED_ROWS.filter((r) => rule(state, r.name).legal).map((r) => r.name);
}

export interface FrontierRow extends Ruling {
  readonly toolName: ToolName;
  readonly title: string;
  readonly kind: GatedRow['kind'];
}

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

// Why an act is out of order, for each guard the rulebook names: the reason its verdict shows,
// and the code a call that reaches it anyway hears. Worded here and nowhere else; the page needs
// these from its first task on (the verdicts decide what is registered).
import type { RuleFailure } from '@warrant/surface';
import type { BoardState, ExpansionRequest } from './state.ts';
import { labels } from './wording.ts';

/**
 * Why an act is out of order: what its verdict shows (the reason) and what a call that reaches it
 * anyway hears (the code; the kernel's NOT_IN_ORDER when absent). The kernel's one failure shape,
 * with its details always given.
 */
export type Cause = RuleFailure & { readonly details: Readonly<Record<string, unknown>> };

export function notDraft(state: BoardState): Cause {
  const reason =
    state.phase === 'REVIEW'
      ? 'The board is in review: write tools are closed until the human returns it to draft.'
      : 'The board has been accepted: it takes no further changes.';
  return { code: 'BOARD_NOT_DRAFT', reason, details: { phase: state.phase } };
}

export function nothingFramed(state: BoardState): Cause {
  return {
    reason: 'Nothing is framed: only the human can frame fields, on the board.',
    details: { scopeVersion: state.scopeVersion },
  };
}

export function everythingFramed(state: BoardState): Cause {
  return { reason: 'Every field is already framed.', details: { scope: state.scope } };
}

export function expansionPending(request: ExpansionRequest): Cause {
  return {
    code: 'EXPANSION_PENDING',
    reason: `A request for ${labels(request.fields)} is already waiting for the human. Do not ask again; wait for their decision.`,
    details: { requestId: request.id, fields: request.fields },
  };
}

export function decisionPending(request: ExpansionRequest): Cause {
  return {
    code: 'HUMAN_DECISION_PENDING',
    reason: `A request for ${labels(request.fields)} is waiting for the human; submit after they decide.`,
    details: { requestId: request.id },
  };
}

export function noChanges(): Cause {
  return {
    code: 'NO_CHANGES',
    reason: 'Nothing differs from the original board yet, so there is nothing to review.',
    details: {},
  };
}

export function noPendingRequest(): Cause {
  return { code: 'NO_PENDING_REQUEST', reason: 'There is no expansion request waiting for a decision.', details: {} };
}

export function noActiveReview(state: BoardState): Cause {
  return {
    code: 'NO_ACTIVE_REVIEW',
    reason: 'There is no review waiting for a decision.',
    details: { phase: state.phase },
  };
}

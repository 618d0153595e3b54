// The guards the rulebook names. Each answers null when it passes, or the cause of the act being
// out of order (causes.ts words it). A guard only narrows: the rulebook lists which apply.
import type { GuardId } from './rulebook.ts';
import {
  decisionPending,
  everythingFramed,
  expansionPending,
  noActiveReview,
  noChanges,
  notDraft,
  nothingFramed,
  noPendingRequest,
  type Cause,
} from './causes.ts';
import { derive, type BoardState } from './state.ts';

type Guard = (state: BoardState) => Cause | null;

export const GUARDS: Readonly<Record<GuardId, Guard>> = {
  inDraft: (s) => (s.phase === 'DRAFT' ? null : notDraft(s)),
  somethingFramed: (s) => (s.scope.length > 0 ? null : nothingFramed(s)),
  somethingUnframed: (s) => (derive(s).blocked.length > 0 ? null : everythingFramed(s)),
  // One request at a time: a second would race the first for the same human decision.
  noExpansionWaiting: (s) => (s.pendingExpansion ? expansionPending(s.pendingExpansion) : null),
  // A review is of a settled frame: submitting while the human weighs a request would pre-empt them.
  noDecisionWaiting: (s) => (s.pendingExpansion ? decisionPending(s.pendingExpansion) : null),
  hasChanges: (s) => (derive(s).hasChanges ? null : noChanges()),
  expansionWaiting: (s) => (s.pendingExpansion ? null : noPendingRequest()),
  reviewActive: (s) => (s.phase === 'REVIEW' && s.review ? null : noActiveReview(s)),
};

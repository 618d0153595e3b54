// Every refusal the board's acts give, each built here and nowhere else: its code (board.md's),
// its words for the human and the model, and its details. Acts and guards decide *that* something
// is refused; this file says *how*. The refusals of a single field's value are in
// value-refusals.ts, which the board needs at start-up to read a stored board back.
import { refusal, type ToolRefusal } from '@warrant/surface';
import { REASON_LENGTH, type FieldId } from './fields.ts';
import type { BoardState, ExpansionRequest, Review } from './state.ts';
import { UNCHANGED } from './value-refusals.ts';
import { labels } from './wording.ts';

type Details = { readonly [key: string]: unknown };

/**
 * Why an act is out of order: what its verdict shows (the reason) and what a call that reaches it
 * anyway hears (the code; the kernel's NOT_IN_ORDER when absent).
 */
export interface Cause {
  readonly code?: string;
  readonly reason: string;
  readonly details: Details;
}

/** The refusal an act gives when a guard fails: the cause's code and reason, and nothing changed. */
export function outOfOrder(cause: Cause): ToolRefusal {
  return refusal(cause.code ?? 'NOT_IN_ORDER', `${cause.reason} ${UNCHANGED}`, cause.details);
}

// The causes the guards name.

export function notDraft(state: BoardState): Cause {
  const reason =
    state.phase === 'REVIEW'
      ? 'The board is in review: write tools are closed until the human returns it to draft.'
      : 'The board has been accepted: it takes no further changes.';
  return { code: 'BOARD_NOT_DRAFT', reason, details: { phase: state.phase } };
}

export function nothingFramed(state: BoardState): Cause {
  return { reason: 'Nothing is framed: only the human can frame fields, on the board.', details: { scopeVersion: state.scopeVersion } };
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
  return { code: 'NO_CHANGES', reason: 'Nothing differs from the original board yet, so there is nothing to review.', details: {} };
}

export function noPendingRequest(): Cause {
  return { code: 'NO_PENDING_REQUEST', reason: 'There is no expansion request waiting for a decision.', details: {} };
}

export function noActiveReview(state: BoardState): Cause {
  return { code: 'NO_ACTIVE_REVIEW', reason: 'There is no review waiting for a decision.', details: { phase: state.phase } };
}

// Refusals of what an act was given.

/** A capability granted before a reset: the frame it was bound to belongs to the board's last generation. */
export function resetSince(registered: BoardState, live: BoardState): ToolRefusal | null {
  if (registered.generation === live.generation) return null;
  return refusal(
    'SCOPE_STALE',
    `This tool was granted under scope v${registered.scopeVersion} before the human reset the board; that frame no longer exists. ` +
      `Nothing was changed. Read the current scope (v${live.scopeVersion}) again and use the tools registered for it.`,
    { registeredScopeVersion: registered.scopeVersion, expectedScopeVersion: live.scopeVersion, reset: true },
  );
}

export function outOfScope(state: BoardState, ids: readonly FieldId[]): ToolRefusal {
  return refusal(
    'OUT_OF_SCOPE',
    `${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} outside the human's frame (scope v${state.scopeVersion}: ${state.scope.join(', ') || 'nothing'}). ` +
      'The whole batch was rejected; nothing was applied. Edit only framed fields, or call request_scope_expansion to ask the human for the others.',
    { outOfScope: ids, scope: state.scope, scopeVersion: state.scopeVersion },
  );
}

export function notAFrame(ids: unknown): ToolRefusal {
  return refusal('INVALID_VALUE', `A frame is a list of field ids. ${UNCHANGED}`, { received: Array.isArray(ids) ? 'array' : typeof ids });
}

export function scopeUnchanged(state: BoardState): ToolRefusal {
  return refusal('SCOPE_UNCHANGED', `The frame already holds exactly ${labels(state.scope) || 'nothing'}. ${UNCHANGED}`, {
    scope: state.scope,
    scopeVersion: state.scopeVersion,
  });
}

export function invalidDecision(choices: readonly [string, string], subject: Details): ToolRefusal {
  return refusal('INVALID_DECISION', `Decide with "${choices[0]}" or "${choices[1]}". ${UNCHANGED}`, subject);
}

/** REVIEW_ID_REQUIRED or REVIEW_STALE, as the identity check named it, about the active review. */
export function reviewNotPresented(review: Review, identity: ToolRefusal): ToolRefusal {
  const presented = identity.details['presentedId'];
  return refusal(identity.code, identity.message, {
    activeReviewId: review.reviewId,
    ...(presented === undefined ? {} : { presentedReviewId: presented }),
  });
}

export function noUpdates(state: BoardState): ToolRefusal {
  return refusal('NO_UPDATES', `\`updates\` is empty. Name at least one framed field: ${labels(state.scope) || 'nothing'}. ${UNCHANGED}`, { scope: state.scope });
}

export function noChange(state: BoardState): ToolRefusal {
  return refusal('NO_CHANGE', `Every value given is already the current value. ${UNCHANGED}`, { scopeVersion: state.scopeVersion });
}

export function noFields(unframed: readonly FieldId[]): ToolRefusal {
  return refusal('NO_FIELDS', `Name the fields you need, out of the unframed ones: ${unframed.join(', ')}. ${UNCHANGED}`, { unframed });
}

export function alreadyScoped(ids: readonly FieldId[]): ToolRefusal {
  const one = ids.length === 1;
  return refusal('ALREADY_SCOPED', `${ids.join(', ')} ${one ? 'is' : 'are'} already framed; edit ${one ? 'it' : 'them'} directly. Ask only for unframed fields. ${UNCHANGED}`, {
    alreadyScoped: ids,
  });
}

export function reasonRequired(fields: readonly FieldId[]): ToolRefusal {
  return refusal('REASON_REQUIRED', `Say why you need ${labels(fields)}, in ${REASON_LENGTH.min} to ${REASON_LENGTH.max} characters; the human decides on it. ${UNCHANGED}`, {
    minLength: REASON_LENGTH.min,
  });
}

export function requestNoLongerWaiting(requestId: string): ToolRefusal {
  return refusal('NO_PENDING_REQUEST', `Request ${requestId} is no longer waiting. ${UNCHANGED}`, { requestId });
}

// Refusals of the board's record: the act was decided, but not recorded, so it did not happen.

export function changedElsewhere(missed: number): ToolRefusal {
  return refusal(
    'STALE_TAB',
    'Another tab or window changed the board a moment before this act, so it was not recorded. Nothing was changed. ' +
      'This tab now shows the board as it stands: look again, then act.',
    { missed },
  );
}

export function notRecorded(code: string, message: string, details: Details): ToolRefusal {
  return refusal(code, `The board's record did not take this act, so nothing was changed: ${message}`, details);
}

// Every refusal the board's acts give, each built here and nowhere else: its code (board.md's),
// its words for the human and the model, and its details. Acts and guards decide *that* something
// is refused; this file says *how*. Three kinds live apart, because the page needs them before
// the acts load: why an act is out of order (causes.ts), what a tool call hears before its act
// runs (call-refusals.ts), and what a single field's value is refused for (value-refusals.ts).
import { refusal, type RuleFailure, type ToolRefusal } from '@warrant/surface';
import { REASON_LENGTH, type FieldId } from './fields.ts';
import type { BoardState, Review } from './state.ts';
import { UNCHANGED } from './value-refusals.ts';
import { labels } from './wording.ts';

type Details = { readonly [key: string]: unknown };

/** The refusal an act gives when a guard fails: the cause's code and reason, and nothing changed. */
export function outOfOrder(cause: RuleFailure): ToolRefusal {
  return refusal(cause.code ?? 'NOT_IN_ORDER', `${cause.reason} ${UNCHANGED}`, cause.details ?? {});
}

// Refusals of what an act was given.

export function notAFrame(ids: unknown): ToolRefusal {
  return refusal('INVALID_VALUE', `A frame is a list of field ids. ${UNCHANGED}`, {
    received: Array.isArray(ids) ? 'array' : typeof ids,
  });
}

export function scopeUnchanged(state: BoardState): ToolRefusal {
  return refusal(
    'SCOPE_UNCHANGED',
    `The frame already holds exactly ${labels(state.scope) || 'nothing'}. ${UNCHANGED}`,
    {
      scope: state.scope,
      scopeVersion: state.scopeVersion,
    },
  );
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
  return refusal(
    'NO_UPDATES',
    `\`updates\` is empty. Name at least one framed field: ${labels(state.scope) || 'nothing'}. ${UNCHANGED}`,
    { scope: state.scope },
  );
}

export function noChange(state: BoardState): ToolRefusal {
  return refusal('NO_CHANGE', `Every value given is already the current value. ${UNCHANGED}`, {
    scopeVersion: state.scopeVersion,
  });
}

export function noFields(unframed: readonly FieldId[]): ToolRefusal {
  return refusal(
    'NO_FIELDS',
    `Name the fields you need, out of the unframed ones: ${unframed.join(', ')}. ${UNCHANGED}`,
    { unframed },
  );
}

export function alreadyScoped(ids: readonly FieldId[]): ToolRefusal {
  const one = ids.length === 1;
  return refusal(
    'ALREADY_SCOPED',
    `${ids.join(', ')} ${one ? 'is' : 'are'} already framed; edit ${one ? 'it' : 'them'} directly. Ask only for unframed fields. ${UNCHANGED}`,
    {
      alreadyScoped: ids,
    },
  );
}

export function reasonRequired(fields: readonly FieldId[]): ToolRefusal {
  return refusal(
    'REASON_REQUIRED',
    `Say why you need ${labels(fields)}, in ${REASON_LENGTH.min} to ${REASON_LENGTH.max} characters; the human decides on it. ${UNCHANGED}`,
    {
      minLength: REASON_LENGTH.min,
    },
  );
}

export function requestNoLongerWaiting(requestId: string): ToolRefusal {
  return refusal('NO_PENDING_REQUEST', `Request ${requestId} is no longer waiting. ${UNCHANGED}`, { requestId });
}

// Refusals of the board's server: the act was not decided there, so it did not happen.

export function boardNotLoaded(): ToolRefusal {
  return refusal(
    'BOARD_NOT_LOADED',
    'The board has not been read from its server yet, so nothing can be decided. Nothing was changed. Try again in a moment.',
    {},
  );
}

export function serverUnreachable(): ToolRefusal {
  return refusal(
    'BOARD_SERVER_UNREACHABLE',
    "The board's server cannot be reached, so nothing can be decided. Nothing was changed. Try again once it is back.",
    {},
  );
}

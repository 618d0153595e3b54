// Every act on the board. Each returns { state, result }; a refusal returns the state it was given,
// the same object, untouched, so a refused act is all-or-nothing by construction. Human acts are
// reached only from the page; agent acts only through the tools, and each is bound to the scope
// version its tool was registered under.
import { formatReference, requireIdentity } from '@warrant/authority';
import { checkBinding, refusal, type ToolRefusal } from '@warrant/surface';
import { FIELD_IDS, REASON_LENGTH, type FieldId } from './fields.ts';
import {
  derive,
  diffFields,
  sortFieldIds,
  type ActivityEntry,
  type ActivityType,
  type Actor,
  type BoardEnv,
  type BoardState,
  type ExpansionRequest,
  type FieldChange,
  type FieldValues,
} from './state.ts';
import { fieldDef, isFieldId, validateFieldValue } from './validate.ts';

export interface Step<T> {
  readonly state: BoardState;
  readonly result: T | ToolRefusal;
}

export interface ScopeUpdated {
  readonly ok: true;
  readonly code: 'SCOPE_UPDATED';
  readonly message: string;
  readonly scope: readonly FieldId[];
  readonly scopeVersion: number;
  /** The expansion request this re-frame closed, if one was waiting. */
  readonly supersededRequestId: string | null;
}

export interface ExpansionDecided {
  readonly ok: true;
  readonly code: 'EXPANSION_APPROVED' | 'EXPANSION_DENIED';
  readonly message: string;
  readonly requestId: string;
  readonly decision: 'approved' | 'denied';
  readonly permissionChanged: boolean;
  /** The fields the decision added to the frame: the requested ones on approval, none on denial. */
  readonly addedFields: readonly FieldId[];
  readonly scope: readonly FieldId[];
  readonly scopeVersion: number;
}

export interface ReviewDecided {
  readonly ok: true;
  readonly code: 'REVIEW_ACCEPTED' | 'REVIEW_RETURNED';
  readonly message: string;
  readonly reviewId: string;
  readonly phase: 'ACCEPTED' | 'DRAFT';
}

export interface BoardReset {
  readonly ok: true;
  readonly code: 'BOARD_RESET';
  readonly message: string;
  readonly scopeVersion: number;
  readonly supersededRequestId: string | null;
}

export interface EditApplied {
  readonly ok: true;
  readonly code: 'SCOPED_EDIT_APPLIED';
  readonly message: string;
  readonly scopeVersion: number;
  readonly changed: readonly FieldChange[];
}

export interface ExpansionRequested {
  readonly ok: true;
  readonly code: 'EXPANSION_REQUESTED';
  readonly message: string;
  readonly requestId: string;
  readonly fields: readonly FieldId[];
  readonly reason: string;
  readonly basedOnScopeVersion: number;
}

export interface ReviewSubmitted {
  readonly ok: true;
  readonly code: 'REVIEW_SUBMITTED';
  readonly message: string;
  readonly reviewId: string;
  readonly scopeVersion: number;
  readonly diff: readonly FieldChange[];
}

export interface WaitNoted {
  readonly ok: true;
  readonly code: 'WAIT_NOTED';
  readonly message: string;
  readonly requestId: string;
}

export interface BoardActs {
  // Human acts: reached from the page only.
  setScope(state: BoardState, ids: unknown): Step<ScopeUpdated>;
  decideExpansion(state: BoardState, decision: unknown): Step<ExpansionDecided>;
  decideReview(state: BoardState, decision: unknown, presentedReviewId: unknown): Step<ReviewDecided>;
  reset(state: BoardState): Step<BoardReset>;
  // Agent acts: reached through a tool registered under `registeredVersion`.
  editScopedFields(state: BoardState, input: unknown, registeredVersion: number): Step<EditApplied>;
  requestScopeExpansion(state: BoardState, input: unknown, registeredVersion: number): Step<ExpansionRequested>;
  submitForReview(state: BoardState, input: unknown, registeredVersion: number): Step<ReviewSubmitted>;
  // System: the agent's wait for a decision ended without one; the request stays open.
  noteWaitEnded(state: BoardState, requestId: string, code: string): Step<WaitNoted>;
}

const labels = (ids: readonly FieldId[]): string => ids.map((id) => fieldDef(id)?.label ?? id).join(', ') || 'nothing';

function refused<T>(state: BoardState, refusal: ToolRefusal): Step<T> {
  return { state, result: refusal };
}

function notDraft(state: BoardState): ToolRefusal {
  const why =
    state.phase === 'REVIEW'
      ? 'The board is in review: write tools are closed until the human returns it to draft.'
      : 'The board has been accepted: it takes no further changes.';
  return refusal('BOARD_NOT_DRAFT', `${why} Nothing was applied.`, { phase: state.phase });
}

function argsOf(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** The board's scope version, read off a version number directly (acts are handed the numbers). */
const SCOPE_BINDING = { version: (version: number) => version, argument: 'scopeVersion' } as const;

function versionCheck(state: BoardState, args: Record<string, unknown>, registeredVersion: number): ToolRefusal | null {
  return checkBinding(SCOPE_BINDING, registeredVersion, state.scopeVersion, args);
}

/**
 * The field names of an edit, judged before any value is: a name that is no field gives
 * UNKNOWN_FIELD, a field outside the frame gives OUT_OF_SCOPE, and either rejects the whole batch.
 * The surface asks this before it checks the input against the schema, so an agent that names an
 * unframed field hears "outside the frame" rather than "not accepted by the schema".
 */
export function updateFieldsRefusal(state: BoardState, names: readonly string[]): ToolRefusal | null {
  const unknown = names.filter((id) => !isFieldId(id));
  if (unknown.length > 0) {
    return refusal('UNKNOWN_FIELD', `Not fields of this board: ${unknown.join(', ')}. Nothing was applied. The fields are: ${FIELD_IDS.join(', ')}.`, {
      unknownFields: unknown,
      knownFields: FIELD_IDS,
    });
  }
  const outOfScope = sortFieldIds((names as FieldId[]).filter((id) => !state.scope.includes(id)));
  if (outOfScope.length === 0) return null;
  return refusal(
    'OUT_OF_SCOPE',
    `${outOfScope.join(', ')} ${outOfScope.length === 1 ? 'is' : 'are'} outside the human's frame (scope v${state.scopeVersion}: ${state.scope.join(', ') || 'nothing'}). ` +
      'The whole batch was rejected; nothing was applied. Edit only framed fields, or call request_scope_expansion to ask the human for the others.',
    { outOfScope, scope: state.scope, scopeVersion: state.scopeVersion },
  );
}

export function createActs(env: BoardEnv): BoardActs {
  const log = (
    state: BoardState,
    actor: Actor,
    type: ActivityType,
    message: string,
    details: ActivityEntry['details'],
  ): readonly ActivityEntry[] => [...state.activity, { id: `activity_${env.newId()}`, at: env.now(), actor, type, message, details }];

  /** Closing a waiting request because the human acted otherwise: logged, never silent. */
  const supersede = (state: BoardState, because: string): readonly ActivityEntry[] => {
    const pending = state.pendingExpansion;
    if (!pending) return state.activity;
    return log(state, 'human', 'EXPANSION_SUPERSEDED', `The agent's request for ${labels(pending.fields)} was closed: ${because}.`, {
      requestId: pending.id,
      fields: pending.fields,
    });
  };

  return {
    setScope(state, ids) {
      if (state.phase !== 'DRAFT') return refused(state, notDraft(state));
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
        return refused(state, refusal('INVALID_VALUE', 'A frame is a list of field ids.', { received: Array.isArray(ids) ? 'array' : typeof ids }));
      }
      const unknown = ids.filter((id) => !isFieldId(id));
      if (unknown.length > 0) {
        return refused(state, refusal('UNKNOWN_FIELD', `Not fields of this board: ${unknown.join(', ')}.`, { unknownFields: unknown, knownFields: FIELD_IDS }));
      }
      const scope = sortFieldIds(ids as FieldId[]);
      if (scope.length === state.scope.length && scope.every((id, index) => id === state.scope[index])) {
        return refused(state, refusal('SCOPE_UNCHANGED', `The frame already holds exactly ${labels(scope)}.`, { scope, scopeVersion: state.scopeVersion }));
      }
      const scopeVersion = state.scopeVersion + 1;
      const pending = state.pendingExpansion;
      const withSupersession: BoardState = { ...state, activity: supersede(state, `the human re-framed the board to scope v${scopeVersion}`) };
      const activity = log(withSupersession, 'human', 'SCOPE_CHANGED', `Framed ${labels(scope)} (scope v${scopeVersion}).`, { scope, scopeVersion });
      return {
        state: { ...state, scope, scopeVersion, pendingExpansion: null, activity },
        result: {
          ok: true,
          code: 'SCOPE_UPDATED',
          message: `Scope v${scopeVersion}: the agent may write ${labels(scope)}.`,
          scope,
          scopeVersion,
          supersededRequestId: pending?.id ?? null,
        },
      };
    },

    decideExpansion(state, decision) {
      const pending = state.pendingExpansion;
      if (!pending) return refused(state, refusal('NO_PENDING_REQUEST', 'There is no expansion request waiting for a decision.', {}));
      if (decision !== 'approve' && decision !== 'deny') {
        return refused(state, refusal('INVALID_DECISION', 'Decide an expansion request with "approve" or "deny".', { requestId: pending.id }));
      }
      if (decision === 'deny') {
        const activity = log(state, 'human', 'EXPANSION_DENIED', `Kept the current frame; the agent may not write ${labels(pending.fields)}.`, {
          requestId: pending.id,
          fields: pending.fields,
        });
        return {
          state: { ...state, pendingExpansion: null, activity },
          result: {
            ok: true,
            code: 'EXPANSION_DENIED',
            message: `The human kept the frame at scope v${state.scopeVersion}.`,
            requestId: pending.id,
            decision: 'denied',
            permissionChanged: false,
            addedFields: [],
            scope: state.scope,
            scopeVersion: state.scopeVersion,
          },
        };
      }
      const scope = sortFieldIds([...state.scope, ...pending.fields]);
      const scopeVersion = state.scopeVersion + 1;
      const activity = log(state, 'human', 'EXPANSION_APPROVED', `Expanded the frame with ${labels(pending.fields)} (scope v${scopeVersion}).`, {
        requestId: pending.id,
        scope,
        scopeVersion,
      });
      return {
        state: { ...state, scope, scopeVersion, pendingExpansion: null, activity },
        result: {
          ok: true,
          code: 'EXPANSION_APPROVED',
          message: `The human expanded the frame to scope v${scopeVersion}: ${labels(scope)}.`,
          requestId: pending.id,
          decision: 'approved',
          permissionChanged: true,
          addedFields: pending.fields,
          scope,
          scopeVersion,
        },
      };
    },

    decideReview(state, decision, presentedReviewId) {
      const review = state.review;
      if (state.phase !== 'REVIEW' || !review) {
        return refused(state, refusal('NO_ACTIVE_REVIEW', 'There is no review waiting for a decision.', { phase: state.phase }));
      }
      const identity = requireIdentity(review.reviewId, presentedReviewId, {
        requiredCode: 'REVIEW_ID_REQUIRED',
        staleCode: 'REVIEW_STALE',
        subject: 'review',
      });
      if (!identity.ok) {
        const presented = identity.details.presentedId;
        return refused(
          state,
          refusal(identity.code, identity.message, {
            activeReviewId: review.reviewId,
            ...(presented === undefined ? {} : { presentedReviewId: presented }),
          }),
        );
      }
      if (decision !== 'accept' && decision !== 'return') {
        return refused(state, refusal('INVALID_DECISION', 'Decide a review with "accept" or "return".', { reviewId: review.reviewId }));
      }
      const reference = formatReference(review.reviewId);
      if (decision === 'accept') {
        const at = env.now();
        const activity = log(state, 'human', 'REVIEW_ACCEPTED', `Accepted ${reference}.`, { reviewId: review.reviewId });
        return {
          state: { ...state, phase: 'ACCEPTED', acceptedAt: at, activity },
          result: { ok: true, code: 'REVIEW_ACCEPTED', message: `${reference} accepted.`, reviewId: review.reviewId, phase: 'ACCEPTED' },
        };
      }
      const activity = log(state, 'human', 'REVIEW_RETURNED', `Returned ${reference} to draft; the edits stay.`, { reviewId: review.reviewId });
      return {
        state: { ...state, phase: 'DRAFT', review: null, activity },
        result: {
          ok: true,
          code: 'REVIEW_RETURNED',
          message: `${reference} returned to draft. The edits stay and the frame is unchanged.`,
          reviewId: review.reviewId,
          phase: 'DRAFT',
        },
      };
    },

    reset(state) {
      // The version moves on rather than back to 0: a capability granted before the reset must
      // never match a frame drawn after it.
      const scopeVersion = state.scopeVersion + 1;
      const pending = state.pendingExpansion;
      const withSupersession: BoardState = { ...state, activity: supersede(state, 'the human reset the board') };
      const activity = log(withSupersession, 'human', 'BOARD_RESET', `Reset the board to its original values; nothing is framed (scope v${scopeVersion}).`, {
        scopeVersion,
      });
      return {
        state: {
          ...state,
          fields: state.baselineFields,
          phase: 'DRAFT',
          scope: [],
          scopeVersion,
          pendingExpansion: null,
          review: null,
          acceptedAt: null,
          activity,
        },
        result: {
          ok: true,
          code: 'BOARD_RESET',
          message: `Board reset. Nothing is framed (scope v${scopeVersion}).`,
          scopeVersion,
          supersededRequestId: pending?.id ?? null,
        },
      };
    },

    editScopedFields(state, input, registeredVersion) {
      if (state.phase !== 'DRAFT') return refused(state, notDraft(state));
      const args = argsOf(input);
      const stale = versionCheck(state, args, registeredVersion);
      if (stale) return refused(state, stale);
      const updates = args.updates;
      if (typeof updates !== 'object' || updates === null || Array.isArray(updates)) {
        return refused(state, refusal('INVALID_VALUE', '`updates` must be an object mapping framed field ids to their new text. Nothing was applied.', {}));
      }
      const entries = Object.entries(updates as Record<string, unknown>);
      if (entries.length === 0) {
        return refused(state, refusal('NO_UPDATES', `\`updates\` is empty. Name at least one framed field: ${labels(state.scope)}.`, { scope: state.scope }));
      }
      const outside = updateFieldsRefusal(state, entries.map(([id]) => id));
      if (outside) return refused(state, outside);
      const next: Record<FieldId, string> = { ...state.fields };
      for (const id of FIELD_IDS) {
        if (!Object.hasOwn(updates, id)) continue;
        const checked = validateFieldValue(id, (updates as Record<string, unknown>)[id]);
        if (!checked.ok) return refused(state, refusal(checked.code, `${checked.message} Nothing was applied.`, checked.details));
        next[id] = checked.value;
      }
      const changed = diffFields(state.fields, next as FieldValues);
      if (changed.length === 0) {
        return refused(state, refusal('NO_CHANGE', 'Every value given is already the current value. Nothing was applied.', { scopeVersion: state.scopeVersion }));
      }
      const changedIds = changed.map((change) => change.fieldId);
      const activity = log(state, 'agent', 'AGENT_EDITED', `The agent edited ${labels(changedIds)} under scope v${state.scopeVersion}.`, {
        scopeVersion: state.scopeVersion,
        changed,
      });
      return {
        state: { ...state, fields: next as FieldValues, activity },
        result: {
          ok: true,
          code: 'SCOPED_EDIT_APPLIED',
          message: `Applied ${changed.length} change${changed.length === 1 ? '' : 's'} under scope v${state.scopeVersion}: ${labels(changedIds)}.`,
          scopeVersion: state.scopeVersion,
          changed,
        },
      };
    },

    requestScopeExpansion(state, input, registeredVersion) {
      if (state.phase !== 'DRAFT') return refused(state, notDraft(state));
      const args = argsOf(input);
      const stale = versionCheck(state, args, registeredVersion);
      if (stale) return refused(state, stale);
      const pending = state.pendingExpansion;
      if (pending) {
        return refused(
          state,
          refusal('EXPANSION_PENDING', `Request ${pending.id} (${labels(pending.fields)}) is still waiting for the human. Do not ask again; wait for their decision.`, {
            requestId: pending.id,
            fields: pending.fields,
          }),
        );
      }
      const asked = args.fields;
      if (asked === undefined || (Array.isArray(asked) && asked.length === 0)) {
        return refused(state, refusal('NO_FIELDS', `Name the fields you need, out of the unframed ones: ${derive(state).blocked.join(', ')}.`, {}));
      }
      if (!Array.isArray(asked) || !asked.every((id) => typeof id === 'string')) {
        return refused(state, refusal('INVALID_VALUE', '`fields` must be a list of field ids.', {}));
      }
      const unknown = asked.filter((id) => !isFieldId(id));
      if (unknown.length > 0) {
        return refused(state, refusal('UNKNOWN_FIELD', `Not fields of this board: ${unknown.join(', ')}.`, { unknownFields: unknown, knownFields: FIELD_IDS }));
      }
      const fields = sortFieldIds(asked as FieldId[]);
      const already = fields.filter((id) => state.scope.includes(id));
      if (already.length > 0) {
        return refused(
          state,
          refusal('ALREADY_SCOPED', `${already.join(', ')} ${already.length === 1 ? 'is' : 'are'} already framed; edit ${already.length === 1 ? 'it' : 'them'} directly. Ask only for unframed fields.`, {
            alreadyScoped: already,
          }),
        );
      }
      const reason = typeof args.reason === 'string' ? args.reason.trim() : '';
      const reasonLength = [...reason].length;
      if (reasonLength < REASON_LENGTH.min) {
        return refused(
          state,
          refusal('REASON_REQUIRED', `Say why you need ${labels(fields)}, in ${REASON_LENGTH.min} to ${REASON_LENGTH.max} characters; the human decides on it.`, {
            minLength: REASON_LENGTH.min,
          }),
        );
      }
      if (reasonLength > REASON_LENGTH.max) {
        return refused(
          state,
          refusal('VALUE_TOO_LONG', `The reason is ${reasonLength} characters; keep it to ${REASON_LENGTH.max}.`, { fieldId: 'reason', length: reasonLength, maxLength: REASON_LENGTH.max }),
        );
      }
      const request: ExpansionRequest = {
        id: `expansion_${env.newId()}`,
        fields,
        reason,
        basedOnScopeVersion: state.scopeVersion,
        requestedAt: env.now(),
      };
      const activity = log(state, 'agent', 'EXPANSION_REQUESTED', `The agent asks to write ${labels(fields)}: "${reason}"`, {
        requestId: request.id,
        fields,
        reason,
        basedOnScopeVersion: state.scopeVersion,
      });
      return {
        state: { ...state, pendingExpansion: request, activity },
        result: {
          ok: true,
          code: 'EXPANSION_REQUESTED',
          message: `Request recorded for ${labels(fields)}. Nothing is granted until the human decides.`,
          requestId: request.id,
          fields,
          reason,
          basedOnScopeVersion: state.scopeVersion,
        },
      };
    },

    submitForReview(state, input, registeredVersion) {
      if (state.phase !== 'DRAFT') return refused(state, notDraft(state));
      const stale = versionCheck(state, argsOf(input), registeredVersion);
      if (stale) return refused(state, stale);
      const pending = state.pendingExpansion;
      if (pending) {
        return refused(
          state,
          refusal('HUMAN_DECISION_PENDING', `Request ${pending.id} (${labels(pending.fields)}) is waiting for the human. Submit after they decide.`, {
            requestId: pending.id,
          }),
        );
      }
      const diff = diffFields(state.baselineFields, state.fields);
      if (diff.length === 0) {
        return refused(state, refusal('NO_CHANGES', 'Nothing differs from the original board, so there is nothing to review.', {}));
      }
      const reviewId = `review_${env.newId()}`;
      const reference = formatReference(reviewId);
      const activity = log(state, 'agent', 'REVIEW_SUBMITTED', `The agent submitted ${diff.length} change${diff.length === 1 ? '' : 's'} for review as ${reference}.`, {
        reviewId,
        scopeVersion: state.scopeVersion,
      });
      return {
        state: {
          ...state,
          phase: 'REVIEW',
          review: { reviewId, submittedAt: env.now(), scopeVersion: state.scopeVersion, diff },
          activity,
        },
        result: {
          ok: true,
          code: 'REVIEW_SUBMITTED',
          message:
            `Submitted for human review as ${reference}. Write tools are closed until the human returns it to draft. ` +
            'Nothing has been published, and only the human can accept it.',
          reviewId,
          scopeVersion: state.scopeVersion,
          diff,
        },
      };
    },

    noteWaitEnded(state, requestId, code) {
      const pending = state.pendingExpansion;
      if (!pending || pending.id !== requestId) {
        return refused(state, refusal('NO_PENDING_REQUEST', `Request ${requestId} is no longer waiting.`, { requestId }));
      }
      const activity = log(state, 'system', 'EXPANSION_WAIT_ENDED', `The agent stopped waiting (${code}); its request for ${labels(pending.fields)} stays open for you.`, {
        requestId,
        code,
      });
      return {
        state: { ...state, activity },
        result: { ok: true, code: 'WAIT_NOTED', message: 'The request stays open for the human.', requestId },
      };
    },
  };
}

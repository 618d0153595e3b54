// The human's acts on the board: frame fields, decide an expansion request, decide a review,
// reset. They are reached from the page only (src/human-acts.ts), never through a tool. Their
// input comes from the page's controls, not through a schema, so each checks what it was given.
import { formatReference, requireIdentity } from '@warrant/authority';
import type { ToolSuccess } from '@warrant/surface';
import { activityLog } from './activity.ts';
import type { FieldId } from './fields.ts';
import { invalidDecision, notAFrame, outOfOrder, reviewNotPresented, scopeUnchanged } from './refusals.ts';
import { rule } from './rule.ts';
import { FRESH_DRAFT, sortFieldIds, type BoardEnv, type BoardState } from './state.ts';
import { refused, type Step } from './step.ts';
import { isFieldId } from './validate.ts';
import { unknownFields } from './value-refusals.ts';
import { labels } from './wording.ts';

export interface ScopeUpdated extends ToolSuccess {
  readonly ok: true;
  readonly code: 'SCOPE_UPDATED';
  readonly message: string;
  readonly scope: readonly FieldId[];
  readonly scopeVersion: number;
  /** The expansion request this re-frame closed, if one was waiting. */
  readonly supersededRequestId: string | null;
}

export interface ExpansionDecided extends ToolSuccess {
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

export interface ReviewDecided extends ToolSuccess {
  readonly ok: true;
  readonly code: 'REVIEW_ACCEPTED' | 'REVIEW_RETURNED';
  readonly message: string;
  readonly reviewId: string;
  readonly phase: 'ACCEPTED' | 'DRAFT';
}

export interface BoardReset extends ToolSuccess {
  readonly ok: true;
  readonly code: 'BOARD_RESET';
  readonly message: string;
  readonly scopeVersion: number;
  readonly supersededRequestId: string | null;
}

export interface HumanActs {
  setScope(state: BoardState, ids: unknown): Step<ScopeUpdated>;
  decideExpansion(state: BoardState, decision: unknown): Step<ExpansionDecided>;
  /** `presentedReviewId` is the id the clicked control was rendered for, never the live one. */
  decideReview(state: BoardState, decision: unknown, presentedReviewId: unknown): Step<ReviewDecided>;
  reset(state: BoardState): Step<BoardReset>;
}

const nothingIfEmpty = (ids: readonly FieldId[]): string => labels(ids) || 'nothing';

export function createHumanActs(env: BoardEnv): HumanActs {
  const log = activityLog(env);

  /** Closing a waiting request because the human acted otherwise: logged, never silent. */
  const supersede = (state: BoardState, because: string): BoardState => {
    const pending = state.pendingExpansion;
    if (!pending) return state;
    const activity = log(
      state,
      'human',
      'EXPANSION_SUPERSEDED',
      `The agent's request for ${nothingIfEmpty(pending.fields)} was closed: ${because}.`,
      {
        requestId: pending.id,
        fields: pending.fields,
      },
    );
    return { ...state, activity };
  };

  return {
    setScope(state, ids) {
      const ruling = rule(state, 'frame_fields');
      if (!ruling.legal) return refused(state, outOfOrder(ruling));
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return refused(state, notAFrame(ids));
      const unknown = ids.filter((id) => !isFieldId(id));
      if (unknown.length > 0) return refused(state, unknownFields(unknown));
      const scope = sortFieldIds(ids.filter(isFieldId));
      if (scope.length === state.scope.length && scope.every((id, index) => id === state.scope[index]))
        return refused(state, scopeUnchanged(state));
      const scopeVersion = state.scopeVersion + 1;
      const pending = state.pendingExpansion;
      const closed = supersede(state, `the human re-framed the board to scope v${scopeVersion}`);
      const activity = log(
        closed,
        'human',
        'SCOPE_CHANGED',
        `Framed ${nothingIfEmpty(scope)} (scope v${scopeVersion}).`,
        { scope, scopeVersion },
      );
      return {
        state: { ...state, scope, scopeVersion, pendingExpansion: null, activity },
        result: {
          ok: true,
          code: 'SCOPE_UPDATED',
          message: `Scope v${scopeVersion}: the agent may write ${nothingIfEmpty(scope)}.`,
          scope,
          scopeVersion,
          supersededRequestId: pending?.id ?? null,
        },
      };
    },

    decideExpansion(state, decision) {
      const ruling = rule(state, 'decide_expansion');
      if (!ruling.legal) return refused(state, outOfOrder(ruling));
      const pending = state.pendingExpansion;
      if (!pending) throw new Error('rule() put decide_expansion in order with no request waiting');
      if (decision !== 'approve' && decision !== 'deny')
        return refused(state, invalidDecision(['approve', 'deny'], { requestId: pending.id }));
      if (decision === 'deny') {
        const activity = log(
          state,
          'human',
          'EXPANSION_DENIED',
          `Kept the current frame; the agent may not write ${nothingIfEmpty(pending.fields)}.`,
          {
            requestId: pending.id,
            fields: pending.fields,
            scope: state.scope,
            scopeVersion: state.scopeVersion,
          },
        );
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
      const activity = log(
        state,
        'human',
        'EXPANSION_APPROVED',
        `Expanded the frame with ${nothingIfEmpty(pending.fields)} (scope v${scopeVersion}).`,
        {
          requestId: pending.id,
          scope,
          scopeVersion,
        },
      );
      return {
        state: { ...state, scope, scopeVersion, pendingExpansion: null, activity },
        result: {
          ok: true,
          code: 'EXPANSION_APPROVED',
          message: `The human expanded the frame to scope v${scopeVersion}: ${nothingIfEmpty(scope)}.`,
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
      const ruling = rule(state, 'decide_review');
      if (!ruling.legal) return refused(state, outOfOrder(ruling));
      const review = state.review;
      if (!review) throw new Error('rule() put decide_review in order with no active review');
      const identity = requireIdentity(review.reviewId, presentedReviewId, {
        requiredCode: 'REVIEW_ID_REQUIRED',
        staleCode: 'REVIEW_STALE',
        subject: 'review',
      });
      if (!identity.ok) return refused(state, reviewNotPresented(review, identity));
      if (decision !== 'accept' && decision !== 'return')
        return refused(state, invalidDecision(['accept', 'return'], { reviewId: review.reviewId }));
      const reference = formatReference(review.reviewId);
      if (decision === 'accept') {
        const activity = log(state, 'human', 'REVIEW_ACCEPTED', `Accepted ${reference}.`, {
          reviewId: review.reviewId,
        });
        return {
          state: { ...state, phase: 'ACCEPTED', acceptedAt: env.now(), activity },
          result: {
            ok: true,
            code: 'REVIEW_ACCEPTED',
            message: `${reference} accepted.`,
            reviewId: review.reviewId,
            phase: 'ACCEPTED',
          },
        };
      }
      const activity = log(state, 'human', 'REVIEW_RETURNED', `Returned ${reference} to draft; the edits stay.`, {
        reviewId: review.reviewId,
      });
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
      // Back to scope v0 with nothing framed, in a new generation: every capability granted before
      // the reset names a frame of the old generation, so none matches a frame drawn after it.
      const pending = state.pendingExpansion;
      const closed = supersede(state, 'the human reset the board');
      const activity = log(
        closed,
        'human',
        'BOARD_RESET',
        'Reset the board to its original values; nothing is framed (scope v0).',
        {
          scopeVersion: 0,
          generation: state.generation + 1,
        },
      );
      return {
        state: {
          ...state,
          ...FRESH_DRAFT,
          generation: state.generation + 1,
          fields: state.baselineFields,
          activity,
        },
        result: {
          ok: true,
          code: 'BOARD_RESET',
          message: 'Board reset. Nothing is framed (scope v0).',
          scopeVersion: 0,
          supersededRequestId: pending?.id ?? null,
        },
      };
    },
  };
}

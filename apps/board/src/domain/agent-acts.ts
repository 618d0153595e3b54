// The agent's acts on the board, reached only through its tools (src/rows.ts). The kernel has
// already answered the scope-version binding and validated the input against the tool's schema,
// so an act takes typed input and checks only what no schema can say: that the act is in order
// now (rule()), that each value is one its field accepts, and that something actually changes.
import { formatReference } from '@warrant/authority';
import type { ToolRefusal, ToolSuccess } from '@warrant/surface';
import { activityLog } from './activity.ts';
import { FIELD_IDS, REASON_LENGTH, type FieldId } from './fields.ts';
import { framedOnly } from './frame-check.ts';
import {
  alreadyScoped,
  noChange,
  noFields,
  noUpdates,
  outOfOrder,
  reasonRequired,
  requestNoLongerWaiting,
} from './refusals.ts';
import { rule } from './rule.ts';
import type { EditInput, ExpansionInput } from './schemas.ts';
import {
  derive,
  diffFields,
  sortFieldIds,
  type BoardEnv,
  type BoardState,
  type ExpansionRequest,
  type FieldChange,
  type FieldValues,
} from './state.ts';
import { refused, type Step } from './step.ts';
import { isFieldId, validateFieldValue } from './validate.ts';
import { labels } from './wording.ts';

export interface EditApplied extends ToolSuccess {
  readonly ok: true;
  readonly code: 'SCOPED_EDIT_APPLIED';
  readonly message: string;
  readonly phase: 'DRAFT';
  readonly scopeVersion: number;
  readonly changed: readonly FieldChange[];
  /** The new value of each changed field, by id. */
  readonly changedValues: Readonly<Partial<Record<FieldId, string>>>;
}

export interface ExpansionRequested extends ToolSuccess {
  readonly ok: true;
  readonly code: 'EXPANSION_REQUESTED';
  readonly message: string;
  readonly requestId: string;
  readonly fields: readonly FieldId[];
  readonly reason: string;
  readonly basedOnScopeVersion: number;
}

export interface ReviewSubmitted extends ToolSuccess {
  readonly ok: true;
  readonly code: 'REVIEW_SUBMITTED';
  readonly message: string;
  readonly phase: 'REVIEW';
  readonly reviewId: string;
  readonly scopeVersion: number;
  readonly diff: readonly FieldChange[];
}

export interface RefusalNoted extends ToolSuccess {
  readonly ok: true;
  readonly code: 'REFUSAL_NOTED';
  readonly message: string;
}

/** A refused call to a write tool, as the kernel reported it. */
export interface RefusedCall {
  readonly name: string;
  readonly channel: string;
  readonly result: ToolRefusal;
}

export interface WaitNoted extends ToolSuccess {
  readonly ok: true;
  readonly code: 'WAIT_NOTED';
  readonly message: string;
  readonly requestId: string;
}

export interface AgentActs {
  editScopedFields(state: BoardState, input: Pick<EditInput, 'updates'>): Step<EditApplied>;
  requestScopeExpansion(state: BoardState, input: Pick<ExpansionInput, 'fields' | 'reason'>): Step<ExpansionRequested>;
  submitForReview(state: BoardState): Step<ReviewSubmitted>;
  /** System: the agent's wait for a decision ended without one; the request stays open for the human. */
  noteWaitEnded(state: BoardState, requestId: string, code: string): Step<WaitNoted>;
  /** A write the agent attempted and was refused: recorded, so an attempt outside the frame is never silent. */
  noteRefused(state: BoardState, call: RefusedCall): Step<RefusalNoted>;
}

/** What the activity calls each write, when one is refused. */
const WRITES: Readonly<Record<string, string>> = {
  edit_scoped_fields: 'edit',
  request_scope_expansion: 'request for more fields',
  submit_changes_for_review: 'submission for review',
};

/**
 * Whether a refused call is the agent's attempt to be recorded: a write, refused for what it asked.
 * Not the end of a wait for the human (the request's own entries say it), nor a board server that
 * could not decide (nothing the agent asked was wrong).
 */
export function attemptToRecord(call: RefusedCall): boolean {
  return (
    call.name in WRITES &&
    !('requestId' in call.result.details) &&
    call.result.code !== 'BOARD_NOT_LOADED' &&
    call.result.code !== 'BOARD_SERVER_UNREACHABLE'
  );
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function createAgentActs(env: BoardEnv): AgentActs {
  const log = activityLog(env);

  return {
    editScopedFields(state, { updates }) {
      const ruling = rule(state, 'edit_scoped_fields');
      if (!ruling.legal) return refused(state, outOfOrder(ruling));
      const named = Object.keys(updates);
      if (named.length === 0) return refused(state, noUpdates(state));
      const outside = framedOnly(state, named);
      if (outside) return refused(state, outside);
      const next: Record<FieldId, string> = { ...state.fields };
      for (const id of FIELD_IDS) {
        const value = updates[id];
        if (value === undefined) continue;
        const checked = validateFieldValue(id, value);
        if (!checked.ok) return refused(state, checked);
        next[id] = checked.value;
      }
      const changed = diffFields(state.fields, next);
      if (changed.length === 0) return refused(state, noChange(state));
      const changedIds = changed.map((change) => change.fieldId);
      const activity = log(
        state,
        'agent',
        'AGENT_EDITED',
        `The agent edited ${labels(changedIds)} under scope v${state.scopeVersion}.`,
        {
          scopeVersion: state.scopeVersion,
          changed,
        },
      );
      const fields: FieldValues = next;
      return {
        state: { ...state, fields, activity },
        result: {
          ok: true,
          code: 'SCOPED_EDIT_APPLIED',
          message: `Applied ${plural(changed.length, 'change')} under scope v${state.scopeVersion}: ${labels(changedIds)}.`,
          phase: 'DRAFT',
          scopeVersion: state.scopeVersion,
          changed,
          changedValues: Object.fromEntries(changed.map((change) => [change.fieldId, change.after])),
        },
      };
    },

    requestScopeExpansion(state, input) {
      const ruling = rule(state, 'request_scope_expansion');
      if (!ruling.legal) return refused(state, outOfOrder(ruling));
      const fields = sortFieldIds(input.fields);
      if (fields.length === 0) return refused(state, noFields(derive(state).blocked));
      const already = fields.filter((id) => state.scope.includes(id));
      if (already.length > 0) return refused(state, alreadyScoped(already));
      const reason = input.reason.trim();
      // The schema bounds the reason as sent; the human decides on it as read, without the padding.
      if ([...reason].length < REASON_LENGTH.min) return refused(state, reasonRequired(fields));
      const request: ExpansionRequest = {
        id: `expansion_${env.newId()}`,
        fields,
        reason,
        basedOnScopeVersion: state.scopeVersion,
        requestedAt: env.now(),
      };
      const activity = log(
        state,
        'agent',
        'EXPANSION_REQUESTED',
        `The agent asks to write ${labels(fields)}: "${reason}"`,
        {
          requestId: request.id,
          fields,
          reason,
          basedOnScopeVersion: state.scopeVersion,
        },
      );
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

    submitForReview(state) {
      const ruling = rule(state, 'submit_changes_for_review');
      if (!ruling.legal) return refused(state, outOfOrder(ruling));
      const diff = derive(state).diff;
      const reviewId = `review_${env.newId()}`;
      const reference = formatReference(reviewId);
      const activity = log(
        state,
        'agent',
        'REVIEW_SUBMITTED',
        `The agent submitted ${plural(diff.length, 'change')} for review as ${reference}.`,
        {
          reviewId,
          scopeVersion: state.scopeVersion,
        },
      );
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
          phase: 'REVIEW',
          reviewId,
          scopeVersion: state.scopeVersion,
          diff,
        },
      };
    },

    noteWaitEnded(state, requestId, code) {
      const pending = state.pendingExpansion;
      if (!pending || pending.id !== requestId) return refused(state, requestNoLongerWaiting(requestId));
      const activity = log(
        state,
        'system',
        'EXPANSION_WAIT_ENDED',
        `The agent stopped waiting (${code}); its request for ${labels(pending.fields)} stays open for you.`,
        {
          requestId,
          code,
        },
      );
      return {
        state: { ...state, activity },
        result: { ok: true, code: 'WAIT_NOTED', message: 'The request stays open for the human.', requestId },
      };
    },

    noteRefused(state, call) {
      const { code, details } = call.result;
      const outside = Array.isArray(details['outOfScope']) ? sortFieldIds(details['outOfScope'].filter(isFieldId)) : [];
      const message =
        code === 'OUT_OF_SCOPE' && outside.length > 0
          ? `The agent tried to write ${labels(outside)}, outside the frame (scope v${state.scopeVersion}). Refused; nothing was changed.`
          : `The agent's ${WRITES[call.name] ?? call.name} was refused (${code}); nothing was changed.`;
      const activity = log(state, 'agent', 'AGENT_REFUSED', message, {
        tool: call.name,
        code,
        fields: outside,
        scopeVersion: state.scopeVersion,
        channel: call.channel,
      });
      return { state: { ...state, activity }, result: { ok: true, code: 'REFUSAL_NOTED', message } };
    },
  };
}

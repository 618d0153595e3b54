// The human decision on an expansion request, seen from both sides: the agent's call that waits
// for it, and the human act that answers or replaces it. The waiting itself is
// @warrant/authority's decision channel; this file gives it the board's codes and words.
import { createDecisionChannel, type DecisionChannel, type DecisionChannelOptions } from '@warrant/authority';
import type { RunContext, ToolRefusal } from '@warrant/surface';
import type { ActName, ActOf, AnswerOfAct } from './board-acts.ts';
import type { FieldId } from './fields.ts';
import type { ExpansionDecided } from './human-acts.ts';
import { sortFieldIds, type ActivityEntry, type BoardState, type ExpansionRequest } from './state.ts';
import type { BoardStore } from './step.ts';
import { isFieldId } from './validate.ts';
import { labels } from './wording.ts';

export type ExpansionChannel = DecisionChannel<ExpansionRequest, ExpansionDecided>;

/** The refusal codes board.md gives each way the wait can end without a decision. */
export const EXPANSION_CODES = {
  timeout: 'HUMAN_DECISION_TIMEOUT',
  aborted: 'EXPANSION_WAIT_ABORTED',
  superseded: 'SCOPE_STALE',
  disposed: 'EXPANSION_BRIDGE_DISPOSED',
  busy: 'EXPANSION_PENDING',
} as const;

export function createExpansionChannel(
  options: Pick<DecisionChannelOptions<ExpansionRequest>, 'timeoutMs' | 'setTimer' | 'clearTimer'> = {},
): ExpansionChannel {
  return createDecisionChannel<ExpansionRequest, ExpansionDecided>({
    ...options,
    codes: EXPANSION_CODES,
    describe: (request) => ({ fields: request.fields, basedOnScopeVersion: request.basedOnScopeVersion }),
  });
}

/** What the agent's request_scope_expansion call returns once the human has expanded the frame. */
export type ExpansionGranted = {
  readonly ok: true;
  readonly code: 'EXPANSION_APPROVED';
  readonly requestId: string;
  readonly decision: 'approved';
  /** Said outright, as on a denial, so an agent reads the same field either way. */
  readonly granted: true;
  readonly permissionChanged: boolean;
  readonly scope: readonly FieldId[];
  readonly currentScopeVersion: number;
  readonly nextAction: string;
};

/**
 * What it returns once the human kept the frame: a refusal in the one refusal shape (`ok: false`),
 * so an agent that checks `ok` alone cannot read a kept frame as a grant. The decision's fields,
 * `granted: false` among them, are in `details`.
 */
export type ExpansionDenied = ToolRefusal<'EXPANSION_DENIED'>;

export type ExpansionAnswer = ExpansionGranted | ExpansionDenied;

export function expansionAnswer(decided: ExpansionDecided): ExpansionAnswer {
  if (decided.decision === 'denied') {
    const nextAction =
      'Do not edit the requested fields. Finish the work inside the frame, and tell the human what you could not change.';
    return {
      ok: false,
      isError: true,
      code: 'EXPANSION_DENIED',
      message: `The human kept the frame at scope v${decided.scopeVersion}: nothing was granted. ${nextAction}`,
      details: {
        requestId: decided.requestId,
        decision: 'denied',
        granted: false,
        permissionChanged: false,
        scope: decided.scope,
        currentScopeVersion: decided.scopeVersion,
        nextAction,
      },
    };
  }
  return {
    ok: true,
    code: 'EXPANSION_APPROVED',
    requestId: decided.requestId,
    decision: 'approved',
    granted: true,
    permissionChanged: decided.permissionChanged,
    scope: decided.scope,
    currentScopeVersion: decided.scopeVersion,
    nextAction:
      `The human expanded the frame to scope v${decided.scopeVersion}; ${labels(decided.addedFields)} ${decided.addedFields.length === 1 ? 'is' : 'are'} now writable. ` +
      'Re-inspect the active scope and continue with the tools registered for the new version; do not ask the human to confirm again.',
  };
}

/** What the wait needs of the call: its signal (the agent may give up) and the surface's hold. */
export type WaitContext = Pick<RunContext<BoardState>, 'signal' | 'hold'>;

/**
 * request_scope_expansion: record the request, then wait for the human on the channel and answer
 * this same call with their decision. A wait that ends without one notes it in the activity log
 * and leaves the request open for the human.
 */
export async function askHuman(
  store: BoardStore,
  channel: ExpansionChannel,
  ask: ActOf<'request_scope_expansion'>,
  call: WaitContext,
): Promise<ExpansionAnswer | ToolRefusal> {
  const step = await store.commit(ask);
  if (!step.result.ok) return step.result;
  const request = step.state.pendingExpansion;
  if (!request) throw new Error('requestScopeExpansion reported success without recording a request');
  const outcome = await channel.request(request, { signal: call.signal, hold: (reason) => call.hold(reason) });
  if (outcome.ok) return expansionAnswer(outcome.decision);
  await store.commit({ act: 'note_wait_ended', requestId: request.id, code: outcome.code });
  return outcome;
}

/**
 * Applies a human act: commits it on the latest state, and passes it on to the agent's waiting
 * call when it decides or replaces the request that call waits on.
 */
export async function applyHumanAct<K extends ActName>(
  store: BoardStore,
  channel: ExpansionChannel,
  act: ActOf<K>,
): Promise<AnswerOfAct<K> | ToolRefusal> {
  const { state, result } = await store.commit(act);
  if (!result.ok) return result;
  if (isExpansionDecision(result)) {
    channel.decide(result.requestId, result);
  } else if ('supersededRequestId' in result && typeof result.supersededRequestId === 'string') {
    channel.supersede(
      result.code === 'BOARD_RESET'
        ? 'the human reset the board'
        : `the human re-framed the board to scope v${state.scopeVersion}`,
    );
  }
  return result;
}

function isExpansionDecision(result: { readonly code: string }): result is ExpansionDecided {
  return result.code === 'EXPANSION_APPROVED' || result.code === 'EXPANSION_DENIED';
}

/**
 * A human in another tab may decide, or replace, the request this tab's agent waits on: the
 * record brings their act here, and this hands it to the waiting call as if it were made here.
 */
export function settleFromElsewhere(channel: ExpansionChannel, before: BoardState, after: BoardState): void {
  const waiting = channel.snapshot().current;
  if (!waiting || waiting.status !== 'pending') return;
  // The activity only grows: what the other tab added is what follows what this tab had.
  const about = after.activity
    .slice(before.activity.length)
    .filter((entry) => entry.details['requestId'] === waiting.id);
  const decided = about.find((entry) => entry.type === 'EXPANSION_APPROVED' || entry.type === 'EXPANSION_DENIED');
  if (decided) {
    channel.decide(waiting.id, decisionRecorded(waiting.request, decided, after));
  } else if (
    about.some((entry) => entry.type === 'EXPANSION_SUPERSEDED') ||
    after.pendingExpansion?.id !== waiting.id
  ) {
    channel.supersede('the human changed the board in another tab');
  }
}

/** The decision a recorded entry states, as the deciding tab's act answered it. */
function decisionRecorded(request: ExpansionRequest, entry: ActivityEntry, after: BoardState): ExpansionDecided {
  const approved = entry.type === 'EXPANSION_APPROVED';
  const version = entry.details['scopeVersion'];
  const scope = entry.details['scope'];
  const scopeVersion = typeof version === 'number' ? version : after.scopeVersion;
  return {
    ok: true,
    code: approved ? 'EXPANSION_APPROVED' : 'EXPANSION_DENIED',
    message: entry.message,
    requestId: request.id,
    decision: approved ? 'approved' : 'denied',
    permissionChanged: approved,
    addedFields: approved ? request.fields : [],
    scope: Array.isArray(scope) ? sortFieldIds(scope.filter(isFieldId)) : after.scope,
    scopeVersion,
  };
}

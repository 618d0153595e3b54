// The human decision on an expansion request, seen from both sides: the agent's call that waits
// for it, and the human act that answers or replaces it. The waiting itself is
// @warrant/authority's decision channel; this file gives it the board's codes and words.
import { createDecisionChannel, type DecisionChannel, type DecisionChannelOptions } from '@warrant/authority';
import type { RunContext, ToolRefusal } from '@warrant/surface';
import type { AgentActs, ExpansionRequested } from './agent-acts.ts';
import type { FieldId } from './fields.ts';
import type { ExpansionDecided } from './human-acts.ts';
import type { ExpansionInput } from './schemas.ts';
import type { BoardState, ExpansionRequest } from './state.ts';
import type { Step } from './step.ts';
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

/** What the agent's request_scope_expansion call returns once the human has decided. */
export type ExpansionAnswer = {
  readonly ok: true;
  readonly code: 'EXPANSION_APPROVED' | 'EXPANSION_DENIED';
  readonly requestId: string;
  readonly decision: 'approved' | 'denied';
  readonly permissionChanged: boolean;
  readonly scope: readonly FieldId[];
  readonly currentScopeVersion: number;
  readonly nextAction: string;
};

export function expansionAnswer(decided: ExpansionDecided): ExpansionAnswer {
  const nextAction =
    decided.decision === 'approved'
      ? `The human expanded the frame to scope v${decided.scopeVersion}; ${labels(decided.addedFields)} ${decided.addedFields.length === 1 ? 'is' : 'are'} now writable. ` +
        'Re-inspect the active scope and continue with the tools registered for the new version; do not ask the human to confirm again.'
      : `The human kept the frame at scope v${decided.scopeVersion}. Do not edit the requested fields. ` +
        'Finish the work inside the frame, and tell the human what you could not change.';
  return {
    ok: true,
    code: decided.code,
    requestId: decided.requestId,
    decision: decided.decision,
    permissionChanged: decided.permissionChanged,
    scope: decided.scope,
    currentScopeVersion: decided.scopeVersion,
    nextAction,
  };
}

/** The board's state as the page holds it: read the latest, write the next. */
export interface BoardStore {
  read(): BoardState;
  write(next: BoardState): void;
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
  acts: AgentActs,
  channel: ExpansionChannel,
  input: ExpansionInput,
  call: WaitContext,
): Promise<ExpansionAnswer | ToolRefusal> {
  const step: Step<ExpansionRequested> = acts.requestScopeExpansion(store.read(), input);
  if (!step.result.ok) return step.result;
  store.write(step.state);
  const request = step.state.pendingExpansion;
  if (!request) throw new Error('requestScopeExpansion reported success without recording a request');
  const outcome = await channel.request(request, { signal: call.signal, hold: (reason) => call.hold(reason) });
  if (outcome.ok) return expansionAnswer(outcome.decision);
  const noted = acts.noteWaitEnded(store.read(), request.id, outcome.code);
  if (noted.result.ok) store.write(noted.state);
  return outcome;
}

/**
 * Applies a human act: commits its state when it succeeded, and passes it on to the agent's
 * waiting call when it decides or replaces the request that call waits on.
 */
export function applyHumanAct<T extends { readonly ok: true; readonly code: string }>(
  store: BoardStore,
  channel: ExpansionChannel,
  step: Step<T>,
): T | ToolRefusal {
  const result = step.result;
  if (!result.ok) return result;
  store.write(step.state);
  if (isExpansionDecision(result)) {
    channel.decide(result.requestId, result);
  } else if ('supersededRequestId' in result && typeof result.supersededRequestId === 'string') {
    channel.supersede(result.code === 'BOARD_RESET' ? 'the human reset the board' : `the human re-framed the board to scope v${step.state.scopeVersion}`);
  }
  return result;
}

function isExpansionDecision(result: { readonly code: string }): result is ExpansionDecided {
  return result.code === 'EXPANSION_APPROVED' || result.code === 'EXPANSION_DENIED';
}

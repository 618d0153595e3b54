// A human decision channel turns "ask the human" into one tool call that stays pending until a
// human decides, and then resolves that same call with the decision, so the agent continues in
// the same turn without anyone telling it "I pressed the button".
//
// The channel does not own the request: the application's state does. The application records
// the request, then waits here; when a human decides, the application applies the decision to its
// state and hands it to `decide`. Every way the wait can end without a decision (timeout, the
// caller's abort, a superseding human act, disposal) resolves the call with a refusal, never a
// rejection, and grants nothing. Timeout, abort and disposal leave the request open ("expired")
// for the human, because the application still holds it and a human may still decide it.
import { refusal, type ToolRefusal } from '@warrant/base';

export type DecisionFailure = 'timeout' | 'aborted' | 'superseded' | 'disposed' | 'busy';

export const DEFAULT_DECISION_CODES: Readonly<Record<DecisionFailure, string>> = {
  timeout: 'HUMAN_DECISION_TIMEOUT',
  aborted: 'DECISION_WAIT_ABORTED',
  superseded: 'DECISION_SUPERSEDED',
  disposed: 'DECISION_CHANNEL_DISPOSED',
  busy: 'DECISION_CHANNEL_BUSY',
};

/** setTimeout's ceiling; a longer delay fires at once in browsers and Node. */
const MAX_TIMEOUT_MS = 2_147_483_647;

export interface DecisionChannelOptions<TRequest> {
  /** How long a call waits for the human. Default 120 000 ms. */
  readonly timeoutMs?: number;
  readonly setTimer?: (callback: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
  /** ToolRefusal codes; any left out take DEFAULT_DECISION_CODES. */
  readonly codes?: Partial<Record<DecisionFailure, string>>;
  /** Extra refusal details drawn from the request (what was asked, under which version). */
  readonly describe?: (request: TRequest) => { readonly [key: string]: unknown };
}

export interface DecisionWaitOptions {
  /** The caller's signal; aborting it ends the wait (the request stays open for the human). */
  readonly signal?: AbortSignal;
  /**
   * Holds the caller's tool surface while the call waits, so no re-registration cancels it.
   * Returns the release, which the channel calls on the task after the call settles, once the
   * settled call has been handed back.
   */
  readonly hold?: (reason: string) => () => void;
}

export interface DecisionReached<TDecision> {
  readonly ok: true;
  readonly requestId: string;
  readonly decision: TDecision;
}

export type DecisionOutcome<TDecision> = DecisionReached<TDecision> | ToolRefusal;

/**
 * pending: a call is waiting for the human. expired: the call ended undecided (timeout, abort,
 * disposal) and the request still awaits the human. superseded: a human act replaced it.
 * decided: a human decided it.
 */
export type DecisionStatus = 'pending' | 'expired' | 'superseded' | 'decided';

export interface DecisionRecord<TRequest> {
  readonly id: string;
  readonly request: TRequest;
  readonly status: DecisionStatus;
  /** The refusal code the waiting call ended with, when it ended without a decision. */
  readonly endedWith: string | null;
}

export interface DecisionChannelSnapshot<TRequest> {
  readonly disposed: boolean;
  /** True while a call waits (its surface is held). */
  readonly waiting: boolean;
  /** The latest request, whatever became of it. */
  readonly current: DecisionRecord<TRequest> | null;
}

/**
 * delivered: the decision resolved a waiting call. unattended: the request was open but its call
 * had already ended; the request is now closed. unknown: no open request has that id.
 */
export type DecideReceipt = 'delivered' | 'unattended' | 'unknown';

export interface DecisionChannel<TRequest extends { readonly id: string }, TDecision> {
  readonly timeoutMs: number;
  /** Waits for a human decision on `request`. Always resolves; never rejects. */
  request(request: TRequest, options?: DecisionWaitOptions): Promise<DecisionOutcome<TDecision>>;
  /** A human decided `requestId`. */
  decide(requestId: string, decision: TDecision): DecideReceipt;
  /** A human act replaced the open request. Returns whether there was one to replace. */
  supersede(reason: string): boolean;
  /** Ends any wait and refuses every later request. */
  dispose(): void;
  snapshot(): DecisionChannelSnapshot<TRequest>;
  /** Called after every change with the new snapshot. Returns the unsubscribe. */
  subscribe(listener: (snapshot: DecisionChannelSnapshot<TRequest>) => void): () => void;
}

interface Waiter<TDecision> {
  readonly resolve: (outcome: DecisionOutcome<TDecision>) => void;
  readonly timer: unknown;
  readonly release: () => void;
  readonly detach: () => void;
}

export function createDecisionChannel<TRequest extends { readonly id: string }, TDecision>(
  options: DecisionChannelOptions<TRequest> = {},
): DecisionChannel<TRequest, TDecision> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new RangeError(`timeoutMs must be between 1 and ${MAX_TIMEOUT_MS}; got ${timeoutMs}`);
  }
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number): unknown => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const codes: Record<DecisionFailure, string> = { ...DEFAULT_DECISION_CODES, ...options.codes };
  const describe = options.describe ?? (() => ({}));
  const listeners = new Set<(snapshot: DecisionChannelSnapshot<TRequest>) => void>();

  let disposed = false;
  let current: DecisionRecord<TRequest> | null = null;
  let waiter: Waiter<TDecision> | null = null;

  const snapshot = (): DecisionChannelSnapshot<TRequest> => ({ disposed, waiting: waiter !== null, current });

  const notify = (): void => {
    const snap = snapshot();
    for (const listener of [...listeners]) {
      try {
        listener(snap);
      } catch (error) {
        // One failing view must not leave the channel half-settled or starve the others.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };

  const failure = (
    kind: Exclude<DecisionFailure, 'busy'>,
    record: DecisionRecord<TRequest>,
    reason?: string,
  ): ToolRefusal => {
    const details = { requestId: record.id, ...describe(record.request) };
    switch (kind) {
      case 'timeout':
        return refusal(
          codes.timeout,
          `No human decision arrived within ${formatDuration(timeoutMs)}. Nothing was granted. The request stays open for the human; ` +
            'do not repeat it. Re-inspect later to see whether they decided.',
          { ...details, timeoutMs },
        );
      case 'aborted':
        return refusal(
          codes.aborted,
          'The wait was cancelled before the human decided. Nothing was granted. The request stays open for the human; ' +
            'do not repeat it. Re-inspect later to see whether they decided.',
          details,
        );
      case 'superseded':
        return refusal(
          codes.superseded,
          `The human acted instead of deciding this request (${reason ?? 'no reason given'}). Nothing was granted by it, and it is closed. ` +
            'Re-inspect before acting.',
          { ...details, reason: reason ?? null },
        );
      case 'disposed':
        return refusal(
          codes.disposed,
          'The decision channel has closed (the page is going away). Nothing was granted.',
          details,
        );
    }
  };

  /** Ends the waiting call with `outcome` and moves the current record to `status`. */
  const settle = (outcome: DecisionOutcome<TDecision>, status: DecisionStatus): void => {
    const ending = waiter;
    if (!ending || !current) return;
    waiter = null;
    clearTimer(ending.timer);
    ending.detach();
    current = { ...current, status, endedWith: outcome.ok ? null : outcome.code };
    ending.resolve(outcome);
    setTimer(ending.release, 0);
    notify();
  };

  return {
    timeoutMs,

    request(request, waitOptions = {}) {
      if (disposed) {
        return Promise.resolve(
          refusal(
            codes.disposed,
            'The decision channel has closed (the page is going away). Nothing was asked; nothing was granted.',
            {
              requestId: request.id,
              ...describe(request),
            },
          ),
        );
      }
      if (waiter && current) {
        return Promise.resolve(
          refusal(
            codes.busy,
            `Request ${current.id} is already waiting for the human. Nothing new was asked. Wait for that call to return.`,
            { requestId: current.id, refusedRequestId: request.id },
          ),
        );
      }
      const { signal, hold } = waitOptions;
      const record: DecisionRecord<TRequest> = { id: request.id, request, status: 'pending', endedWith: null };
      if (signal?.aborted) {
        const refusal = failure('aborted', record);
        current = { ...record, status: 'expired', endedWith: refusal.code };
        notify();
        return Promise.resolve(refusal);
      }
      current = record;
      return new Promise<DecisionOutcome<TDecision>>((resolve) => {
        const release = hold ? hold(`awaiting a human decision on ${request.id}`) : () => {};
        const onAbort = (): void => settle(failure('aborted', record), 'expired');
        signal?.addEventListener('abort', onAbort, { once: true });
        const timer = setTimer(() => settle(failure('timeout', record), 'expired'), timeoutMs);
        waiter = { resolve, timer, release, detach: () => signal?.removeEventListener('abort', onAbort) };
        notify();
      });
    },

    decide(requestId, decision) {
      if (disposed || !current || current.id !== requestId) return 'unknown';
      if (current.status === 'pending') {
        settle({ ok: true, requestId, decision }, 'decided');
        return 'delivered';
      }
      if (current.status === 'expired') {
        current = { ...current, status: 'decided' };
        notify();
        return 'unattended';
      }
      return 'unknown';
    },

    supersede(reason) {
      if (disposed || !current) return false;
      if (current.status === 'pending') {
        settle(failure('superseded', current, reason), 'superseded');
        return true;
      }
      if (current.status === 'expired') {
        current = { ...current, status: 'superseded' };
        notify();
        return true;
      }
      return false;
    },

    dispose() {
      if (disposed) return;
      disposed = true;
      if (current && current.status === 'pending') settle(failure('disposed', current), 'expired');
      else notify();
      listeners.clear();
    },

    snapshot,

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

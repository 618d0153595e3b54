// Shared by the board domain's tests: a deterministic environment, the usual states, and the
// check every refusal must pass (the very same state object back, and not one byte of it changed).
import { manualClock } from '@warrant/authority/testing';
import { expect } from 'vitest';
import { createExpansionChannel } from './expansion.ts';
import { initialState, type BoardEnv, type BoardState } from './state.ts';
import { createActs, type BoardActs, type Step } from './transitions.ts';

export function testEnv(): BoardEnv & { readonly issued: () => number } {
  let count = 0;
  let tick = 0;
  return {
    newId: () => {
      count += 1;
      return `00000000-0000-4000-8000-${String(count).padStart(12, '0')}`;
    },
    now: () => {
      tick += 1;
      return new Date(Date.UTC(2026, 8, 1, 9, 0, tick)).toISOString();
    },
    issued: () => count,
  };
}

export const HEADLINE = 'A cordless lamp for desk and balcony';
export const REASON = 'The brief moves the launch to 6 October; the board still says 20 October.';

/** The board at each stage of the demo, built through the acts themselves. */
export function stages() {
  const env = testEnv();
  const acts = createActs(env);
  const fresh = initialState(env);
  const framed = ok(acts.setScope(fresh, ['headline', 'description'])); // v1
  const edited = ok(acts.editScopedFields(framed, { scopeVersion: 1, updates: { headline: HEADLINE } }, 1));
  const pending = ok(acts.requestScopeExpansion(edited, { scopeVersion: 1, fields: ['launch_date'], reason: REASON }, 1));
  const inReview = ok(acts.submitForReview(edited, { scopeVersion: 1 }, 1));
  const reviewId = inReview.review?.reviewId ?? '';
  const accepted = ok(acts.decideReview(inReview, 'accept', reviewId));
  return { env, acts, fresh, framed, edited, pending, inReview, reviewId, accepted };
}

export function ok<T>(step: Step<T>): BoardState {
  expect(step.result).toMatchObject({ ok: true });
  return step.state;
}

/**
 * Runs a refused act and checks it left the board exactly as it was: the same object back, and
 * deep-equal to a copy taken before the act (so nothing was mutated in place). Returns the refusal.
 */
export function refused<T>(state: BoardState, act: (state: BoardState) => Step<T>, code: string) {
  const before = structuredClone(state);
  const step = act(state);
  expect(step.result).toMatchObject({ ok: false, code });
  expect(step.state).toBe(state);
  expect(state).toEqual(before);
  const result = step.result as { ok: false; code: string; message: string; details: Record<string, unknown> };
  expect(result.message.length).toBeGreaterThan(10);
  expect(result.details).toBeTypeOf('object');
  return result;
}

/** A manual clock: timers fire only when the test advances time. */
export const fakeClock = manualClock;

/** A page's worth of board: a store, the acts, and an expansion channel on a manual clock. */
export function boardRuntime(start: BoardState, acts: BoardActs, timeoutMs = 120_000) {
  const clock = fakeClock();
  let current = start;
  const channel = createExpansionChannel({ timeoutMs, setTimer: clock.setTimer, clearTimer: clock.clearTimer });
  const holds: string[] = [];
  const call = (registeredVersion: number, signal: AbortSignal = new AbortController().signal) => ({
    registeredVersion,
    signal,
    hold: (reason: string) => {
      holds.push(`hold ${reason}`);
      return () => holds.push('release');
    },
  });
  return {
    runtime: { read: () => current, write: (next: BoardState) => (current = next), acts, channel },
    clock,
    holds,
    call,
  };
}

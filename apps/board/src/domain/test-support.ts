// Shared by the board domain's tests: a deterministic environment, the usual states, and the
// check every refusal must pass (the very same state object back, and not one byte of it changed).
import { expect } from 'vitest';
import { createAgentActs } from './agent-acts.ts';
import { createHumanActs } from './human-acts.ts';
import { initialState, type BoardEnv, type BoardState } from './state.ts';
import type { Step } from './step.ts';

/** Deterministic ids and time; `tab` gives a second tab ids of its own. */
export function testEnv(tab = 0): BoardEnv & { readonly issued: () => number } {
  let count = 0;
  let tick = 0;
  return {
    newId: () => {
      count += 1;
      return `${String(tab).padStart(8, '0')}-0000-4000-8000-${String(count).padStart(12, '0')}`;
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
  const human = createHumanActs(env);
  const agent = createAgentActs(env);
  const fresh = initialState(env);
  const framed = ok(human.setScope(fresh, ['headline', 'description'])); // v1
  const edited = ok(agent.editScopedFields(framed, { updates: { headline: HEADLINE } }));
  const pending = ok(agent.requestScopeExpansion(edited, { fields: ['launch_date'], reason: REASON }));
  const inReview = ok(agent.submitForReview(edited));
  const reviewId = inReview.review?.reviewId ?? '';
  const accepted = ok(human.decideReview(inReview, 'accept', reviewId));
  return { env, human, agent, fresh, framed, edited, pending, inReview, reviewId, accepted };
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
  expect(step.result).toMatchObject({ ok: false, isError: true, code });
  expect(step.state).toBe(state);
  expect(state).toEqual(before);
  const result = step.result as { ok: false; code: string; message: string; details: Record<string, unknown> };
  expect(result.message.length).toBeGreaterThan(10);
  expect(result.details).toBeTypeOf('object');
  return result;
}

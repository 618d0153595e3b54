import { describe, expect, it } from 'vitest';
import { defineRulebook, type Guard } from './rules.ts';

// A turnstile: a coin must be in, and the gate not jammed; leaving needs nothing.
interface Turnstile {
  readonly coins: number;
  readonly jammed: boolean;
}

const coinIn: Guard<Turnstile> = (state) =>
  state.coins > 0 ? null : { reason: 'Put a coin in first.', code: 'NO_COIN' };
const notJammed: Guard<Turnstile> = (state) =>
  state.jammed ? { reason: 'The gate is jammed.', cite: 'safety notice', details: { jammed: true } } : null;

const turnstile = defineRulebook({
  guards: { coinIn, notJammed },
  rules: { push: ['coinIn', 'notJammed'], pushJammedFirst: ['notJammed', 'coinIn'], leave: [] },
  cite: () => 'house rules',
});

describe('defineRulebook', () => {
  it('gives the act in order, with the rulebook citation, when every guard passes', () => {
    expect(turnstile.rule({ coins: 1, jammed: false }, 'push', undefined)).toEqual({
      legal: true,
      cite: 'house rules',
    });
  });

  it('reports the first failing guard in the order the act lists them', () => {
    const state = { coins: 0, jammed: true };
    expect(turnstile.rule(state, 'push', undefined)).toMatchObject({ legal: false, reason: 'Put a coin in first.' });
    expect(turnstile.rule(state, 'pushJammedFirst', undefined)).toMatchObject({
      legal: false,
      reason: 'The gate is jammed.',
    });
  });

  it("keeps a failure's own citation, code and details, and falls back to the rulebook's citation", () => {
    expect(turnstile.rule({ coins: 1, jammed: true }, 'push', undefined)).toEqual({
      legal: false,
      reason: 'The gate is jammed.',
      cite: 'safety notice',
      details: { jammed: true },
    });
    expect(turnstile.rule({ coins: 0, jammed: false }, 'push', undefined)).toEqual({
      legal: false,
      reason: 'Put a coin in first.',
      cite: 'house rules',
      code: 'NO_COIN',
    });
  });

  it('an act with no guards is always in order', () => {
    expect(turnstile.rule({ coins: 0, jammed: true }, 'leave', undefined).legal).toBe(true);
  });

  it('lists the acts in order, in the order asked', () => {
    expect(turnstile.inOrder({ coins: 0, jammed: false }, ['leave', 'push'], () => undefined)).toEqual(['leave']);
    expect(turnstile.inOrder({ coins: 2, jammed: false }, ['push', 'leave'], () => undefined)).toEqual([
      'push',
      'leave',
    ]);
  });

  it('hands each guard the context the act brings', () => {
    const byRow = defineRulebook<number, 'act', 'atLeast', number>({
      guards: { atLeast: (state, minimum) => (state >= minimum ? null : { reason: `needs ${minimum}` }) },
      rules: { act: ['atLeast'] },
    });
    expect(byRow.rule(3, 'act', 5)).toMatchObject({ legal: false, reason: 'needs 5' });
    expect(byRow.rule(5, 'act', 5)).toEqual({ legal: true });
  });
});

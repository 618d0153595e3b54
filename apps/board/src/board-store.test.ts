import { describe, expect, it } from 'vitest';
import { ActivityRewriteError, createBoardStore } from './board-store.ts';
import { stages } from './domain/test-support.ts';

describe('the board store', () => {
  it('takes every act the domain makes, a reset included, and tells its listeners', () => {
    const { fresh, framed, edited, human } = stages();
    const store = createBoardStore(fresh);
    const seen: number[] = [];
    store.subscribe((state) => seen.push(state.activity.length));
    store.write(framed);
    store.write(edited);
    store.write(human.reset(edited).state);
    expect(store.read().activity.map((entry) => entry.type)).toEqual(['SESSION_READY', 'SCOPE_CHANGED', 'AGENT_EDITED', 'BOARD_RESET']);
    expect(seen).toEqual([2, 3, 4]);
    expect(store.state.value).toBe(store.read());
  });

  it('refuses a write that drops or rewrites an activity entry, and keeps the state it had', () => {
    const { fresh, framed, edited } = stages();
    const store = createBoardStore(edited);
    expect(() => store.write(framed)).toThrow(ActivityRewriteError);
    const rewritten = { ...edited, activity: edited.activity.map((entry, index) => (index === 1 ? { ...entry, message: 'nothing happened' } : entry)) };
    expect(() => store.write(rewritten)).toThrow(/append-only: entry 1/);
    const reordered = { ...edited, activity: [...edited.activity].reverse() };
    expect(() => store.write(reordered)).toThrow(ActivityRewriteError);
    expect(() => store.write(fresh)).toThrow(ActivityRewriteError);
    expect(store.read()).toBe(edited);
  });
});

import { describe, expect, it } from 'vitest';
import { localAuthority, type BoardAuthority } from './board-authority.ts';
import { createBoardStore, type StateChange } from './board-store.ts';
import { refusal } from '@warrant/surface';
import type { BoardState } from './domain/state.ts';
import { refused } from './domain/step.ts';
import { stages } from './domain/test-support.ts';

/** An authority that refuses every act, and tells of other pages' acts when the test says. */
function refusingAuthority() {
  let told: ((state: BoardState) => void) | null = null;
  const authority: BoardAuthority = {
    keeps: true,
    decide: (_asked, seen) => Promise.resolve(refused(seen, refusal('SCOPE_STALE', 'moved on'))),
    onElsewhere: (listener) => {
      told = listener;
      return () => (told = null);
    },
  };
  return { authority, elsewhere: (state: BoardState) => told?.(state) };
}

describe('the board store', () => {
  it('commits every act its authority decides, a reset included, and tells its listeners', async () => {
    const { fresh, env } = stages();
    const store = createBoardStore(fresh, localAuthority(env));
    const seen: number[] = [];
    store.subscribe(({ after }) => seen.push(after.activity.length));
    await store.commit({ act: 'frame_fields', ids: ['headline'] });
    await store.commit({
      act: 'edit_scoped_fields',
      basis: { generation: 0, scopeVersion: 1 },
      updates: { headline: 'A lamp' },
    });
    await store.commit({ act: 'reset' });
    expect(store.read().activity.map((entry) => entry.type)).toEqual([
      'SESSION_READY',
      'SCOPE_CHANGED',
      'AGENT_EDITED',
      'BOARD_RESET',
    ]);
    expect(seen).toEqual([2, 3, 4]);
    expect(store.state.value).toBe(store.read());
  });

  it('asks for each act after the acts asked before it, never two on the same board', async () => {
    const { fresh, env } = stages();
    const store = createBoardStore(fresh, localAuthority(env));
    const first = store.commit({ act: 'frame_fields', ids: ['headline'] });
    const second = store.commit({ act: 'frame_fields', ids: ['headline', 'price'] });
    expect((await first).result).toMatchObject({ ok: true, scopeVersion: 1 });
    expect((await second).result).toMatchObject({ ok: true, scopeVersion: 2 });
    expect(store.read().activity).toHaveLength(3);
  });

  it('refuses a write bound to a frame that is no longer current, and changes nothing', async () => {
    const { framed, env } = stages();
    const store = createBoardStore(framed, localAuthority(env));
    await store.commit({ act: 'frame_fields', ids: ['price'] });
    const after = store.read();
    const stale = await store.commit({
      act: 'edit_scoped_fields',
      basis: { generation: 0, scopeVersion: 1 },
      updates: { price: '12 EUR' },
    });
    expect(stale.result).toMatchObject({ ok: false, isError: true, code: 'SCOPE_STALE' });
    expect(store.read()).toBe(after);
  });

  it('keeps nothing of an act its authority refused, and shows what another page recorded', async () => {
    const { fresh, framed } = stages();
    const { authority, elsewhere } = refusingAuthority();
    const store = createBoardStore(fresh, authority);
    const changes: StateChange[] = [];
    store.subscribe((change) => changes.push(change));
    const answer = await store.commit({ act: 'frame_fields', ids: ['price'] });
    expect(answer.result).toMatchObject({ ok: false, isError: true, code: 'SCOPE_STALE' });
    expect(store.read()).toBe(fresh);
    elsewhere(framed);
    expect(store.read()).toBe(framed);
    expect(changes).toEqual([{ before: fresh, after: framed, elsewhere: true }]);
  });
});

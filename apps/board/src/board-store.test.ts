import { describe, expect, it } from 'vitest';
import { ActivityRewriteError, createBoardStore, type BoardRecorder, type StateChange } from './board-store.ts';
import { changedElsewhere } from './domain/refusals.ts';
import type { BoardState } from './domain/state.ts';
import { stages } from './domain/test-support.ts';

/** A recorder that takes what the test says, and tells of other tabs' acts when asked. */
function scriptedRecorder(answers: Array<'ok' | 'stale'>) {
  let told: ((state: BoardState) => void) | null = null;
  const recorded: BoardState[] = [];
  const recorder: BoardRecorder = {
    keeps: true,
    record: async (_before, after) => {
      if (answers.shift() === 'stale') return changedElsewhere(1);
      recorded.push(after);
      return { ok: true };
    },
    onElsewhere: (listener) => {
      told = listener;
      return () => (told = null);
    },
  };
  return { recorder, recorded, elsewhere: (state: BoardState) => told?.(state) };
}

describe('the board store', () => {
  it('commits every act the domain makes, a reset included, once recorded, and tells its listeners', async () => {
    const { fresh, human, agent } = stages();
    const { recorder, recorded } = scriptedRecorder([]);
    const store = createBoardStore(fresh, recorder);
    const seen: number[] = [];
    store.subscribe(({ after }) => seen.push(after.activity.length));
    await store.commit((s) => human.setScope(s, ['headline']));
    await store.commit((s) => agent.editScopedFields(s, { updates: { headline: 'A lamp' } }));
    await store.commit((s) => human.reset(s));
    expect(store.read().activity.map((entry) => entry.type)).toEqual([
      'SESSION_READY',
      'SCOPE_CHANGED',
      'AGENT_EDITED',
      'BOARD_RESET',
    ]);
    expect(seen).toEqual([2, 3, 4]);
    expect(recorded.at(-1)).toBe(store.read());
    expect(store.state.value).toBe(store.read());
  });

  it('runs each act on the state the acts asked before it left, never two on the same state', async () => {
    const { fresh, human } = stages();
    const store = createBoardStore(fresh, scriptedRecorder([]).recorder);
    const first = store.commit((s) => human.setScope(s, ['headline']));
    const second = store.commit((s) => human.setScope(s, ['headline', 'price']));
    expect((await first).result).toMatchObject({ ok: true, scopeVersion: 1 });
    expect((await second).result).toMatchObject({ ok: true, scopeVersion: 2 });
    expect(store.read().activity).toHaveLength(3);
  });

  it('keeps nothing of an act the record refused, and shows what another tab recorded instead', async () => {
    const { fresh, framed, human } = stages();
    const { recorder, elsewhere } = scriptedRecorder(['stale']);
    const store = createBoardStore(fresh, recorder);
    const changes: StateChange[] = [];
    store.subscribe((change) => changes.push(change));
    const refused = store.commit((s) => {
      // Another tab's frame reaches this tab while its own act is being recorded.
      elsewhere(framed);
      return human.setScope(s, ['price']);
    });
    expect((await refused).result).toMatchObject({ ok: false, isError: true, code: 'STALE_TAB' });
    expect(store.read()).toBe(framed);
    expect(changes).toEqual([{ before: fresh, after: framed, elsewhere: true }]);
  });

  it('refuses an act that drops or rewrites an activity entry, and keeps the state it had', async () => {
    const { fresh, framed, edited } = stages();
    const store = createBoardStore(edited);
    const step = (next: BoardState) => () => ({ state: next, result: { ok: true as const } });
    await expect(store.commit(step(framed))).rejects.toThrow(ActivityRewriteError);
    const rewritten = {
      ...edited,
      activity: edited.activity.map((entry, index) =>
        index === 1 ? { ...entry, message: 'nothing happened' } : entry,
      ),
    };
    await expect(store.commit(step(rewritten))).rejects.toThrow(/append-only: entry 1/);
    await expect(store.commit(step({ ...edited, activity: [...edited.activity].reverse() }))).rejects.toThrow(
      ActivityRewriteError,
    );
    await expect(store.commit(step(fresh))).rejects.toThrow(ActivityRewriteError);
    expect(store.read()).toBe(edited);
  });
});

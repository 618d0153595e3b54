import { describe, expect, it } from 'vitest';
import { CHECKPOINTS } from '../apps/bench/src/domain/checkpoints.ts';
import { explainPathTo } from '../apps/bench/src/domain/path.ts';
import { replay } from '../apps/bench/src/domain/reduce.ts';
import { GOALS } from '../apps/bench/src/domain/rulebook.ts';
import { SEED } from '../apps/bench/src/domain/seed.ts';
import { referencePlan } from '../bench/planner-reference.ts';

// The reference `npm run bench` times the planner against (bench/planner-reference.ts) answers the
// same question: a ratio of their times means something only if both find plans of one depth, or
// both find none, from the same position.

const DEPTH = 6;
const noYield = (): Promise<void> => Promise.resolve();

describe("the planner's reference search", () => {
  for (const [checkpoint, prefix] of Object.entries(CHECKPOINTS)) {
    it(`finds a plan of the planner's depth, or none as the planner does, for every goal at ${checkpoint} (to depth ${DEPTH})`, async () => {
      const state = replay(SEED.slice(0, prefix));
      for (const goal of GOALS) {
        const planner = await explainPathTo(goal.id, state, { maxDepth: DEPTH, yieldFn: noYield });
        const reference = referencePlan(goal.id, state, DEPTH);
        expect(reference.found ? reference.depth : null, goal.id).toBe(planner.found ? planner.depth : null);
      }
    });
  }

  it('proves the tangle vote plan at depth 6, generating more positions than the planner', async () => {
    const tangle = replay(SEED.slice(0, CHECKPOINTS.tangle));
    const planner = await explainPathTo('vote_on_the_main_motion', tangle, { yieldFn: noYield });
    const reference = referencePlan('vote_on_the_main_motion', tangle, 12);
    expect(reference).toMatchObject({ found: true, depth: 6 });
    expect(reference.nodes).toBeGreaterThan(planner.nodes);
  });
});

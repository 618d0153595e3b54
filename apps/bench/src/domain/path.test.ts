// explain_path_to: plans made only of acts the rules permit, proved at the depth they claim,
// cancellable without losing what was proved, and honest about what it could not find.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GoalId } from './rulebook.ts';
import { GOALS, READ_ROWS, TOOL_NAMES } from './rulebook.ts';
import { canPutTheQuestion, rule } from './rule.ts';
import { reduce, replay } from './reduce.ts';
import type { CompiledGoal } from './goals.ts';
import { compileGoal } from './goals.ts';
import type { PlanNode } from './path.ts';
import { explainPathTo, isVoteNode, planActs, planEvent, voteEvent } from './path.ts';
import { CHECKPOINTS, SEED } from './seed.ts';
import type { MeetingState } from './state.ts';
import { canonical } from './state.ts';

const at = (n: number): MeetingState => replay(SEED.slice(0, n));
const tangle = at(CHECKPOINTS.tangle);

/** Replays every branch of a plan, asserting each step is in order when it is taken. */
function walk(plan: PlanNode, state: MeetingState, goal: CompiledGoal): number {
  switch (plan.kind) {
    case 'done':
      expect(goal.reached(state)).toBe(true);
      return 0;
    case 'decided':
      expect(goal.reached(state)).toBe(false);
      return 0;
    case 'move':
      if (plan.act === 'put_the_question') expect(canPutTheQuestion(state)).toBe(true);
      else expect(rule(state, plan.act), plan.act).toMatchObject({ legal: true });
      return 1 + walk(plan.next, reduce(state, planEvent(plan.act, state)), goal);
    case 'vote':
      expect(rule(state, 'record_vote_tally').legal).toBe(true);
      return (
        1 +
        Math.max(
          walk(plan.ifCarried, reduce(state, voteEvent(state, true)), goal),
          walk(plan.ifLost, reduce(state, voteEvent(state, false)), goal),
        )
      );
  }
}

/** An independent oracle: plain depth-first AND-OR search, memoised on key and budget only. */
function shortest(state: MeetingState, goal: CompiledGoal, limit: number): number | null {
  const memo = new Map<string, boolean>();
  const provable = (s: MeetingState, budget: number): boolean => {
    if (goal.reached(s)) return true;
    if (budget === 0) return false;
    const key = `${canonical(s)}#${budget}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    // A vote is taken only once the chair has put the question (stated here, not imported).
    const result =
      s.phase === 'VOTE_PENDING' && s.questionPut
        ? provable(reduce(s, voteEvent(s, true)), budget - 1)
        : planActs(s).some((act) => provable(reduce(s, planEvent(act, s)), budget - 1));
    memo.set(key, result);
    return result;
  };
  for (let d = 0; d <= limit; d++) if (provable(state, d)) return d;
  return null;
}

describe('a plan for the vote on the main motion from the tangle', () => {
  it('is proved at depth 6, in fewer nodes than the reference’s 399', async () => {
    const result = await explainPathTo('vote_on_the_main_motion', tangle);
    expect(result).toMatchObject({ found: true, depth: 6, cancelled: false });
    expect(result.text).toContain('proved at depth 6');
    expect(result.text).toContain(`${result.nodes} nodes`);
    expect(result.nodes).toBeLessThan(399);
    expect(shortest(tangle, compileGoal('vote_on_the_main_motion', tangle), 6)).toBe(6);
  });

  it('has the chair put every question it votes on', async () => {
    const { plan } = await explainPathTo('vote_on_the_main_motion', tangle);
    // Along the carried line: put, vote, put, vote, put, vote.
    const line: string[] = [];
    for (
      let node = plan;
      node && node.kind !== 'done' && node.kind !== 'decided';
      node = node.kind === 'move' ? node.next : node.ifCarried
    ) {
      line.push(node.kind === 'move' ? node.act : `vote:${node.motion}`);
    }
    expect(line).toEqual([
      'put_the_question',
      'vote:amend_amendment',
      'put_the_question',
      'vote:amend',
      'put_the_question',
      'vote:main',
    ]);
  });

  it('puts the question, votes, and cites the rules, ending with the rule() footer', async () => {
    const { text } = await explainPathTo('vote_on_the_main_motion', tangle);
    expect(text).toContain('The chair puts the question (RONR §4)');
    expect(text).toContain('The vote is taken on the main motion (RONR §10) — it needs a majority');
    expect(text).toMatch(/CARRIES/);
    expect(text.trim().split('\n').at(-1)).toMatch(/^Every step is one rule\(\) finds in order/);
  });
});

describe('every plan', () => {
  for (const [checkpoint, n] of Object.entries(CHECKPOINTS)) {
    it(`is made only of acts the rules permit, at ${checkpoint}, for every goal`, async () => {
      const state = at(n);
      for (const goal of GOALS) {
        const result = await explainPathTo(goal.id, state);
        if (!result.plan) continue;
        expect(walk(result.plan, state, compileGoal(goal.id, state)), goal.id).toBe(result.depth);
      }
    });
  }

  it('states both outcomes where a vote can fail without reaching the goal', async () => {
    const { text, plan } = await explainPathTo('adjourn_cleanly', tangle);
    expect(plan?.kind).toBe('move');
    expect(text).toContain('if it CARRIES');
    expect(text).toContain('if it FAILS');
    expect(text).toContain('the assembly has decided otherwise');
  });

  it('is as short as an independent search says, from positions reached by random play', () => {
    const checkpoint = fc.constantFrom(
      CHECKPOINTS.widest,
      CHECKPOINTS.tangle,
      CHECKPOINTS.tabled,
      CHECKPOINTS.injection,
    );
    const choices = fc.array(fc.nat(), { maxLength: 6 });
    const goal = fc.constantFrom<GoalId>(...GOALS.map((g) => g.id));
    return fc.assert(
      fc.asyncProperty(checkpoint, choices, goal, async (n, picks, goalId) => {
        let state = at(n);
        for (const pick of picks) {
          if (state.phase === 'VOTE_PENDING' && state.questionPut)
            state = reduce(state, voteEvent(state, pick % 2 === 0));
          else {
            const acts = planActs(state);
            const act = acts[pick % Math.max(acts.length, 1)];
            if (act === undefined) break;
            state = reduce(state, planEvent(act, state));
          }
        }
        const compiled = compileGoal(goalId, state);
        const expected = shortest(state, compiled, 5);
        const result = await explainPathTo(goalId, state, { maxDepth: 5 });
        expect(result.found ? result.depth : null).toBe(expected);
        if (expected !== null) expect(compiled.atLeast(state)).toBeLessThanOrEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});

describe('a question gone to a vote without debate', () => {
  const moved = reduce(tangle, planEvent('move_previous_question', tangle));
  const ordered = reduce(moved, planEvent('second_pending_motion', moved));

  it('is no vote node until the chair puts it: putting it, or adjourning first, are the only acts a plan may take', () => {
    expect(ordered).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
    expect(isVoteNode(ordered)).toBe(false);
    expect(planActs(ordered)).toEqual(['move_to_adjourn', 'put_the_question']);
    const put = reduce(ordered, planEvent('put_the_question', ordered));
    expect(isVoteNode(put)).toBe(true);
    expect(planActs(put)).toEqual([]);
  });

  it('plans the chair’s putting before the vote, and end_debate_now is reached only once it is put', async () => {
    const adjourn = await explainPathTo('adjourn_cleanly', ordered);
    expect(adjourn.found).toBe(true);
    // Adjourning is in order while the question awaits its putting (RONR §21): the shortest way out.
    expect(adjourn.plan).toMatchObject({
      kind: 'move',
      act: 'move_to_adjourn',
      next: { kind: 'move', act: 'second_pending_motion' },
    });
    const end = await explainPathTo('end_debate_now', ordered);
    expect(end).toMatchObject({
      found: true,
      depth: 1,
      plan: { kind: 'move', act: 'put_the_question', next: { kind: 'done' } },
    });
  });
});

describe('cancellation', () => {
  // A clock that runs 10 ms per reading forces a yield at every node.
  const fastClock = () => {
    let t = 0;
    return () => (t += 10);
  };

  it('resolves with CANCELLED — when aborted after the first yield', async () => {
    const controller = new AbortController();
    const result = await explainPathTo('vote_on_the_main_motion', tangle, {
      signal: controller.signal,
      now: fastClock(),
      yieldFn: async () => controller.abort(),
    });
    expect(result.cancelled).toBe(true);
    expect(result.text.startsWith('CANCELLED —')).toBe(true);
    expect(result.text).toContain('no plan of 5 moves or fewer exists');
  });

  it('is not cancelled when it yields but nobody aborts', async () => {
    let yields = 0;
    const result = await explainPathTo('vote_on_the_main_motion', tangle, {
      signal: new AbortController().signal,
      now: fastClock(),
      yieldFn: async () => void yields++,
    });
    expect(yields).toBeGreaterThan(0);
    expect(result.cancelled).toBe(false);
    expect(result.text.startsWith('CANCELLED')).toBe(false);
    expect(result.found).toBe(true);
  });

  it('resolves, never rejects, when the signal is already aborted', async () => {
    const result = await explainPathTo('end_debate_now', tangle, { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ cancelled: true, found: false, nodes: 1 });
    expect(result.text).toMatch(/^CANCELLED — .+/);
  });
});

describe('answers without a plan', () => {
  it('lists the valid goals for an unknown one, without echoing it', async () => {
    const { text, found } = await explainPathTo('record it as adopted', tangle);
    expect(found).toBe(false);
    for (const goal of GOALS) expect(text).toContain(goal.id);
    expect(text).not.toContain('record it as adopted');
  });

  it('states its depth bound when no plan fits within it', async () => {
    const result = await explainPathTo('vote_on_the_main_motion', tangle, { maxDepth: 5 });
    expect(result).toMatchObject({ found: false, depth: 5, cancelled: false });
    expect(result.text).toContain("No conditional plan reaches 'vote_on_the_main_motion' within 5 moves");
  });

  it('says no depth will do when every line of play ends short of the goal', async () => {
    const noQuorum = reduce(at(CHECKPOINTS.widest), {
      seq: 0,
      at: '20:00',
      actor: 'chair',
      type: 'set_members_present',
      payload: { present: 4 },
    });
    const result = await explainPathTo('vote_on_the_main_motion', noQuorum);
    expect(result.found).toBe(false);
    expect(result.text).toContain('at any depth');
    expect(result.text).toContain('RONR §40');
  });

  it('waits for the chair while a point of order is pending', async () => {
    const paused = reduce(tangle, {
      seq: 0,
      at: '20:00',
      actor: 'clerk',
      type: 'raise_point_of_order',
      payload: { concern: 'C', raisedBy: 'R' },
    });
    const result = await explainPathTo('adjourn_cleanly', paused);
    expect(result).toMatchObject({ found: false, nodes: 0 });
    expect(result.text).toContain('awaits the chair’s ruling (RONR §23)');
  });

  it('knows without searching that nothing can come back from an empty table', async () => {
    const result = await explainPathTo('return_to_a_tabled_motion', tangle);
    expect(result).toMatchObject({ found: false, nodes: 0, depth: 0 });
    expect(result.text).toContain('nothing is on the table');
  });

  it('says so when the goal is already reached', async () => {
    const result = await explainPathTo('dispose_of_pending_amendments', at(CHECKPOINTS.widest));
    expect(result).toMatchObject({ found: true, depth: 0, plan: { kind: 'done' } });
  });

  it('offers exactly the five goals, and is a read, not a gated act', () => {
    const read = READ_ROWS.find((r) => r.name === 'explain_path_to');
    const goalSchema = (read?.inputSchema as { properties: { goal: { enum: string[] } } }).properties.goal;
    expect(goalSchema.enum).toEqual(GOALS.map((g) => g.id));
    expect(TOOL_NAMES).not.toContain('explain_path_to');
  });
});

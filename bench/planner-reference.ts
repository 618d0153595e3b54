import { compileGoal, type CompiledGoal } from '../apps/bench/src/domain/goals.ts';
import { isVoteNode, planActs, planEvent, voteEvent, type PlanNode } from '../apps/bench/src/domain/path.ts';
import { reduce } from '../apps/bench/src/domain/reduce.ts';
import type { GoalId } from '../apps/bench/src/domain/rulebook.ts';
import type { MeetingState } from '../apps/bench/src/domain/state.ts';

// The reference the planner (explainPathTo, apps/bench/src/domain/path.ts) is timed against: the
// textbook search for the same answer, written here from the problem's statement, not from the
// planner. Iterative deepening over a plain depth-first AND-OR search: at an OR node (members
// choose) any act that leads to a plan will do, tried in rulebook order; at a vote (nobody
// chooses) the plan must go on if it carries, and says what is left if it fails, searched with
// what budget remains. It uses the same rules, moves and goal test (planActs, planEvent,
// voteEvent, reduce, goal.reached) and nothing else: no lower bound on the moves left, no table
// of positions already settled, no ordering of moves by promise. What the planner adds is what a
// comparison with this measures.

export interface ReferenceResult {
  readonly found: boolean;
  /** Depth of the plan found, or the deepest depth searched without one. */
  readonly depth: number;
  /** Positions generated (each reduce of a move or a vote), as the planner counts its nodes. */
  readonly nodes: number;
  readonly plan: PlanNode | null;
}

interface Found {
  readonly plan: PlanNode;
  readonly depth: number;
}

export function referencePlan(goalId: GoalId, start: MeetingState, maxDepth: number): ReferenceResult {
  const goal: CompiledGoal = compileGoal(goalId, start);
  let nodes = 0;
  const next = (state: MeetingState, event: Parameters<typeof reduce>[1]): MeetingState => {
    nodes += 1;
    return reduce(state, event);
  };
  const solve = (state: MeetingState, budget: number): Found | null => {
    if (goal.reached(state)) return { plan: { kind: 'done' }, depth: 0 };
    if (budget === 0) return null;
    if (isVoteNode(state)) {
      const motion = state.stack.at(-1)?.motion;
      if (motion === undefined) return null;
      const carried = solve(next(state, voteEvent(state, true)), budget - 1);
      if (carried === null) return null;
      const lost = solve(next(state, voteEvent(state, false)), budget - 1);
      return {
        plan: {
          kind: 'vote',
          motion,
          ifCarried: carried.plan,
          ifLost: lost?.plan ?? { kind: 'decided', within: budget - 1 },
        },
        depth: 1 + Math.max(carried.depth, lost?.depth ?? 0),
      };
    }
    for (const act of planActs(state)) {
      const found = solve(next(state, planEvent(act, state)), budget - 1);
      if (found) return { plan: { kind: 'move', act, next: found.plan }, depth: found.depth + 1 };
    }
    return null;
  };
  for (let depth = 0; depth <= maxDepth; depth += 1) {
    const found = solve(start, depth);
    if (found) return { found: true, depth: found.depth, nodes, plan: found.plan };
  }
  return { found: false, depth: maxDepth, nodes, plan: null };
}

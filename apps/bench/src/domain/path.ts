// explain_path_to: an AND-OR search over the rules for a conditional plan to a goal.
//
// The assembly's members choose which motions to make (OR nodes: one good move is enough); nobody
// chooses how a vote goes (AND nodes: the plan must work if the vote carries, and says honestly
// what is left if it fails). Iterative deepening finds the shortest plan; a lower bound per goal
// skips depths that cannot succeed; a transposition table keyed by canonical(state) remembers,
// for each position, the depth to which it is proved to fail (a position that fails within d
// moves fails within fewer) and any plan found from it.
//
// WebMCP tools run on the main thread, so the search yields every few milliseconds and checks
// the caller's signal. An abort resolves — never rejects — with what was fully proved so far.

import type { MotionId, ToolName } from './rulebook.ts';
import { GOALS, MOTIONS, PUT_THE_QUESTION } from './rulebook.ts';
import type { CompiledGoal } from './goals.ts';
import { compileGoal, isGoalId } from './goals.ts';
import { canPutTheQuestion, legalTools, ROWS_BY_NAME } from './rule.ts';
import { reduce } from './reduce.ts';
import type { MeetingEvent, MeetingState } from './state.ts';
import { canonical, quorumPresent, top } from './state.ts';

/**
 * Acts the planner never proposes: clerical records (attendance, corrections, draft text) and
 * judgements it cannot predict (raising a point of order, the chair's ruling). Votes are not
 * chosen either; they are the AND nodes.
 */
type NotPlanned =
  | 'set_members_present'
  | 'correct_last_entry'
  | 'enter_motion_text'
  | 'raise_point_of_order'
  | 'record_chair_ruling'
  | 'record_vote_tally';
const NOT_PLANNED: ReadonlySet<ToolName> = new Set<NotPlanned>([
  'set_members_present',
  'correct_last_entry',
  'enter_motion_text',
  'raise_point_of_order',
  'record_chair_ruling',
  'record_vote_tally',
]);
type PlannedTool = Exclude<ToolName, NotPlanned>;
const isPlanned = (tool: ToolName): tool is PlannedTool => !NOT_PLANNED.has(tool);

/** A step a plan can take: a tool rule() permits, or the chair putting the question. */
export type PlanAct = PlannedTool | 'put_the_question';

export type PlanNode =
  | { readonly kind: 'done' }
  /** A failed vote leaves no route: `within` moves were searched from there, or null if none exists at all. */
  | { readonly kind: 'decided'; readonly within: number | null }
  | { readonly kind: 'move'; readonly act: PlanAct; readonly next: PlanNode }
  | { readonly kind: 'vote'; readonly motion: MotionId; readonly ifCarried: PlanNode; readonly ifLost: PlanNode };

export interface PathResult {
  readonly text: string;
  /** Depth of the plan found, or the depth to which its absence is proved. */
  readonly depth: number;
  /** Positions generated and evaluated. */
  readonly nodes: number;
  readonly ms: number;
  readonly cancelled: boolean;
  readonly found: boolean;
  readonly plan: PlanNode | null;
}

export interface PathOptions {
  readonly signal?: AbortSignal;
  /** Clock in milliseconds; injectable so tests can make slicing deterministic. */
  readonly now?: () => number;
  /** How to give the main thread back; scheduler.yield where present, else a macrotask. */
  readonly yieldFn?: () => Promise<void>;
  /** The deepest plan worth proposing; beyond it the answer is "none within this many moves". */
  readonly maxDepth?: number;
}

export const MAX_DEPTH = 12;
/** Half a 60 Hz frame, so a long search never costs a dropped frame. */
const SLICE_MS = 8;

const SOMEONE = 'a member';
const AS_PROPOSED = '(as proposed)';

/** The event a plan step stands for, with placeholder words: the search replays real transitions. */
export function planEvent(act: PlanAct, state: MeetingState): MeetingEvent {
  const at = state.now ?? '00:00';
  switch (act) {
    case 'put_the_question':
      return { seq: 0, at, actor: 'chair', type: act, payload: {} };
    case 'call_meeting_to_order':
      return { seq: 0, at, actor: 'chair', type: act, payload: { chair: 'the chair', at } };
    case 'move_main_motion':
      return { seq: 0, at, actor: 'clerk', type: act, payload: { text: AS_PROPOSED, mover: SOMEONE } };
    case 'second_pending_motion':
      return { seq: 0, at, actor: 'clerk', type: act, payload: { seconder: SOMEONE } };
    case 'move_to_amend':
    case 'move_to_amend_the_amendment':
      return {
        seq: 0,
        at,
        actor: 'clerk',
        type: act,
        payload: { text: AS_PROPOSED, mover: SOMEONE, form: 'substitute' },
      };
    case 'move_to_commit':
      return { seq: 0, at, actor: 'clerk', type: act, payload: { committee: 'a committee', mover: SOMEONE } };
    case 'move_to_postpone_to_time':
      return { seq: 0, at, actor: 'clerk', type: act, payload: { until: 'a later meeting', mover: SOMEONE } };
    case 'move_to_limit_debate':
      return { seq: 0, at, actor: 'clerk', type: act, payload: { limit: AS_PROPOSED, mover: SOMEONE } };
    case 'move_to_take_from_table':
      return {
        seq: 0,
        at,
        actor: 'clerk',
        type: act,
        payload: { motionId: state.table.at(-1)?.id ?? '', mover: SOMEONE },
      };
    case 'move_to_postpone_indefinitely':
    case 'move_previous_question':
    case 'move_to_lay_on_table':
    case 'move_to_reconsider':
    case 'move_to_adjourn':
      return { seq: 0, at, actor: 'clerk', type: act, payload: { mover: SOMEONE } };
  }
}

/** The smallest tally that carries, or fails, under any threshold. */
export function voteEvent(state: MeetingState, carried: boolean): MeetingEvent {
  return {
    seq: 0,
    at: state.now ?? '00:00',
    actor: 'clerk',
    type: 'record_vote_tally',
    payload: carried ? { aye: 1, nay: 0 } : { aye: 0, nay: 1 },
  };
}

/**
 * A vote is an AND node only once the chair has put the question. A question that has gone to a
 * vote without debate but is not yet put is an OR node like any other, whose one useful act is
 * the chair putting it (nothing the planner proposes is in order there).
 */
export function isVoteNode(state: MeetingState): boolean {
  return state.phase === 'VOTE_PENDING' && state.questionPut;
}

/** The acts a plan may take here, in rulebook order, then the chair putting the question. */
export function planActs(state: MeetingState): PlanAct[] {
  const acts: PlanAct[] = legalTools(state).filter(isPlanned);
  if (canPutTheQuestion(state)) acts.push('put_the_question');
  return acts;
}

class Cancelled {}

type Outcome =
  { readonly plan: PlanNode; readonly depth: number } | { readonly plan: null; readonly failsWithin: number };

interface Memo {
  /** Proved: no plan of this many moves or fewer exists from here. */
  failsWithin: number;
  plan: PlanNode | null;
  planDepth: number;
}

const DONE: PlanNode = { kind: 'done' };

function defaultYield(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

class Search {
  nodes = 0;
  private readonly memo = new Map<string, Memo>();
  private sliceStart: number;

  constructor(
    private readonly goal: CompiledGoal,
    private readonly signal: AbortSignal | undefined,
    private readonly now: () => number,
    private readonly yieldFn: () => Promise<void>,
  ) {
    this.sliceStart = now();
  }

  private async slice(): Promise<void> {
    if (this.now() - this.sliceStart < SLICE_MS) return;
    await this.yieldFn();
    this.sliceStart = this.now();
    if (this.signal?.aborted) throw new Cancelled();
  }

  private remember(key: string, outcome: Outcome): Outcome {
    const memo = this.memo.get(key) ?? { failsWithin: -1, plan: null, planDepth: Infinity };
    if (outcome.plan === null) memo.failsWithin = Math.max(memo.failsWithin, outcome.failsWithin);
    else if (outcome.depth < memo.planDepth) Object.assign(memo, { plan: outcome.plan, planDepth: outcome.depth });
    this.memo.set(key, memo);
    return outcome;
  }

  /** Generating a position and bounding its distance to the goal is what a node counts. */
  evaluate(state: MeetingState): { readonly state: MeetingState; readonly bound: number } {
    this.nodes++;
    return { state, bound: this.goal.atLeast(state) };
  }

  /** Is there a plan of at most `budget` moves from this position? */
  async solve(position: { readonly state: MeetingState; readonly bound: number }, budget: number): Promise<Outcome> {
    await this.slice();
    const { state, bound } = position;
    if (bound === 0) return { plan: DONE, depth: 0 };
    const key = canonical(state);
    const memo = this.memo.get(key);
    if (memo?.plan && memo.planDepth <= budget) return { plan: memo.plan, depth: memo.planDepth };
    if (memo && budget <= memo.failsWithin) return { plan: null, failsWithin: memo.failsWithin };
    if (bound > budget) return this.remember(key, { plan: null, failsWithin: bound - 1 });
    return this.remember(key, isVoteNode(state) ? await this.vote(state, budget) : await this.choose(state, budget));
  }

  // AND node: the plan must go on if the vote carries; if it fails, say what is left.
  private async vote(state: MeetingState, budget: number): Promise<Outcome> {
    const question = top(state);
    if (!question) return { plan: null, failsWithin: Infinity };
    const carried = await this.solve(this.evaluate(reduce(state, voteEvent(state, true))), budget - 1);
    if (carried.plan === null) return { plan: null, failsWithin: carried.failsWithin + 1 };
    const lost = await this.solve(this.evaluate(reduce(state, voteEvent(state, false))), budget - 1);
    const ifLost: PlanNode = lost.plan ?? {
      kind: 'decided',
      within: lost.failsWithin === Infinity ? null : lost.failsWithin,
    };
    const depth = 1 + Math.max(carried.depth, lost.plan ? lost.depth : 0);
    return { plan: { kind: 'vote', motion: question.motion, ifCarried: carried.plan, ifLost }, depth };
  }

  // OR node: the first act that leads to a plan; the positions closest to the goal are tried first.
  private async choose(state: MeetingState, budget: number): Promise<Outcome> {
    const children = planActs(state)
      .map((act, order) => ({ act, order, ...this.evaluate(reduce(state, planEvent(act, state))) }))
      .sort((a, b) => a.bound - b.bound || a.order - b.order);
    let failsWithin = Infinity;
    for (const child of children) {
      const outcome = await this.solve(child, budget - 1);
      if (outcome.plan) return { plan: { kind: 'move', act: child.act, next: outcome.plan }, depth: outcome.depth + 1 };
      failsWithin = Math.min(failsWithin, outcome.failsWithin + 1);
    }
    return { plan: null, failsWithin };
  }
}

// ------------------------------------------------------------------------------- rendering

function actTitle(act: PlanAct): string {
  if (act === 'put_the_question') return `${PUT_THE_QUESTION.title} (${PUT_THE_QUESTION.cite})`;
  const row = ROWS_BY_NAME.get(act);
  return `${row?.title ?? act} (${row?.cite ?? ''})`;
}

function renderPlan(node: PlanNode, step: number, indent: string, label: string): string[] {
  switch (node.kind) {
    case 'done':
      return [`${indent}✓ the goal is reached: ${label}.`];
    case 'decided':
      return [
        `${indent}— the assembly has decided otherwise. ${
          node.within === null
            ? 'From there no sequence of motions reaches the goal at this meeting.'
            : `No route on from there was found within ${moves(node.within)} more.`
        }`,
      ];
    case 'move':
      return [`${indent}${step}. ${actTitle(node.act)}.`, ...renderPlan(node.next, step + 1, indent, label)];
    case 'vote': {
      const motion = MOTIONS[node.motion];
      const needs = motion.threshold === 'two_thirds' ? 'a two-thirds vote' : 'a majority';
      const head = `${indent}${step}. The vote is taken on ${motion.noun} (${motion.cite}) — it needs ${needs}.`;
      const deeper = `${indent}     `;
      // The transposition table hands back one plan for positions that share a future.
      if (node.ifCarried === node.ifLost)
        return [
          head,
          `${indent}   • whether it CARRIES or FAILS:`,
          ...renderPlan(node.ifCarried, step + 1, deeper, label),
        ];
      return [
        head,
        `${indent}   • if it CARRIES:`,
        ...renderPlan(node.ifCarried, step + 1, deeper, label),
        `${indent}   • if it FAILS:`,
        ...renderPlan(node.ifLost, step + 1, deeper, label),
      ];
    }
  }
}

const FOOTER =
  'Every step is one rule() finds in order at that point. The chair puts the question only on a seconded question, under debate or gone to a vote without debate, and only with a quorum unless the question is to adjourn; every vote waits for it. Nobody controls a vote, so the plan covers both outcomes of each.';

function circumstances(state: MeetingState): string {
  return quorumPresent(state)
    ? ''
    : ' A quorum is absent (RONR §40): until more members are present, only adjournment and the acts it needs are in order.';
}

const moves = (n: number): string => `${n} move${n === 1 ? '' : 's'}`;
const nodes = (n: number): string => `${n} node${n === 1 ? '' : 's'}`;
const round = (ms: number): number => Math.round(ms * 100) / 100;

function goalList(): string {
  return GOALS.map((g) => `${g.id} (${g.label})`).join('; ');
}

export async function explainPathTo(
  goalName: string,
  state: MeetingState,
  options: PathOptions = {},
): Promise<PathResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const elapsed = (): number => round(now() - started);
  const maxDepth = options.maxDepth ?? MAX_DEPTH;
  const answer = (text: string, fields: Partial<PathResult> = {}): PathResult => ({
    text,
    depth: 0,
    nodes: 0,
    ms: elapsed(),
    cancelled: false,
    found: false,
    plan: null,
    ...fields,
  });

  // The goal is echoed only once it is known to be one of ours: an unknown string could be anything.
  if (!isGoalId(goalName))
    return answer(`That is not one of the goals this planner knows. Valid goals: ${goalList()}.`);
  const goal = compileGoal(goalName, state);
  if (goal.reached(state))
    return answer(`The goal is already reached: ${goal.label}. Nothing needs to be done (depth 0).`, {
      found: true,
      plan: DONE,
    });
  if (goal.impossible)
    return answer(
      `No conditional plan can ${goal.label} at any depth: ${goal.impossible}. This is known without searching (0 nodes).`,
    );
  // Business is paused on a judgement the planner does not predict; any plan would begin with it.
  if (state.phase === 'RULING_PENDING')
    return answer(
      'No plan can be made while a point of order awaits the chair’s ruling (RONR §23): the ruling decides how business resumes. Ask again once the chair has ruled.',
    );

  const search = new Search(goal, options.signal, now, options.yieldFn ?? defaultYield);
  const root = search.evaluate(state);
  // The goal's lower bound is itself a proof: no plan shorter than it exists.
  let provedAbsentWithin = Math.min(root.bound - 1, maxDepth);
  try {
    if (options.signal?.aborted) throw new Cancelled();
    let depth = Math.max(1, Math.min(provedAbsentWithin + 1, maxDepth));
    for (;;) {
      const outcome = await search.solve(root, depth);
      if (outcome.plan) {
        const lines = renderPlan(outcome.plan, 1, '', goal.label);
        const text = [
          `A conditional plan to ${goal.label}, proved at depth ${outcome.depth}: no plan of fewer moves exists. Searched ${nodes(search.nodes)} in ${elapsed()} ms.`,
          ...lines,
          FOOTER,
        ].join('\n');
        return answer(text, { depth: outcome.depth, nodes: search.nodes, found: true, plan: outcome.plan });
      }
      if (outcome.failsWithin === Infinity) {
        return answer(
          `No conditional plan can ${goal.label} at any depth: every line of play from here ends without it. Searched ${nodes(search.nodes)} in ${elapsed()} ms.${circumstances(state)}`,
          { depth, nodes: search.nodes },
        );
      }
      provedAbsentWithin = Math.min(outcome.failsWithin, maxDepth);
      if (provedAbsentWithin >= maxDepth) {
        return answer(
          `No conditional plan reaches '${goal.id}' within ${maxDepth} moves — that bound is part of the answer. Searched ${nodes(search.nodes)} in ${elapsed()} ms.${circumstances(state)}`,
          { depth: maxDepth, nodes: search.nodes },
        );
      }
      // Each pass proves at least its own depth, so the next always goes deeper.
      depth = Math.max(depth, provedAbsentWithin) + 1;
    }
  } catch (error) {
    if (!(error instanceof Cancelled)) throw error;
    const settled =
      provedAbsentWithin > 0 ? `no plan of ${moves(provedAbsentWithin)} or fewer exists` : 'no depth was settled';
    return answer(
      `CANCELLED — the search was stopped at your request after ${nodes(search.nodes)} in ${elapsed()} ms, before a plan was proved; so far, ${settled}.`,
      { depth: provedAbsentWithin, nodes: search.nodes, cancelled: true },
    );
  }
}

import { type RunContext, type ToolResult } from '@warrant/surface';
import { DECLARATIONS } from './domain/declarations.ts';
import * as minutes from './domain/minutes.ts';
import { tallyProblem } from './domain/in-order.ts';
import { legalTools, rule } from './domain/rule.ts';
import { READ_ROWS, type ReadName } from './domain/rulebook.ts';
import type { EventType, MeetingState, Payloads } from './domain/state.ts';
import type { DraftSource } from './draft-source.ts';
import type { Decided, Meeting } from './meeting.ts';
import type { BenchState } from './surface-rows.ts';

// What each of the bench's tools does when called, with the declarations and the words its
// answers are given in. Loaded with the record, after first paint: no gated act is in order, and
// no read answers, before the record is open.

export { DECLARATIONS, minutes };

export type Author = 'agent' | 'clerk' | 'chair';

export function actorFor(ctx: RunContext<BenchState>): Author {
  return ctx.caller === 'agent' ? 'agent' : 'clerk';
}

/** What was recorded and where the meeting now stands, counting the tools in order as the page does. */
function answer(decided: Extract<Decided, { ok: true }>): ToolResult {
  const { event, before, after } = decided;
  const legal = legalTools(after);
  return {
    ok: true,
    recorded: event.type,
    seq: event.seq,
    phase: after.phase,
    message: minutes.describeOutcome(event, before, after),
    inOrder: READ_ROWS.length + legal.length,
    voteInOrder: legal.includes('record_vote_tally'),
  };
}

/** Decides the act and answers once its entry is stored (or refused because another tab wrote first). */
export async function record<K extends EventType>(
  meeting: Meeting,
  type: K,
  payload: Payloads[K],
  ctx: RunContext<BenchState>,
  actor: Author = actorFor(ctx),
): Promise<ToolResult> {
  const decided = meeting.commit(type, payload, actor);
  if (!decided.ok) return decided;
  const written = await decided.written;
  if (!written.ok) return written;
  return answer(decided);
}

export interface ReadInput {
  readonly through?: string;
  readonly goal?: string;
}

export async function read(
  name: ReadName,
  meeting: Meeting,
  input: ReadInput,
  ctx: RunContext<BenchState>,
): Promise<ToolResult> {
  await meeting.whenOpen;
  const state: MeetingState = meeting.state.value;
  switch (name) {
    case 'get_motion_stack':
      return { ok: true, stack: minutes.describeStack(state) };
    case 'draft_minutes':
      return { ok: true, minutes: minutes.draftMinutes(meeting.events.value, state, input.through) };
    case 'explain_current_state':
      return { ok: true, phase: state.phase, explanation: minutes.explainState(state) };
    case 'explain_path_to': {
      // The planner is loaded when first asked for.
      const { explainPathTo } = await import('./domain/path.ts');
      const result = await explainPathTo(input.goal ?? '', state, { signal: ctx.signal });
      return {
        ok: true,
        plan: result.text,
        found: result.found,
        depth: result.depth,
        nodes: result.nodes,
        cancelled: result.cancelled,
      };
    }
  }
}

/**
 * The tally. A count larger than the room is a miscount, and nothing is recorded. The vote is
 * answered in the task its call arrived in, once decided, without waiting for the disk: the
 * browser keeps one pending call per form, so a second caller on this form would otherwise
 * orphan the first. A later write failure rolls the vote back and the page says so.
 */
export function tally(
  meeting: Meeting,
  state: BenchState,
  counts: Payloads['record_vote_tally'],
  ctx: RunContext<BenchState>,
): ToolResult {
  // Before the state is open there is nothing to count against: nothing is decided either.
  const problem = state ? tallyProblem(state, counts) : null;
  if (problem) return problem;
  const decided = meeting.commit('record_vote_tally', counts, actorFor(ctx));
  return decided.ok ? answer(decided) : decided;
}

/**
 * Motion entry: the text is entered, and when the floor is clear the motion is made. Words an
 * agent put in the form stay the agent's, even when a person states them after the agent's own
 * call has ended.
 */
export async function enterMotion(
  meeting: Meeting,
  draft: DraftSource,
  entry: Payloads['enter_motion_text'],
  ctx: RunContext<BenchState>,
): Promise<ToolResult> {
  const actor: Author = draft.filledByAgent.peek() ? 'agent' : actorFor(ctx);
  const entered = await record(meeting, 'enter_motion_text', entry, ctx, actor);
  if (!entered.ok || !rule(meeting.state.value, 'move_main_motion').legal) return entered;
  return record(meeting, 'move_main_motion', { text: entry.text, mover: entry.mover ?? 'a member' }, ctx, actor);
}

import { refusal, type DeclarativeRow, type ImperativeRow, type Row, type RunContext, type ToolResult } from '@warrant/surface';
import { legalTools, rule } from './domain/rule.ts';
import { GATED_ROWS, READ_ROWS, type GatedRow, type ReadName, type ReadRow } from './domain/rulebook.ts';
import { inputSchemaFor } from './domain/schema.ts';
import type { EventType, MeetingState, Payloads } from './domain/state.ts';
import type { Meeting } from './meeting.ts';

// The bench's surface: the 4 always-on reads and the 19 gated rows, each gated by rule() and
// nothing else. A write records one event through the meeting and answers with a sentence a
// model can act on; it never decides legality itself.

const READS = READ_ROWS.length;

// The bench's words (minutes, explanations) load after first paint: no tool answers before it.
const minutes = () => import('./domain/minutes.ts');

/** Tools in order in a state: the always-on reads plus the gated rows rule() allows. */
export function inOrderCount(state: MeetingState): number {
  return READS + legalTools(state).length;
}

function actorFor(ctx: RunContext<MeetingState>): 'agent' | 'clerk' {
  return ctx.caller === 'agent' ? 'agent' : 'clerk';
}

async function record<K extends EventType>(meeting: Meeting, type: K, payload: Payloads[K], ctx: RunContext<MeetingState>): Promise<ToolResult> {
  const committed = await meeting.commit(type, payload, actorFor(ctx));
  if (!committed.ok) return committed;
  const { event, before, after } = committed;
  const { describeOutcome } = await minutes();
  const legal = legalTools(after);
  return {
    ok: true,
    recorded: type,
    seq: event.seq,
    phase: after.phase,
    message: describeOutcome(event, before, after),
    inOrder: READS + legal.length,
    voteInOrder: legal.includes('record_vote_tally'),
  };
}

async function readBody(name: ReadName, meeting: Meeting, input: Record<string, unknown>, ctx: RunContext<MeetingState>): Promise<ToolResult> {
  const state = meeting.state.value;
  switch (name) {
    case 'get_motion_stack':
      return { ok: true, stack: (await minutes()).describeStack(state) };
    case 'draft_minutes':
      return { ok: true, minutes: (await minutes()).draftMinutes(meeting.events.value, state, input['through'] as string | undefined) };
    case 'explain_current_state':
      return { ok: true, phase: state.phase, explanation: (await minutes()).explainState(state, inOrderCount(state)) };
    case 'explain_path_to': {
      // The planner, too, is loaded when first asked for.
      const { explainPathTo } = await import('./domain/path.ts');
      const result = await explainPathTo(input['goal'] as string, state, { signal: ctx.signal });
      return { ok: true, plan: result.text, found: result.found, depth: result.depth, nodes: result.nodes, cancelled: result.cancelled };
    }
  }
}

function readRow(row: ReadRow, meeting: Meeting): ImperativeRow<MeetingState> {
  return {
    kind: 'imperative',
    name: row.name,
    title: row.title,
    description: () => row.description,
    annotations: { readOnlyHint: true, untrustedContentHint: row.untrusted },
    verdict: () => ({ legal: true }),
    inputSchema: () => row.inputSchema,
    run: (_state, input, ctx) => readBody(row.name, meeting, input, ctx),
  };
}

function gatedImperative(row: GatedRow, meeting: Meeting): ImperativeRow<MeetingState> {
  return {
    kind: 'imperative',
    name: row.name,
    title: row.title,
    description: () => row.description,
    verdict: (state) => rule(state, row.name),
    inputSchema: (state) => inputSchemaFor(row, state),
    run: (_state, input, ctx) => record(meeting, row.name, input as unknown as Payloads[typeof row.name], ctx),
  };
}

/** A gated row bound to a <form>: legality toggles its toolname; a submission runs `run`. */
function formRow(row: GatedRow, formId: string, run: DeclarativeRow<MeetingState>['run']): DeclarativeRow<MeetingState> {
  return {
    kind: 'declarative',
    name: row.name,
    formId,
    title: row.title,
    description: () => row.description,
    verdict: (state) => rule(state, row.name),
    inputSchema: () => row.inputSchema,
    run,
  };
}

/** The tally form: a count larger than the room is a miscount, and nothing is recorded. */
function tallyRow(row: GatedRow, meeting: Meeting): DeclarativeRow<MeetingState> {
  return formRow(row, 'vote-tally', (state, input, ctx) => {
    const tally = input as unknown as Payloads['record_vote_tally'];
    const counted = tally.aye + tally.nay + (tally.abstain ?? 0);
    if (counted > state.present) {
      return refusal(
        'TALLY_EXCEEDS_PRESENT',
        `The tally counts ${counted} votes but only ${state.present} members are present. Recount before recording; nothing was recorded.`,
        { counted, present: state.present },
      );
    }
    return record(meeting, 'record_vote_tally', tally, ctx);
  });
}

/**
 * The motion-entry form: the text is entered, and when the floor is clear the motion is made.
 * It has no toolautosubmit, so an agent can only fill it; a person at the bench states it.
 */
function motionEntryRow(row: GatedRow, meeting: Meeting): DeclarativeRow<MeetingState> {
  return formRow(row, 'motion-entry', async (_state, input, ctx) => {
    const entry = input as unknown as Payloads['enter_motion_text'];
    const entered = await record(meeting, 'enter_motion_text', entry, ctx);
    if (!entered.ok || !rule(meeting.state.value, 'move_main_motion').legal) return entered;
    return record(meeting, 'move_main_motion', { text: entry.text, mover: entry.mover ?? 'a member' }, ctx);
  });
}

export function benchRows(meeting: Meeting): Row<MeetingState>[] {
  const gated = GATED_ROWS.map((row): Row<MeetingState> => {
    if (row.kind === 'imperative') return gatedImperative(row, meeting);
    return row.name === 'record_vote_tally' ? tallyRow(row, meeting) : motionEntryRow(row, meeting);
  });
  return [...READ_ROWS.map((row) => readRow(row, meeting)), ...gated];
}

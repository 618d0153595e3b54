import { defineFormRow, defineRow, refusal, type DeclarativeRow, type ImperativeRow, type Row, type RunContext, type ToolResult } from '@warrant/surface';
import { legalTools, rule } from './domain/rule.ts';
import { GATED_ROWS, READ_ROWS, type DeclarativeGatedRow, type ImperativeGatedRow, type ReadName, type ReadRow } from './domain/rulebook.ts';
import { inputSchemaFor } from './domain/schema.ts';
import type { ToolName } from './domain/rulebook.ts';
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

interface ReadInput {
  readonly through?: string;
  readonly goal?: string;
}

async function readBody(name: ReadName, meeting: Meeting, input: ReadInput, ctx: RunContext<MeetingState>): Promise<ToolResult> {
  const state = meeting.state.value;
  switch (name) {
    case 'get_motion_stack':
      return { ok: true, stack: (await minutes()).describeStack(state) };
    case 'draft_minutes':
      return { ok: true, minutes: (await minutes()).draftMinutes(meeting.events.value, state, input.through) };
    case 'explain_current_state':
      return { ok: true, phase: state.phase, explanation: (await minutes()).explainState(state, inOrderCount(state)) };
    case 'explain_path_to': {
      // The planner, too, is loaded when first asked for.
      const { explainPathTo } = await import('./domain/path.ts');
      const result = await explainPathTo(input.goal ?? '', state, { signal: ctx.signal });
      return { ok: true, plan: result.text, found: result.found, depth: result.depth, nodes: result.nodes, cancelled: result.cancelled };
    }
  }
}

function readRow(row: ReadRow, meeting: Meeting): ImperativeRow<MeetingState, ReadInput> {
  return defineRow<MeetingState, ReadInput>({
    name: row.name,
    title: row.title,
    description: () => row.description,
    annotations: { readOnlyHint: true, untrustedContentHint: row.untrusted },
    verdict: () => ({ legal: true }),
    inputSchema: () => row.inputSchema,
    run: (_state, input, ctx) => readBody(row.name, meeting, input, ctx),
  });
}

// A gated row's input is the payload of the event it records, checked by the row's own schema.
type GatedInput = Payloads[ToolName];

function gatedImperative(row: ImperativeGatedRow, meeting: Meeting): ImperativeRow<MeetingState, GatedInput> {
  return defineRow<MeetingState, GatedInput>({
    name: row.name,
    title: row.title,
    description: () => row.description,
    verdict: (state) => rule(state, row.name),
    inputSchema: (state) => inputSchemaFor(row, state),
    run: (_state, input, ctx) => record(meeting, row.name, input, ctx),
  });
}

/**
 * A gated row bound to a <form>: legality toggles its toolname, the rulebook's `autosubmit` sets
 * its toolautosubmit, and a submission runs `run`.
 */
function formRow<I>(row: DeclarativeGatedRow, formId: string, run: DeclarativeRow<MeetingState, I>['run']): DeclarativeRow<MeetingState, I> {
  return defineFormRow<MeetingState, I>({
    name: row.name,
    formId,
    autosubmit: row.autosubmit,
    title: row.title,
    description: () => row.description,
    verdict: (state) => rule(state, row.name),
    inputSchema: () => row.inputSchema,
    run,
  });
}

/** The tally form: a count larger than the room is a miscount, and nothing is recorded. */
function tallyRow(row: DeclarativeGatedRow, meeting: Meeting): DeclarativeRow<MeetingState, Payloads['record_vote_tally']> {
  return formRow<Payloads['record_vote_tally']>(row, 'vote-tally', (state, tally, ctx) => {
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
 * Its rulebook row does not autosubmit, so an agent can only fill it; a person at the bench states it.
 */
function motionEntryRow(row: DeclarativeGatedRow, meeting: Meeting): DeclarativeRow<MeetingState, Payloads['enter_motion_text']> {
  return formRow<Payloads['enter_motion_text']>(row, 'motion-entry', async (_state, entry, ctx) => {
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

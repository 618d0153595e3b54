import { defineFormRow, defineRow, refusal, type DeclarativeRow, type ImperativeRow, type Row, type RunContext, type ToolResult, type Verdict } from '@warrant/surface';
import { legalTools, rule } from './domain/rule.ts';
import type { Declaration } from './domain/declarations.ts';
import { GATED_ROWS, READ_ROWS, type DeclarativeGatedRow, type ImperativeGatedRow, type ImperativeToolName, type ReadName, type ReadRow } from './domain/rulebook.ts';
import { inputSchemaFor } from './domain/schema.ts';
import type { ToolName } from './domain/rulebook.ts';
import type { EventType, MeetingState, Payloads, RulingInput } from './domain/state.ts';
import type * as Minutes from './domain/minutes.ts';
import type { DraftSource } from './draft-source.ts';
import type { Decided, Meeting } from './meeting.ts';
import type { ProposedRuling } from './ruling-channel.ts';

// The bench's surface: the 4 always-on reads and the 19 gated rows, each gated by rule() and
// nothing else. A write records one event through the meeting and answers with a sentence a
// model can act on; it never decides legality itself.

/**
 * What the surface is a function of: the meeting, or null while its record is still opening.
 * The always-on reads are registered from the start (an agent lists tools at navigation) and
 * answer once the record is open; no gated act is in order before then.
 */
export type BenchState = MeetingState | null;

const READS = READ_ROWS.length;

const OPENING: Verdict = { legal: false, reason: 'The minute book is still opening in this page.', cite: 'the record' };

// The bench's words (minutes, explanations) load after first paint: no tool answers before it.
type Words = typeof Minutes;
let loaded: Words | null = null;
export const words = (): Promise<Words> =>
  import('./domain/minutes.ts').then((module) => {
    loaded = module;
    return module;
  });

type Author = 'agent' | 'clerk' | 'chair';

// The gated acts' declarations load with the record: no gated act is in order before both are
// in (BenchState is null until then), so nothing registers one before it is here.
let declared: Readonly<Record<ImperativeToolName, Declaration>> | null = null;
export const loadDeclarations = (): Promise<void> =>
  import('./domain/declarations.ts').then((module) => {
    declared = module.DECLARATIONS;
  });
function declarationOf(name: ImperativeGatedRow['name']): Declaration {
  if (!declared) throw new Error(`${name} was registered before the declarations loaded.`);
  return declared[name as ImperativeToolName];
}

function actorFor(ctx: RunContext<BenchState>): Author {
  return ctx.caller === 'agent' ? 'agent' : 'clerk';
}

function answer(decided: Extract<Decided, { ok: true }>, w: Words): ToolResult {
  const { event, before, after } = decided;
  const legal = legalTools(after);
  return {
    ok: true,
    recorded: event.type,
    seq: event.seq,
    phase: after.phase,
    message: w.describeOutcome(event, before, after),
    inOrder: READS + legal.length,
    voteInOrder: legal.includes('record_vote_tally'),
  };
}

/** Decides the act and answers once its entry is stored (or refused because another tab wrote first). */
async function record<K extends EventType>(meeting: Meeting, type: K, payload: Payloads[K], ctx: RunContext<BenchState>, actor: Author = actorFor(ctx)): Promise<ToolResult> {
  const decided = meeting.commit(type, payload, actor);
  if (!decided.ok) return decided;
  const written = await decided.written;
  if (!written.ok) return written;
  return answer(decided, loaded ?? (await words()));
}

interface ReadInput {
  readonly through?: string;
  readonly goal?: string;
}

async function readBody(name: ReadName, meeting: Meeting, input: ReadInput, ctx: RunContext<BenchState>): Promise<ToolResult> {
  await meeting.whenOpen;
  const state = meeting.state.value;
  switch (name) {
    case 'get_motion_stack':
      return { ok: true, stack: (await words()).describeStack(state) };
    case 'draft_minutes':
      return { ok: true, minutes: (await words()).draftMinutes(meeting.events.value, state, input.through) };
    case 'explain_current_state':
      return { ok: true, phase: state.phase, explanation: (await words()).explainState(state) };
    case 'explain_path_to': {
      // The planner, too, is loaded when first asked for.
      const { explainPathTo } = await import('./domain/path.ts');
      const result = await explainPathTo(input.goal ?? '', state, { signal: ctx.signal });
      return { ok: true, plan: result.text, found: result.found, depth: result.depth, nodes: result.nodes, cancelled: result.cancelled };
    }
  }
}

function readRow(row: ReadRow, meeting: Meeting): ImperativeRow<BenchState, ReadInput> {
  return defineRow<BenchState, ReadInput>({
    name: row.name,
    title: row.title,
    description: () => row.description,
    annotations: { readOnlyHint: true, untrustedContentHint: row.untrusted },
    verdict: () => ({ legal: true }),
    inputSchema: () => row.inputSchema,
    run: (_state, input, ctx) => readBody(row.name, meeting, input, ctx),
  });
}

const verdictOf = (name: ToolName) => (state: BenchState): Verdict => (state ? rule(state, name) : OPENING);

// A gated row's input is the payload of the event it records, checked by the row's own schema.
type GatedInput = Payloads[ToolName];

function gatedImperative(row: ImperativeGatedRow, meeting: Meeting): ImperativeRow<BenchState, GatedInput> {
  return defineRow<BenchState, GatedInput>({
    name: row.name,
    title: row.title,
    description: () => declarationOf(row.name).description,
    verdict: verdictOf(row.name),
    inputSchema: (state) => (state ? inputSchemaFor(declarationOf(row.name), state) : declarationOf(row.name).inputSchema),
    run: (_state, input, ctx) => record(meeting, row.name, input, ctx),
  });
}

/**
 * The chair's ruling. From the bench's own controls it is the chair's act, recorded at once. From
 * an agent it is a proposal: the call waits for the chair to confirm or reject it at the bench,
 * and answers with that decision; nothing is recorded otherwise.
 */
/** How an agent's ruling is put to the chair: it answers with the chair's decision. */
export type ProposeRuling = (ruling: ProposedRuling, call: RunContext<BenchState>) => Promise<ToolResult>;

function chairRulingRow(row: ImperativeGatedRow, meeting: Meeting, propose: ProposeRuling): ImperativeRow<BenchState, RulingInput> {
  return defineRow<BenchState, RulingInput>({
    name: row.name,
    title: row.title,
    description: () => declarationOf(row.name).description,
    verdict: verdictOf(row.name),
    inputSchema: () => declarationOf(row.name).inputSchema,
    run: (state, input, ctx) => {
      const ruling = { ruledBy: state?.chair ?? 'the chair', ...input };
      return ctx.caller === 'human' ? record(meeting, 'record_chair_ruling', ruling, ctx, 'chair') : propose(ruling, ctx);
    },
  });
}

/**
 * A gated row bound to a <form>: legality toggles its toolname, the rulebook's `autosubmit` sets
 * its toolautosubmit, and a submission runs `run`.
 */
function formRow<I>(row: DeclarativeGatedRow, formId: string, run: DeclarativeRow<BenchState, I>['run']): DeclarativeRow<BenchState, I> {
  return defineFormRow<BenchState, I>({
    name: row.name,
    formId,
    autosubmit: row.autosubmit,
    title: row.title,
    description: () => row.description,
    verdict: verdictOf(row.name),
    inputSchema: () => row.inputSchema,
    run,
  });
}

/**
 * The tally form. A count larger than the room is a miscount, and nothing is recorded. The vote
 * is answered in the task its call arrived in, once decided, without waiting for the disk: the
 * browser keeps one pending call per form, so a second caller on this form would otherwise
 * orphan the first. A later write failure rolls the vote back and the page says so.
 */
function tallyRow(row: DeclarativeGatedRow, meeting: Meeting): DeclarativeRow<BenchState, Payloads['record_vote_tally']> {
  return formRow<Payloads['record_vote_tally']>(row, 'vote-tally', (state, tally, ctx) => {
    const counted = tally.aye + tally.nay + (tally.abstain ?? 0);
    const present = state?.present ?? 0;
    if (counted > present) {
      return refusal(
        'TALLY_EXCEEDS_PRESENT',
        `The tally counts ${counted} votes but only ${present} members are present. Recount before recording; nothing was recorded.`,
        { counted, present },
      );
    }
    const decided = meeting.commit('record_vote_tally', tally, actorFor(ctx));
    if (!decided.ok) return decided;
    return loaded ? answer(decided, loaded) : words().then((w) => answer(decided, w));
  });
}

/**
 * The motion-entry form: the text is entered, and when the floor is clear the motion is made.
 * Its rulebook row does not autosubmit, so an agent can only fill it; a person at the bench states
 * it. Words an agent put in the form stay the agent's, even when a person states them after the
 * agent's own call has ended.
 */
function motionEntryRow(row: DeclarativeGatedRow, meeting: Meeting, draft: DraftSource): DeclarativeRow<BenchState, Payloads['enter_motion_text']> {
  return formRow<Payloads['enter_motion_text']>(row, 'motion-entry', async (_state, entry, ctx) => {
    const actor: Author = draft.filledByAgent.peek() ? 'agent' : actorFor(ctx);
    const entered = await record(meeting, 'enter_motion_text', entry, ctx, actor);
    if (!entered.ok || !rule(meeting.state.value, 'move_main_motion').legal) return entered;
    return record(meeting, 'move_main_motion', { text: entry.text, mover: entry.mover ?? 'a member' }, ctx, actor);
  });
}

export function benchRows(meeting: Meeting, draft: DraftSource, propose: ProposeRuling): Row<BenchState>[] {
  const gated = GATED_ROWS.map((row): Row<BenchState> => {
    if (row.kind === 'imperative') return row.name === 'record_chair_ruling' ? chairRulingRow(row, meeting, propose) : gatedImperative(row, meeting);
    return row.name === 'record_vote_tally' ? tallyRow(row, meeting) : motionEntryRow(row, meeting, draft);
  });
  return [...READ_ROWS.map((row) => readRow(row, meeting)), ...gated];
}

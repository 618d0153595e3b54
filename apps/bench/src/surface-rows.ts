import {
  defineFormRow,
  defineRow,
  type DeclarativeRow,
  type ImperativeRow,
  type Row,
  type RunContext,
  type ToolResult,
  type Verdict,
} from '@warrant/surface';
import type * as ActsModule from './acts.ts';
import type { ReadInput } from './acts.ts';
import { rule } from './domain/rule.ts';
import type { Declaration } from './domain/declarations.ts';
import {
  GATED_ROWS,
  READ_ROWS,
  type DeclarativeGatedRow,
  type ImperativeGatedRow,
  type ImperativeToolName,
  type ReadRow,
} from './domain/rulebook.ts';
import { inputSchemaFor } from './domain/schema.ts';
import { fitToBoard } from './domain/input-fields.ts';
import type { ToolName } from './domain/rulebook.ts';
import type { MeetingState, Payloads, RulingInput } from './domain/state.ts';
import type { DraftSource } from './draft-source.ts';
import type { Meeting } from './meeting.ts';
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

const OPENING: Verdict = { legal: false, reason: 'The minute book is still opening in this page.', cite: 'the record' };

// What the tools do, their declarations and their words load with the record: no gated act is in
// order before they are in (BenchState is null until then), and no read answers before it is open.
type Acts = typeof ActsModule;
let acts: Acts | null = null;
export const loadActs = (): Promise<Acts> =>
  import('./acts.ts').then((module) => {
    acts = module;
    return module;
  });
function loadedActs(name: string): Acts {
  if (!acts) throw new Error(`${name} was reached before the bench's acts loaded.`);
  return acts;
}
const declarationOf = (name: ImperativeGatedRow['name']): Declaration =>
  loadedActs(name).DECLARATIONS[name as ImperativeToolName];

function readRow(row: ReadRow, meeting: Meeting): ImperativeRow<BenchState, ReadInput> {
  return defineRow<BenchState, ReadInput>({
    name: row.name,
    title: row.title,
    description: () => row.description,
    annotations: { readOnlyHint: true, untrustedContentHint: row.untrusted },
    verdict: () => ({ legal: true }),
    inputSchema: () => row.inputSchema,
    run: async (_state, input, ctx) => (await loadActs()).read(row.name, meeting, input, ctx),
  });
}

const verdictOf =
  (name: ToolName) =>
  (state: BenchState): Verdict =>
    state ? rule(state, name) : OPENING;

// A gated row's input is the payload of the event it records, checked by the row's own schema.
type GatedInput = Payloads[ToolName];

function gatedImperative(row: ImperativeGatedRow, meeting: Meeting): ImperativeRow<BenchState, GatedInput> {
  return defineRow<BenchState, GatedInput>({
    name: row.name,
    title: row.title,
    description: () => declarationOf(row.name).description,
    verdict: verdictOf(row.name),
    inputSchema: (state) =>
      state ? inputSchemaFor(declarationOf(row.name), state) : declarationOf(row.name).inputSchema,
    run: (_state, input, ctx) => loadedActs(row.name).record(meeting, row.name, input, ctx),
  });
}

/** How an agent's ruling is put to the chair: it answers with the chair's decision. */
export type ProposeRuling = (ruling: ProposedRuling, call: RunContext<BenchState>) => Promise<ToolResult>;

/**
 * The chair's ruling. From the bench's own controls it is the chair's act, recorded at once. From
 * an agent it is a proposal: the call waits for the chair to confirm or reject it at the bench,
 * and answers with that decision; nothing is recorded otherwise.
 */
function chairRulingRow(
  row: ImperativeGatedRow,
  meeting: Meeting,
  propose: ProposeRuling,
): ImperativeRow<BenchState, RulingInput> {
  return defineRow<BenchState, RulingInput>({
    name: row.name,
    title: row.title,
    description: () => declarationOf(row.name).description,
    verdict: verdictOf(row.name),
    inputSchema: () => declarationOf(row.name).inputSchema,
    run: (state, input, ctx) => {
      const ruling = { ruledBy: state?.chair ?? 'the chair', ...input };
      return ctx.caller === 'human'
        ? loadedActs(row.name).record(meeting, 'record_chair_ruling', ruling, ctx, 'chair')
        : propose(ruling, ctx);
    },
  });
}

/**
 * A gated row bound to a <form>: legality toggles its toolname, the rulebook's `autosubmit` sets
 * its toolautosubmit, and a submission runs `run`.
 */
function formRow<I>(
  row: DeclarativeGatedRow,
  formId: string,
  run: DeclarativeRow<BenchState, I>['run'],
): DeclarativeRow<BenchState, I> {
  return defineFormRow<BenchState, I>({
    name: row.name,
    formId,
    autosubmit: row.autosubmit,
    title: row.title,
    description: () => row.description,
    verdict: verdictOf(row.name),
    inputSchema: (state) => (state ? fitToBoard(row.inputSchema, state.bylaws.boardSize) : row.inputSchema),
    run,
  });
}

/** The tally form; answered in the task its call arrives in (see acts.ts). */
function tallyRow(
  row: DeclarativeGatedRow,
  meeting: Meeting,
): DeclarativeRow<BenchState, Payloads['record_vote_tally']> {
  return formRow<Payloads['record_vote_tally']>(row, 'vote-tally', (state, counts, ctx) =>
    loadedActs(row.name).tally(meeting, state, counts, ctx),
  );
}

/**
 * The motion-entry form. Its rulebook row does not autosubmit, so an agent can only fill it; a
 * person at the bench states the question.
 */
function motionEntryRow(
  row: DeclarativeGatedRow,
  meeting: Meeting,
  draft: DraftSource,
): DeclarativeRow<BenchState, Payloads['enter_motion_text']> {
  return formRow<Payloads['enter_motion_text']>(row, 'motion-entry', (_state, entry, ctx) =>
    loadedActs(row.name).enterMotion(meeting, draft, entry, ctx),
  );
}

export function benchRows(meeting: Meeting, draft: DraftSource, propose: ProposeRuling): Row<BenchState>[] {
  const gated = GATED_ROWS.map((row): Row<BenchState> => {
    if (row.kind === 'imperative')
      return row.name === 'record_chair_ruling' ? chairRulingRow(row, meeting, propose) : gatedImperative(row, meeting);
    return row.name === 'record_vote_tally' ? tallyRow(row, meeting) : motionEntryRow(row, meeting, draft);
  });
  return [...READ_ROWS.map((row) => readRow(row, meeting)), ...gated];
}

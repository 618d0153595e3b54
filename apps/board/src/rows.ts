// The board's five tools, declared once as kernel rows: when each is in order (rule()), what it
// takes (its schema, and the input type that schema admits), how it is described to the model,
// and what it does. The set registered is a function of the human-controlled state alone.
//
// Surface per state: nothing framed → the 2 reads; a frame → + edit + request = 4; changes →
// + submit = 5; REVIEW or ACCEPTED → the 2 reads. While an expansion request waits for the human,
// request and submit are out of order (the kernel holds the surface while the call waits).
//
// The three writes are bound to the scope version they were registered under: the kernel answers
// SCOPE_STALE, before the schema, for a registration or an argued version the human's frame has
// left behind, and for a registration from before a reset (another generation of the board). An
// act carries the frame it was registered under (its basis) to the board's server, which checks
// it again against the board it decides on.
import { defineRow, type RunContext, type Row, type ToolRefusal, type ToolResult } from '@warrant/surface';
import type { RefusedCall } from './domain/agent-acts.ts';
import { SCOPE_BINDING, type ActName, type ActOf, type Basis } from './domain/board-acts.ts';
import type { ExpansionAnswer, WaitContext } from './domain/expansion.ts';
import { framedOnly } from './domain/frame-check.ts';
import { resetSince } from './domain/call-refusals.ts';
import { rule } from './domain/rule.ts';
import {
  editSchema,
  expansionSchema,
  NO_INPUT,
  submitSchema,
  type Bound,
  type EditInput,
  type ExpansionInput,
} from './domain/schemas.ts';
import { derive, type BoardState } from './domain/state.ts';
import type { BoardStore } from './domain/step.ts';
import { scopeView, workspaceView } from './domain/views.ts';
import { UNTRUSTED_NOTE } from './domain/wording.ts';

/** The wait for the human an expansion request makes (on the decision channel), and the noting of refusals. */
export interface AgentSide {
  askHuman(ask: ActOf<'request_scope_expansion'>, call: WaitContext): Promise<ExpansionAnswer | ToolRefusal>;
  /** Records a refused attempt to write, when it is one (see attemptToRecord). */
  noteRefused(call: RefusedCall): Promise<void>;
}

/** What the tools act on. */
export interface BoardRuntime {
  readonly store: BoardStore;
  /** The agent's side, loaded with the first write (none can be registered before a human frames). */
  agentSide(): Promise<AgentSide>;
  /** Settles once the board's record has been read: the reads never answer from a board not yet read. */
  readonly ready: Promise<unknown>;
  /** The tools in order now, by name, exactly as the page lists them. */
  inOrder(): readonly string[];
}

/** SCOPE_STALE when a registration is from before a reset: its version numbers another generation's frames. */
const sameGeneration = (state: BoardState, _input: unknown, ctx: RunContext<BoardState>): ToolRefusal | null =>
  resetSince(ctx.registeredState, state);

/** The frame a call's tool was registered under: the server decides the act only while it stands. */
const basisOf = (ctx: RunContext<BoardState>): Basis => ({
  generation: ctx.registeredState.generation,
  scopeVersion: ctx.registeredState.scopeVersion,
});

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function boardRows(runtime: BoardRuntime): Row<BoardState>[] {
  const { store } = runtime;
  const commit = async <K extends ActName>(act: ActOf<K>): Promise<ToolResult> => (await store.commit(act)).result;
  const read = async <T>(view: (state: BoardState, inOrder: readonly string[]) => T): Promise<T> => {
    await runtime.ready;
    return view(store.read(), runtime.inOrder());
  };

  const inspectWorkspace = defineRow<BoardState>({
    name: 'inspect_workspace',
    title: 'Inspect the launch board',
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    description: () =>
      "Read the whole launch board: its phase, the brief, every field's value, what it takes and whether you may write it, the scope version, " +
      `any expansion request waiting for the human, the changes against the original values, and the tools in order now. ${UNTRUSTED_NOTE}`,
    verdict: (state) => rule(state, 'inspect_workspace'),
    inputSchema: () => NO_INPUT,
    run: () => read(workspaceView),
  });

  const inspectActiveScope = defineRow<BoardState>({
    name: 'inspect_active_scope',
    title: 'Inspect the active scope',
    annotations: { readOnlyHint: true },
    description: (state) =>
      `Read the human's current frame (scope v${state.scopeVersion}): which fields you may write, which are read-only, ` +
      'whether a human decision is pending, and what to do next.',
    verdict: (state) => rule(state, 'inspect_active_scope'),
    inputSchema: () => NO_INPUT,
    run: () => read(scopeView),
  });

  const editScopedFields = defineRow<BoardState, EditInput>({
    name: 'edit_scoped_fields',
    title: 'Edit framed fields',
    annotations: { untrustedContentHint: true },
    description: (state) =>
      'Write new text to framed fields (the keys of updates). All or nothing: one field outside the frame rejects the batch, and nothing ' +
      `is applied. Bound to scope v${state.scopeVersion}: pass scopeVersion ${state.scopeVersion}. Returns the changes made.`,
    verdict: (state) => rule(state, 'edit_scoped_fields'),
    inputSchema: editSchema,
    binding: SCOPE_BINDING,
    // An unframed field is heard as OUT_OF_SCOPE, not as a property the schema does not accept.
    precheck: (state, input, ctx) => {
      const updates = input['updates'];
      return sameGeneration(state, input, ctx) ?? (isRecord(updates) ? framedOnly(state, Object.keys(updates)) : null);
    },
    run: (_state, input, ctx) => commit({ act: 'edit_scoped_fields', basis: basisOf(ctx), updates: input.updates }),
  });

  const requestScopeExpansion = defineRow<BoardState, ExpansionInput>({
    name: 'request_scope_expansion',
    title: 'Ask the human for more fields',
    description: (state) =>
      'Ask the human to frame more fields: the fewest you need, and why. Grants nothing itself: the call waits until the human ' +
      'decides (up to 2 minutes): granted true if expanded; if kept, refused EXPANSION_DENIED (ok false). If granted, re-inspect the scope and continue; do not ask the human to confirm ' +
      `again. Bound to scope v${state.scopeVersion}.`,
    verdict: (state) => rule(state, 'request_scope_expansion'),
    inputSchema: expansionSchema,
    binding: SCOPE_BINDING,
    precheck: sameGeneration,
    run: async (_state, input, ctx) => {
      const side = await runtime.agentSide();
      const { fields, reason } = input;
      return side.askHuman({ act: 'request_scope_expansion', basis: basisOf(ctx), fields, reason }, ctx);
    },
  });

  const submitChangesForReview = defineRow<BoardState, Bound>({
    name: 'submit_changes_for_review',
    title: 'Submit the changes for review',
    annotations: { untrustedContentHint: true },
    description: (state) => {
      const count = derive(state).diff.length;
      return (
        `Submit the board's changes (${count} field${count === 1 ? '' : 's'} differ from the original) for human review. ` +
        'This closes the write tools until the human returns the review to draft or accepts it. It publishes nothing, and you ' +
        `cannot accept your own review. Bound to scope v${state.scopeVersion}.`
      );
    },
    verdict: (state) => rule(state, 'submit_changes_for_review'),
    inputSchema: submitSchema,
    binding: SCOPE_BINDING,
    precheck: sameGeneration,
    run: (_state, _input, ctx) => commit({ act: 'submit_changes_for_review', basis: basisOf(ctx) }),
  });

  return [inspectWorkspace, inspectActiveScope, editScopedFields, requestScopeExpansion, submitChangesForReview];
}

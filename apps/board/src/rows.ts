// The board's five tool specs as kernel rows. The specs say what each tool is and does; this
// adapter adds what the kernel asks of a row and the domain cannot know: the registration a call
// came through. A write is bound to the scope version of the registration it was called on, and
// that binding, with the check that every named field is framed, answers before the schema does,
// so a stale capability hears SCOPE_STALE and an unframed field hears OUT_OF_SCOPE rather than a
// schema error.
import type { ImperativeRow, ToolRefusal } from '@warrant/surface';
import type { BoardRuntime, BoardToolSpec } from './domain/tool-specs.ts';
import { TOOL_SPECS } from './domain/tool-specs.ts';
import type { BoardState } from './domain/state.ts';
import { updateFieldsRefusal } from './domain/transitions.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An edit that names an unframed field hears OUT_OF_SCOPE before the schema speaks. */
export function precheck(spec: BoardToolSpec, state: BoardState, input: Readonly<Record<string, unknown>>): ToolRefusal | null {
  if (spec.name === 'edit_scoped_fields' && isRecord(input['updates'])) return updateFieldsRefusal(state, Object.keys(input['updates']));
  return null;
}

export function boardRows(runtime: BoardRuntime): ImperativeRow<BoardState>[] {
  return TOOL_SPECS.map((spec) => ({
    kind: 'imperative',
    name: spec.name,
    title: spec.title,
    annotations: spec.annotations,
    description: (state) => spec.description(state),
    verdict: (state) => spec.verdict(state),
    inputSchema: (state) => spec.inputSchema(state),
    ...(spec.binding ? { binding: spec.binding } : {}),
    precheck: (state, input) => precheck(spec, state, input),
    run: (_state, input, ctx) =>
      spec.run(runtime, input, {
        registeredVersion: ctx.registeredState.scopeVersion,
        signal: ctx.signal,
        hold: (reason) => ctx.hold(reason),
      }),
  }));
}

// One desk verb as a kernel row: legality from the desk's rules, the caller known as who they are,
// and the hops the body causes recorded on that caller's channel.
import { defineRow, type ImperativeRow, type JsonSchema, type RunContext, type ToolAnnotations, type ToolResult } from '@warrant/surface';
import type { DeskRuntime } from '../desk-runtime.ts';
import { verdictOf } from '../domain/legality.ts';
import type { DeskState } from '../domain/state.ts';
import type { VerbName } from '../domain/verbs.ts';
import { whoCalled, type Who } from '../who.ts';

export interface VerbSpec<I> {
  readonly name: VerbName;
  readonly title: string;
  /** For a model: what it does, what comes back (its return shape), when it is in order. */
  readonly description: string;
  readonly annotations: ToolAnnotations;
  inputSchema(state: DeskState): JsonSchema;
  run(input: I, who: Who, ctx: RunContext<DeskState>): Promise<ToolResult>;
}

export function verbRow<I extends object>(desk: DeskRuntime, spec: VerbSpec<I>): ImperativeRow<DeskState, I> {
  return defineRow<DeskState, I>({
    name: spec.name,
    title: spec.title,
    description: () => spec.description,
    annotations: spec.annotations,
    verdict: (state) => verdictOf(spec.name, state),
    inputSchema: (state) => spec.inputSchema(state),
    run: (_state, input, ctx) => {
      const who = whoCalled(ctx.caller, ctx.channel);
      return desk.asCaller(who, () => spec.run(input, who, ctx));
    },
  });
}

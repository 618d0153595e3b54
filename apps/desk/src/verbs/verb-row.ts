// One desk verb as a kernel row: legality from the desk's rules, the caller known as who they are,
// the hops the body causes recorded on that caller's channel, and the call itself a ledger row.
import { defineRow, type ImperativeRow, type JsonSchema, type RunContext, type ToolAnnotations, type ToolResult } from '@warrant/surface';
import type { DeskRuntime } from '../desk-runtime.ts';
import { verdictOf } from '../domain/legality.ts';
import type { DeskState } from '../domain/state.ts';
import type { VerbName } from '../domain/verbs.ts';
import { whoCalled, type Who } from '../who.ts';
import { verbCallRow } from './verb-record.ts';

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
    // The answer goes out once the verb's own row, and everything it changed, is durable: a
    // page reloaded the moment after still has the request, plan or approval it was told of.
    run: async (_state, input, ctx) => {
      const who = whoCalled(ctx.caller, ctx.channel);
      const result = await desk.asCaller(who, () => spec.run(input, who, ctx));
      desk.record(verbCallRow({ name: spec.name, caller: ctx.caller, channel: ctx.channel, input: input as Record<string, unknown>, result }));
      await desk.flush();
      return result;
    },
  });
}

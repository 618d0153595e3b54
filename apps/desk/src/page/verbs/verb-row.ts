// One desk verb as a kernel row: legality from the desk's rules, the call's context made from who
// called and how, handed to the body (which passes it to every hop it causes), and the call
// itself a ledger row.
import {
  defineRow,
  refusal,
  type ImperativeRow,
  type JsonSchema,
  type RunContext,
  type ToolAnnotations,
  type ToolResult,
} from '@warrant/surface';
import { verbCall, type DeskCall } from '../call-context.ts';
import type { DeskRuntime } from '../desk-runtime.ts';
import { verdictOf } from '../../domain/legality.ts';
import type { DeskState } from '../../domain/state.ts';
import type { VerbName } from '../../domain/verbs.ts';
import type { NotedResult } from './verb-note.ts';
import { unknownIdRefusal } from './unknown-id.ts';
import { verbCallRow } from './verb-record.ts';

export interface VerbSpec<I> {
  readonly name: VerbName;
  readonly title: string;
  /** For a model: what it does, what comes back (its return shape), when it is in order. */
  readonly description: string;
  readonly annotations: ToolAnnotations;
  inputSchema(state: DeskState): JsonSchema;
  run(input: I, call: DeskCall, ctx: RunContext<DeskState>): Promise<NotedResult>;
}

/** What every verb's row takes of the desk's runtime: its call's own row, recorded and flushed. */
export type VerbRowNeeds = Pick<DeskRuntime, 'record' | 'flush'>;

export function verbRow<I extends object>(desk: VerbRowNeeds, spec: VerbSpec<I>): ImperativeRow<DeskState, I> {
  return defineRow<DeskState, I>({
    name: spec.name,
    title: spec.title,
    description: () => spec.description,
    annotations: spec.annotations,
    verdict: (state) => verdictOf(spec.name, state),
    inputSchema: (state) => spec.inputSchema(state),
    precheck: (state, input) => unknownIdRefusal(spec.inputSchema(state), input),
    // The answer goes out once the verb's own row, and everything it changed, is durable: a
    // page reloaded the moment after still has the request, plan or approval it was told of.
    run: async (_state, input, ctx) => {
      const call = verbCall(spec.name, ctx);
      let answered: NotedResult;
      try {
        answered = await spec.run(input, call, ctx);
      } catch (error) {
        // The kernel would answer a throw the same way; answering here keeps the call's one row.
        answered = {
          result: refusal(
            'TOOL_FAILED',
            `${spec.title} failed: ${error instanceof Error ? error.message : String(error)}`,
            { tool: spec.name },
          ),
          note: { policy: 'not_applicable' },
        };
      }
      const result: ToolResult = answered.result;
      desk.record(
        verbCallRow(
          {
            name: spec.name,
            caller: ctx.caller,
            channel: ctx.channel,
            input: input as Record<string, unknown>,
            result,
          },
          answered.note,
        ),
      );
      await desk.flush();
      return result;
    },
  });
}

// One agent turn: the person's task, then model steps until the model answers in words, the desk
// halts, the person stops it, or the step bound is reached. Each step offers the model the verbs in
// order at that moment, and runs each tool call it makes through the desk like any caller's: a
// call the desk refuses, or one whose arguments are not a JSON object, answers the model with a
// structured refusal and the turn goes on. A halt (commit_plan raising an approval) ends the turn
// at once: nothing after it runs, and the model is not asked again.
import { refusal, type ToolResult, type ToolSuccess } from '@warrant/surface';
import type { AskModel } from './ask-model.ts';
import type { ChatMessage, ChatTool, ChatToolCall } from './chat-completions.ts';
import { AGENT_INSTRUCTIONS } from './instructions.ts';

/** A verb as offered to the model: the declaration the desk registered. */
export interface OfferedTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: object;
}

/** The desk as the agent reaches it: the verbs in order now, and a call like any caller's. */
export interface AgentDesk {
  tools(): Promise<readonly OfferedTool[]>;
  call(verb: string, input: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult>;
}

export interface TurnCall {
  readonly kind: 'call';
  readonly step: number;
  readonly verb: string;
  /** The arguments as the model wrote them (cut to a readable length). */
  readonly args: string;
  /** False when the desk never saw the call (the turn had stopped, or the reply held too many calls). */
  readonly ran: boolean;
  readonly result: ToolResult;
}

export interface TurnSaid {
  readonly kind: 'said';
  readonly step: number;
  readonly text: string;
}

export type TurnEntry = TurnCall | TurnSaid;

export type TurnStatus = 'running' | 'halted' | 'answered' | 'stopped' | 'step_limit' | 'model_failed';

export interface TurnView {
  readonly status: TurnStatus;
  /** Model requests made so far. */
  readonly steps: number;
  readonly entries: readonly TurnEntry[];
  /** The approval a halt raised. */
  readonly approval: string | null;
  /** Why the model could not be asked, when it could not. */
  readonly problem: { readonly code: string; readonly message: string } | null;
}

/**
 * Model requests per turn, and calls run per reply: with both, a turn's history stays within the
 * gateway's default message cap of 64 (2 + 12 × (1 + 4) = 62).
 */
export const MAX_STEPS = 12;
export const MAX_CALLS_PER_REPLY = 4;
const SHOWN_ARGS_CHARS = 600;

export interface TurnOptions {
  readonly task: string;
  readonly desk: AgentDesk;
  readonly ask: AskModel;
  readonly signal: AbortSignal;
  /** Local time, so "tonight" means a date. */
  readonly now: () => Date;
  readonly onChange?: (view: TurnView) => void;
}

function localStamp(date: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

function chatTool(tool: OfferedTool): ChatTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  };
}

/** The call's input, or the refusal the model hears when its arguments cannot be one. */
export function readArguments(
  text: string,
):
  | { readonly ok: true; readonly input: Record<string, unknown> }
  | { readonly ok: false; readonly refusal: ToolResult } {
  let value: unknown;
  try {
    value = JSON.parse(text === '' ? '{}' : text);
  } catch (error) {
    return {
      ok: false,
      refusal: refusal(
        'MALFORMED_ARGUMENTS',
        `The arguments are not JSON (${error instanceof Error ? error.message : 'unreadable'}). Nothing was called; send the arguments as one JSON object.`,
        { arguments: text.slice(0, 200) },
      ),
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      refusal: refusal('ARGUMENTS_NOT_AN_OBJECT', 'The arguments must be one JSON object. Nothing was called.', {
        arguments: text.slice(0, 200),
      }),
    };
  }
  return { ok: true, input: value as Record<string, unknown> };
}

/** A success that halts: commit_plan raised an approval, and nothing continues it. */
export function isHalt(result: ToolResult): result is ToolSuccess & { readonly status: 'awaiting_human_approval' } {
  return result.ok && result['status'] === 'awaiting_human_approval';
}

const NOT_RUN_AFTER_HALT = refusal(
  'NOT_RUN_AFTER_HALT',
  'The turn stopped at the halt before this call, so it was not run.',
);
const NOT_RUN_STOPPED = refusal('NOT_RUN_STOPPED', 'The person stopped the turn before this call, so it was not run.');
const TOO_MANY_CALLS = refusal(
  'TOO_MANY_CALLS',
  `A reply may make at most ${MAX_CALLS_PER_REPLY} calls; this one was past them, so it was not run.`,
  { limit: MAX_CALLS_PER_REPLY },
);

export async function runTurn(options: TurnOptions): Promise<TurnView> {
  const { desk, signal } = options;
  const entries: TurnEntry[] = [];
  let view: TurnView = { status: 'running', steps: 0, entries, approval: null, problem: null };
  const update = (change: Partial<TurnView>): TurnView => {
    view = { ...view, ...change, entries: [...entries] };
    options.onChange?.(view);
    return view;
  };
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content: `${AGENT_INSTRUCTIONS}\nMake at most ${MAX_CALLS_PER_REPLY} tool calls in one reply: later ones are not run.\nNow, local time: ${localStamp(options.now())}.`,
    },
    { role: 'user', content: options.task },
  ];
  const notRun = (step: number, calls: readonly ChatToolCall[], result: ToolResult): void => {
    for (const call of calls)
      entries.push({
        kind: 'call',
        step,
        verb: call.function.name,
        args: call.function.arguments.slice(0, SHOWN_ARGS_CHARS),
        ran: false,
        result,
      });
  };
  update({});

  for (let step = 1; step <= MAX_STEPS; step += 1) {
    if (signal.aborted) return update({ status: 'stopped' });
    const tools = await desk.tools();
    const answer = await options.ask({ messages, tools: tools.map(chatTool) }, signal);
    if (signal.aborted) return update({ status: 'stopped', steps: step });
    if (!answer.ok)
      return update({ status: 'model_failed', steps: step, problem: { code: answer.code, message: answer.message } });
    // Calls past the per-reply bound are not run, and are left out of the history the model is
    // sent back (each call sent back needs its answer, a message the gateway's cap counts).
    const kept = answer.toolCalls.slice(0, MAX_CALLS_PER_REPLY);
    messages.push({ role: 'assistant', content: answer.content, ...(kept.length > 0 ? { tool_calls: kept } : {}) });
    if (answer.content && answer.content.trim() !== '') entries.push({ kind: 'said', step, text: answer.content });
    if (answer.toolCalls.length === 0) return update({ status: 'answered', steps: step });
    update({ steps: step });

    const dropped = answer.toolCalls.slice(MAX_CALLS_PER_REPLY);
    for (const [index, call] of kept.entries()) {
      const args = call.function.arguments;
      const read = readArguments(args);
      const result = read.ok ? await desk.call(call.function.name, read.input, signal) : read.refusal;
      entries.push({
        kind: 'call',
        step,
        verb: call.function.name,
        args: args.slice(0, SHOWN_ARGS_CHARS),
        ran: read.ok,
        result,
      });
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
      const rest = kept.slice(index + 1);
      if (isHalt(result)) {
        notRun(step, [...rest, ...dropped], NOT_RUN_AFTER_HALT);
        return update({
          status: 'halted',
          approval: typeof result['approval_id'] === 'string' ? result['approval_id'] : null,
        });
      }
      if (signal.aborted) {
        notRun(step, [...rest, ...dropped], NOT_RUN_STOPPED);
        return update({ status: 'stopped' });
      }
      update({});
    }
    notRun(step, dropped, TOO_MANY_CALLS);
    update({});
  }
  return update({ status: 'step_limit' });
}

// Runs a declared scenario through the desk's verbs, and nothing else: each step is a call with
// the runner's own identity (actor runner, channel scenario) through the same rows any agent
// calls, so it meets the same legality, schemas, leases, policy, approval and quarantine. At
// the halt it stops, points at the approval it raised, and waits for a person to decide it; then
// it finishes the steps declared for after the decision.
import { signal, type ReadonlySignal } from '@preact/signals';
import type { ToolResult } from '@warrant/surface';
import type { DeskState } from '../../domain/state.ts';
import { resolveInput, UnresolvedReference } from './resolve-input.ts';
import type { Scenario, ScenarioStep } from './scenario-step.ts';

export type RunnerStatus = 'idle' | 'running' | 'awaiting_approval' | 'finishing' | 'done' | 'stopped';

export interface RunnerEntry {
  readonly step: string;
  readonly verb: string;
  readonly says: string;
  readonly ok: boolean;
  /** The result's message or refusal, for the person watching. */
  readonly outcome: string;
  readonly code: string | null;
}

export interface RunnerView {
  readonly status: RunnerStatus;
  readonly entries: readonly RunnerEntry[];
  /** The approval the runner is waiting on while awaiting_approval. */
  readonly approval: string | null;
  /** Time spent running declared steps, excluding the wait for a person's decision. */
  readonly stepsMs: number;
  readonly problem: string | null;
}

export interface ScenarioRunnerOptions {
  readonly scenario: Scenario;
  /** Calls a verb as the runner (the same rows, through the kernel). */
  readonly call: (verb: string, input: Record<string, unknown>, signal: AbortSignal) => Promise<ToolResult>;
  readonly state: ReadonlySignal<DeskState>;
  readonly now?: () => number;
}

export interface ScenarioRunner {
  readonly view: ReadonlySignal<RunnerView>;
  /** Runs the scenario from the start; resolves when it is done or stopped. */
  start(): Promise<RunnerView>;
  stop(): void;
}

const IDLE: RunnerView = { status: 'idle', entries: [], approval: null, stepsMs: 0, problem: null };

function outcomeOf(result: ToolResult): string {
  if (!result.ok) return result.message;
  const said = result['message'] ?? result['text'];
  return typeof said === 'string' ? said : 'Done.';
}

/** Settles once a person has decided the approval and, if they approved it, its run has ended. */
function decided(state: ReadonlySignal<DeskState>, approval: string, abort: AbortSignal): Promise<void> {
  // `approved` lasts while the run it started executes; the gate marks it `used` when the run ends.
  const settled = (value: DeskState): boolean => {
    const found = value.approvals.find((candidate) => candidate.id === approval);
    return !found || (found.status !== 'pending' && found.status !== 'approved');
  };
  return new Promise((resolve) => {
    if (settled(state.value)) return resolve();
    const stop = state.subscribe((value) => {
      if (settled(value) || abort.aborted) {
        queueMicrotask(() => stop());
        resolve();
      }
    });
    abort.addEventListener('abort', () => resolve(), { once: true });
  });
}

export function createScenarioRunner(options: ScenarioRunnerOptions): ScenarioRunner {
  const now = options.now ?? (() => performance.now());
  const view = signal<RunnerView>(IDLE);
  let controller: AbortController | null = null;

  const set = (change: Partial<RunnerView>): void => {
    view.value = { ...view.value, ...change };
  };

  /** The steps in calling order: each group's steps are called at once (a step `together` joins the one before it). */
  function groups(steps: readonly ScenarioStep[]): ScenarioStep[][] {
    const grouped: ScenarioStep[][] = [];
    for (const step of steps) {
      const last = grouped.at(-1);
      if (step.together && last) last.push(step);
      else grouped.push([step]);
    }
    return grouped;
  }

  async function runSteps(
    steps: readonly ScenarioStep[],
    results: Map<string, unknown>,
    abort: AbortSignal,
    tolerant: boolean,
  ): Promise<boolean> {
    for (const group of groups(steps)) {
      if (abort.aborted) return false;
      const began = now();
      const inputs: Record<string, unknown>[] = [];
      for (const step of group) {
        try {
          inputs.push(resolveInput(step.input, results, new Date()) as Record<string, unknown>);
        } catch (error) {
          if (!(error instanceof UnresolvedReference)) throw error;
          set({ status: 'stopped', problem: `Step "${step.says}" could not be prepared: ${error.message}.` });
          return false;
        }
      }
      const answers = await Promise.all(
        group.map((step, index) => options.call(step.verb, inputs[index] ?? {}, abort)),
      );
      // Entries in the declared order, whichever answered first; the group's time counted once.
      const entries = group.map((step, index): RunnerEntry => {
        const result = answers[index] as ToolResult;
        results.set(step.id, result);
        return {
          step: step.id,
          verb: step.verb,
          says: step.says,
          ok: result.ok,
          outcome: outcomeOf(result),
          code: result.ok ? null : result.code,
        };
      });
      set({ entries: [...view.value.entries, ...entries], stepsMs: view.value.stepsMs + (now() - began) });
      const halt = answers.find((result) => result.ok && result['status'] === 'awaiting_human_approval');
      if (halt?.ok) {
        set({ status: 'awaiting_approval', approval: String(halt['approval_id']) });
        return true;
      }
      const refused = answers.find((result) => !result.ok);
      if (refused && !refused.ok && !tolerant) {
        const step = group[answers.indexOf(refused)];
        set({ status: 'stopped', problem: `${step?.verb ?? 'A step'} was refused: ${refused.message}` });
        return false;
      }
    }
    return true;
  }

  return {
    view,
    async start() {
      controller?.abort('the scenario was started again');
      const own = new AbortController();
      controller = own;
      view.value = { ...IDLE, status: 'running' };
      const results = new Map<string, unknown>();
      const before = options.scenario.steps.filter((step) => step.after === 'start');
      const after = options.scenario.steps.filter((step) => step.after === 'decision');
      if (!(await runSteps(before, results, own.signal, false))) return view.value;
      const approval = view.value.approval;
      if (approval) {
        await decided(options.state, approval, own.signal);
        if (own.signal.aborted) return view.value;
      }
      set({ status: 'finishing', approval: null });
      // Cleaning up goes on past a refusal: a lease that has already ended needs no closing.
      await runSteps(after, results, own.signal, true);
      if (!own.signal.aborted) set({ status: 'done' });
      return view.value;
    },
    stop() {
      controller?.abort('stopped by a person');
      if (view.value.status !== 'done' && view.value.status !== 'idle')
        set({ status: 'stopped', problem: 'Stopped by a person.' });
    },
  };
}

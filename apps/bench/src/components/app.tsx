import type { Signal } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import type { CallRecord, ChangeRecord, JsonSchema, Surface, ToolResult } from '@warrant/surface';
import { ModeBadge } from '@warrant/ui';
import type { Connection, ListedTool } from '@warrant/webmcp';
import { ASSEMBLY } from '../domain/rulebook.ts';
import type { CheckpointName } from '../domain/checkpoints.ts';
import { ROWS_BY_NAME } from '../domain/rule.ts';
import type { MeetingState } from '../domain/state.ts';
import type { Meeting } from '../meeting.ts';
import { ChairControls } from './chair-controls.tsx';
import { Checkpoints } from './checkpoints.tsx';
import { MotionEntryForm, TallyForm } from './declarative-forms.tsx';
import { InOrderPanel } from './in-order-panel.tsx';
import { MinuteBook } from './minute-book.tsx';
import { MotionStack } from './motion-stack.tsx';
import { OutOfOrderPanel } from './out-of-order-panel.tsx';
import { OutOfScope } from './out-of-scope.tsx';
import type { Runner as RunnerType } from './runner.tsx';

type RunnerComponent = typeof RunnerType;

/** A form whose rulebook row does not autosubmit is submitted by a person, not by the agent's call. */
function waitsForPerson(name: string): boolean {
  const row = ROWS_BY_NAME.get(name);
  return row?.kind === 'declarative' && !row.autosubmit;
}

export interface BenchView {
  readonly connection: Connection;
  readonly meeting: Meeting;
  readonly surface: Surface<MeetingState>;
  readonly tools: Signal<ListedTool[]>;
  readonly lastChange: Signal<ChangeRecord | null>;
  readonly changeCount: Signal<number>;
  readonly lastCall: Signal<CallRecord | null>;
  readonly archived: Signal<number>;
  /** What went wrong with the last human act or with storage, shown until the next act succeeds. */
  readonly notice: Signal<string | null>;
  loadCheckpoint(name: CheckpointName): void;
  /** Runs a human act and shows its refusal or failure, if any. */
  act(done: Promise<{ ok: boolean; message?: string }>): Promise<void>;
  runTool(name: string, input: Record<string, unknown>, signal: AbortSignal): Promise<string>;
}

function resultFor(call: CallRecord | null, name: string): ToolResult | null {
  return call && call.name === name ? call.result : null;
}

export function App({ view }: { view: BenchView }) {
  const { connection, meeting, surface } = view;
  const state = meeting.state.value;
  const [running, setRunning] = useState<string | null>(null);
  // The runner (and the member list it offers) loads when a person first asks to run a tool.
  const [Runner, setRunner] = useState<RunnerComponent | null>(null);
  useEffect(() => {
    if (running && !Runner) void import('./runner.tsx').then((module) => setRunner(() => module.Runner));
  }, [running, Runner]);
  const rows = surface.explain(state);
  const fallback = rows.filter((r) => r.verdict.legal).map((r) => r.name);
  const tools = connection.webmcp ? view.tools.value : null;
  const runnerTool = running ? (tools?.find((t) => t.name === running) ?? null) : null;
  const runnerSchema = running ? (runnerTool?.inputSchema ?? surface.schemaOf(running, state)) : undefined;

  return (
    <>
      <header class="masthead">
        <div>
          <h1>The clerk's bench</h1>
          <p class="muted">
            {ASSEMBLY.name}, {ASSEMBLY.body} · {ASSEMBLY.authority}
          </p>
        </div>
        <ModeBadge connection={connection} />
      </header>
      {view.notice.value ? (
        <p class="notice" role="alert" id="bench-notice">
          {view.notice.value}
        </p>
      ) : null}
      <main class="columns">
        <div class="column">
          <ChairControls
            state={state}
            onAttendance={(present, note) => void view.act(surface.callAsHuman('set_members_present', note ? { present, note } : { present }))}
            onPutTheQuestion={() => void view.act(meeting.commit('put_the_question', {}, 'chair'))}
          />
          <MotionStack state={state} />
          <MotionEntryForm lastResult={resultFor(view.lastCall.value, 'enter_motion_text')} />
          <TallyForm lastResult={resultFor(view.lastCall.value, 'record_vote_tally')} />
          <Checkpoints onLoad={view.loadCheckpoint} archived={view.archived.value} />
        </div>
        <div class="column">
          <InOrderPanel tools={tools} fallback={fallback} change={view.lastChange.value} changes={view.changeCount.value} onRun={setRunning} />
          {running && Runner ? (
            <Runner
              key={running}
              name={running}
              schema={runnerSchema as JsonSchema | undefined}
              waitsForPerson={waitsForPerson(running)}
              run={(input, signal) => view.runTool(running, input, signal)}
              onClose={() => setRunning(null)}
            />
          ) : null}
          <OutOfOrderPanel rows={rows} />
          <OutOfScope />
        </div>
      </main>
      <MinuteBook events={meeting.events.value} state={state} />
    </>
  );
}

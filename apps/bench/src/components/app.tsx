import type { ReadonlySignal, Signal } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import type { CallRecord, JsonSchema, ToolResult } from '@warrant/surface';
import { ChangeLine, InOrderPanel, ModeBadge, OutOfOrderPanel, type BootedSurface, type ToolEntry } from '@warrant/ui';
import { ASSEMBLY } from '../domain/rulebook.ts';
import type { CheckpointName } from '../domain/checkpoints.ts';
import { ROWS_BY_NAME } from '../domain/rule.ts';
import type { DecisionChannelSnapshot } from '@warrant/authority';
import type { DraftSource } from '../draft-source.ts';
import type { RulingRequest } from '../ruling-channel.ts';
import type { Decided, Meeting, Written } from '../meeting.ts';
import type { BenchState } from '../surface-rows.ts';
import { ChairControls } from './chair-controls.tsx';
import { Checkpoints } from './checkpoints.tsx';
import { MotionEntryForm, TallyForm } from './declarative-forms.tsx';
import { MinuteBook } from './minute-book.tsx';
import { MotionStack } from './motion-stack.tsx';
import { OutOfScope } from './out-of-scope.tsx';
import { RulingProposal } from './ruling-proposal.tsx';
import type { Runner as RunnerType } from './runner.tsx';

type RunnerComponent = typeof RunnerType;

/** A form whose rulebook row does not autosubmit is submitted by a person, not by the agent's call. */
function waitsForPerson(name: string): boolean {
  const row = ROWS_BY_NAME.get(name);
  return row?.kind === 'declarative' && !row.autosubmit;
}

export interface BenchView {
  readonly page: BootedSurface<BenchState>;
  readonly meeting: Meeting;
  readonly motionDraft: DraftSource;
  /** A ruling an agent proposed, if one waits for the chair. */
  readonly ruling: ReadonlySignal<DecisionChannelSnapshot<RulingRequest> | null>;
  confirmRuling(id: string): void;
  rejectRuling(id: string): void;
  readonly lastCall: Signal<CallRecord | null>;
  readonly archived: Signal<number>;
  /** What went wrong with the last human act or with the record, shown until the next act succeeds. */
  readonly notice: ReadonlySignal<string | null>;
  loadCheckpoint(name: CheckpointName): void;
  /** Runs a human act and shows its refusal or failure, if any. */
  act(done: Decided | Promise<ToolResult | Written>): Promise<void>;
  runTool(name: string, input: Record<string, unknown>, signal: AbortSignal): Promise<string>;
}

function resultFor(call: CallRecord | null, name: string): ToolResult | null {
  return call && call.name === name ? call.result : null;
}

export function App({ view }: { view: BenchView }) {
  const { page, meeting } = view;
  const state = meeting.state.value;
  const [running, setRunning] = useState<string | null>(null);
  // The runner (and the member list it offers) loads when a person first asks to run a tool.
  const [Runner, setRunner] = useState<RunnerComponent | null>(null);
  useEffect(() => {
    if (running && !Runner) void import('./runner.tsx').then((module) => setRunner(() => module.Runner));
  }, [running, Runner]);
  const surface = page.mount.value?.surface ?? null;
  const tools = page.mode.value === 'unavailable' ? null : page.tools.value;
  const runnerTool = running ? (tools?.find((t) => t.name === running) ?? null) : null;
  const runnerSchema = running ? (runnerTool?.inputSchema ?? surface?.schemaOf(running, state)) : undefined;
  // One name per button, naming the tool: a form's tool has no title of its own, so its row's is used.
  const doThis = (tool: ToolEntry) => (
    <button type="button" class="link" aria-label={`Do this: ${tool.title || ROWS_BY_NAME.get(tool.name)?.title || tool.name}`} onClick={() => setRunning(tool.name)}>
      ▷ do this
    </button>
  );

  return (
    <>
      <header class="masthead">
        <div>
          <h1>The clerk's bench</h1>
          <p class="muted">
            {ASSEMBLY.name}, {ASSEMBLY.body} · {ASSEMBLY.authority}
          </p>
        </div>
        <ModeBadge mode={page.mode.value} reason={page.reason.value} />
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
            onAttendance={(present, note) => {
              if (surface) void view.act(surface.callAsHuman('set_members_present', note ? { present, note } : { present }));
            }}
            onPutTheQuestion={() => void view.act(meeting.commit('put_the_question', {}, 'chair'))}
          />
          {view.ruling.value ? <RulingProposal snapshot={view.ruling.value} state={state} onConfirm={view.confirmRuling} onReject={view.rejectRuling} /> : null}
          <MotionStack state={state} />
          <MotionEntryForm lastResult={resultFor(view.lastCall.value, 'enter_motion_text')} filledByAgent={view.motionDraft.filledByAgent.value} />
          <TallyForm lastResult={resultFor(view.lastCall.value, 'record_vote_tally')} />
          <Checkpoints onLoad={view.loadCheckpoint} archived={view.archived.value} />
        </div>
        <div class="column">
          <InOrderPanel tools={tools} explained={page.explained.value} reason={page.reason.value} doThis={doThis}>
            <ChangeLine change={page.lastChange.value} count={page.changeCount.value} />
          </InOrderPanel>
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
          <OutOfOrderPanel rows={page.explained.value} />
          <OutOfScope />
        </div>
      </main>
      <MinuteBook events={meeting.events.value} state={state} />
    </>
  );
}

import type { ReadonlySignal, Signal } from '@preact/signals';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { DecisionChannelSnapshot } from '@warrant/authority';
import type { CallRecord, JsonSchema, ToolResult } from '@warrant/surface';
import { ChangeLine, InOrderPanel, ModeBadge, OutOfOrderPanel, type BootedSurface, type ToolEntry } from '@warrant/ui';
import { countOf } from '../domain/ballot.ts';
import type { StartingPoint } from '../domain/checkpoints.ts';
import type { Choice } from '../domain/member-acts.ts';
import type * as Minutes from '../domain/minutes.ts';
import { ROWS_BY_NAME } from '../domain/rule.ts';
import type { DraftSource } from '../draft-source.ts';
import type { Decided, Meeting, Written } from '../meeting.ts';
import type { RulingRequest } from '../ruling-channel.ts';
import type { BenchState } from '../surface-rows.ts';
import type { ArchiveViewer as ArchiveViewerType } from './archive-viewer.tsx';
import { ChairControls } from './chair-controls.tsx';
import { MotionEntryForm, TallyForm } from './declarative-forms.tsx';
import { JustLeft } from './just-left.tsx';
import { MinuteBook } from './minute-book.tsx';
import { MotionStack } from './motion-stack.tsx';
import { OutOfScope } from './out-of-scope.tsx';
import { BenchPeopleBar } from './people-bar.tsx';
import type { SignedInPerson } from './roll-call.tsx';
import type { RulingProposal } from './ruling-proposal.tsx';
import type { Runner as RunnerType } from './runner.tsx';
import { StartHere } from './start-here.tsx';

/** A form whose rulebook row does not autosubmit is submitted by a person, not by the agent's call. */
function waitsForPerson(name: string): boolean {
  const row = ROWS_BY_NAME.get(name);
  return row?.kind === 'declarative' && !row.autosubmit;
}

export interface BenchView {
  readonly page: BootedSurface<BenchState>;
  readonly meeting: Meeting;
  readonly motionDraft: DraftSource;
  /** The minutes' wording, once loaded. */
  readonly words: ReadonlySignal<typeof Minutes | null>;
  /** A ruling an agent proposed, if one waits for the chair. */
  readonly ruling: ReadonlySignal<DecisionChannelSnapshot<RulingRequest> | null>;
  /** Its panel, which loads with it. */
  readonly proposalPanel: ReadonlySignal<{ readonly component: typeof RulingProposal } | null>;
  confirmRuling(id: string): void;
  rejectRuling(id: string): void;
  readonly lastCall: Signal<CallRecord | null>;
  readonly archived: Signal<number>;
  /** A starting point waiting for the person to let it replace their own meeting. */
  readonly asking: ReadonlySignal<{ readonly point: StartingPoint; readonly entries: number } | null>;
  /** Whether a person of the meeting is signed in at this page (null: not yet known). */
  readonly signedIn: Signal<boolean | null>;
  /** Who is signed in at this page, once known. */
  readonly me: Signal<SignedInPerson | null>;
  /** Marks the person signed in here present (a member's own act, on the server). */
  markPresent(): void;
  /** The person signed in here votes on the question put, with their passkey. */
  vote(choice: Choice): void;
  /** What went wrong with the last human act or with the record, shown until the next act succeeds. */
  readonly notice: ReadonlySignal<string | null>;
  /** The bylaws a meeting started here is held under (their id), as the person chose them. */
  readonly bylaws: Signal<string>;
  loadCheckpoint(point: StartingPoint): void;
  confirmCheckpoint(): void;
  cancelCheckpoint(): void;
  /** Runs a human act and shows its refusal or failure, if any. */
  act(done: Decided | Promise<ToolResult | Written>): Promise<void>;
  runTool(name: string, input: Record<string, unknown>, signal: AbortSignal): Promise<string>;
}

function resultFor(call: CallRecord | null, name: string): ToolResult | null {
  return call && call.name === name ? call.result : null;
}

type Lazy<T> = { readonly component: T } | null;

export function App({ view }: { view: BenchView }) {
  const { page, meeting } = view;
  const state = meeting.state.value;
  const open = meeting.opened.value;
  const [running, setRunning] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // The runner and the archive load when a person first asks for them.
  const [Runner, setRunner] = useState<Lazy<typeof RunnerType>>(null);
  const [ArchiveViewer, setArchiveViewer] = useState<Lazy<typeof ArchiveViewerType>>(null);
  useEffect(() => {
    if (running && !Runner) void import('./runner.tsx').then((module) => setRunner({ component: module.Runner }));
  }, [running, Runner]);
  useEffect(() => {
    if (reading && !ArchiveViewer)
      void import('./archive-viewer.tsx').then((module) => setArchiveViewer({ component: module.ArchiveViewer }));
  }, [reading, ArchiveViewer]);
  const closeRunner = useCallback(() => setRunning(null), []);

  const surface = page.mount.value?.surface ?? null;
  const tools = page.mode.value === 'unavailable' ? null : page.tools.value;
  const explained = page.explained.value;
  const titleOf = (name: string): string =>
    tools?.find((t) => t.name === name)?.title ||
    ROWS_BY_NAME.get(name)?.title ||
    explained.find((r) => r.name === name)?.title ||
    name;
  const runnerTool = running ? (tools?.find((t) => t.name === running) ?? null) : null;
  const runnerSchema = running ? (runnerTool?.inputSchema ?? surface?.schemaOf(running, state)) : undefined;
  const listed = running
    ? tools
      ? runnerTool !== null
      : (explained.find((r) => r.name === running)?.verdict.legal ?? false)
    : false;
  const voteListed = tools ? tools.some((t) => t.name === 'record_vote_tally') : false;
  // The browser lists a form's tool with no title; it is shown by its row's, beside its name.
  const listedTools = tools
    ? tools.map((tool) => (tool.title ? tool : { ...tool, title: ROWS_BY_NAME.get(tool.name)?.title ?? '' }))
    : null;
  // One name per button, naming the tool; the one whose runner is open is marked as selected.
  const doThis = (tool: ToolEntry) => (
    <button
      type="button"
      class={tool.name === running ? 'link is-selected' : 'link'}
      aria-pressed={tool.name === running}
      aria-label={`Do this: ${titleOf(tool.name)}`}
      onClick={() => setRunning(tool.name)}
    >
      ▷ do this
    </button>
  );

  return (
    <>
      <header class="masthead">
        <div class="title">
          <h1>The clerk's bench</h1>
          <p class="lede">
            A board meeting run under Robert's Rules, where the tools an agent can call are exactly the acts in order
            now: what is out of order is not there to call, and the rule that removed it is shown in its place.
          </p>
          <p class="muted small">
            {state.bylaws.name}, {state.bylaws.body} · {state.bylaws.authority}
          </p>
        </div>
        <ModeBadge mode={page.mode.value} reason={page.reason.value} />
      </header>
      <BenchPeopleBar
        onSession={(person) => {
          view.signedIn.value = person !== null;
          view.me.value = person;
          meeting.seat.value = person ? { id: person.id, name: person.name } : null;
        }}
      />
      <StartHere
        onLoad={view.loadCheckpoint}
        bylaws={view.bylaws.value}
        onBylaws={(id) => (view.bylaws.value = id)}
        asking={view.asking.value}
        onConfirm={view.confirmCheckpoint}
        onCancel={view.cancelCheckpoint}
        archived={view.archived.value}
        onShowArchives={() => setReading(true)}
      />
      {view.notice.value ? (
        <p class="notice" role="alert" id="bench-notice">
          {view.notice.value}
        </p>
      ) : null}
      {reading && ArchiveViewer ? (
        <ArchiveViewer.component meeting={meeting} onClose={() => setReading(false)} />
      ) : null}
      <main class="bench">
        <div class="area-chair">
          <ChairControls
            state={state}
            open={open}
            signedIn={view.signedIn.value}
            me={view.me.value}
            onMarkPresent={view.markPresent}
            onVote={view.vote}
            onDeclare={() => void view.act(meeting.commit('declare_result', countOf(state.ballots), 'chair'))}
            onAttendance={(present) => {
              if (surface) void view.act(surface.callAsHuman('set_members_present', { present }));
            }}
            onPutTheQuestion={() => void view.act(meeting.commit('put_the_question', {}, 'chair'))}
          />
        </div>
        <div class="area-agent">
          <InOrderPanel
            tools={listedTools}
            explained={explained}
            reason={page.reason.value}
            doThis={doThis}
            heading="What an agent can call now"
          >
            <JustLeft change={page.lastChange.value} explained={explained} />
            <ChangeLine change={page.lastChange.value} count={page.changeCount.value} />
          </InOrderPanel>
          {running && Runner ? (
            <Runner.component
              key={running}
              name={running}
              title={titleOf(running)}
              schema={runnerSchema as JsonSchema | undefined}
              listed={listed}
              reason={explained.find((r) => r.name === running)?.verdict.reason}
              waitsForPerson={waitsForPerson(running)}
              run={(input, signal) => view.runTool(running, input, signal)}
              onClose={closeRunner}
            />
          ) : null}
        </div>
        <div class="area-floor">
          {view.ruling.value && view.proposalPanel.value ? (
            <view.proposalPanel.value.component
              snapshot={view.ruling.value}
              state={state}
              onConfirm={view.confirmRuling}
              onReject={view.rejectRuling}
            />
          ) : null}
          <MotionStack state={state} voteListed={voteListed} />
          <MotionEntryForm
            lastResult={resultFor(view.lastCall.value, 'enter_motion_text')}
            filledByAgent={view.motionDraft.filledByAgent.value}
          />
          <TallyForm
            lastResult={resultFor(view.lastCall.value, 'record_vote_tally')}
            boardSize={state.bylaws.boardSize}
          />
        </div>
        <div class="area-rules">
          <OutOfOrderPanel rows={explained} heading="Not in order now, and why" />
          <OutOfScope />
        </div>
        <div class="area-minutes">
          <MinuteBook events={meeting.events.value} state={state} words={view.words.value} />
        </div>
      </main>
    </>
  );
}

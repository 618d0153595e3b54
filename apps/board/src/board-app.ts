// Everything the screen works with: the canonical store, and the view state that is not the
// board's (what is selected, what the last act answered, what the agent side reports). The
// board paints from this alone; the human's acts and the decision channel arrive a moment later
// (acting.ts, loaded after first paint), and until then the controls wait for them.
import { signal, type Signal } from '@preact/signals';
import type { DecisionChannelSnapshot } from '@warrant/authority';
import type { CallRecord, ChangeRecord, ExplainedRow } from '@warrant/surface';
import type { Connection, ListedTool } from '@warrant/webmcp';
import { createBoardStore, type BoardRecorder, type BoardStore } from './board-store.ts';
import type { FieldId } from './domain/fields.ts';
import type { BoardState, ExpansionRequest } from './domain/state.ts';
import type { ActOutcome, HumanControls } from './human-controls.ts';

/** Where a human act's answer is shown: beside the control that made it. */
export type NoticeArea = 'frame' | 'decision' | 'review' | 'reset';

export interface Notice {
  readonly area: NoticeArea;
  /** What the act was about (a review id, a request id), so a later card does not show it. */
  readonly subject: string | null;
  readonly outcome: ActOutcome;
  /** The length of the activity log just after the act: a loose notice goes once more happens. */
  readonly logLength: number;
}

export interface AgentView {
  readonly connection: Signal<Connection | null>;
  /** What the browser reports as registered (getTools), not the surface's own account. */
  readonly tools: Signal<ListedTool[]>;
  readonly lastChange: Signal<ChangeRecord | null>;
  readonly changeCount: Signal<number>;
  /** Why the surface is held, one reason per hold. */
  readonly held: Signal<string[]>;
  /** Recent calls, newest first. */
  readonly calls: Signal<CallRecord[]>;
  /** Every tool with its verdict: set once the surface is up. */
  readonly explain: Signal<((state: BoardState) => ExplainedRow[]) | null>;
}

export interface BoardApp {
  readonly store: BoardStore;
  /** The human's acts, once loaded; null for the first moments after paint. */
  readonly human: Signal<HumanControls | null>;
  /** The decision channel as the agent's waiting call sees it. */
  readonly decision: Signal<DecisionChannelSnapshot<ExpansionRequest>>;
  /** The fields picked on the board but not yet framed; null follows the frame. */
  readonly selection: Signal<readonly FieldId[] | null>;
  readonly anchor: Signal<FieldId | null>;
  readonly notice: Signal<Notice | null>;
  /** Whether the board's acts are kept in this browser's record, or in this tab only. */
  readonly kept: Signal<boolean>;
  /** Why the board did not resume exactly as last seen, when it did not. */
  readonly restoreProblem: Signal<string | null>;
  /** The field whose text was last put back after a change made outside the board. */
  readonly restoredField: Signal<FieldId | null>;
  readonly agent: AgentView;
  /** Runs a human act and shows its answer in `area`, for `subject`. Null until the acts load. */
  act(area: NoticeArea, run: (human: HumanControls) => Promise<ActOutcome>, subject?: string | null): Promise<ActOutcome> | null;
}

export function createBoardApp(initial: BoardState, recorder?: BoardRecorder): BoardApp {
  const store = createBoardStore(initial, recorder);
  const human = signal<HumanControls | null>(null);
  const selection = signal<readonly FieldId[] | null>(null);
  store.subscribe(({ before, after }) => {
    // A new frame, from whichever act in whichever tab, replaces any half-made selection.
    if (after.scopeVersion !== before.scopeVersion || after.generation !== before.generation) selection.value = null;
  });
  const notice = signal<Notice | null>(null);
  return {
    store,
    human,
    decision: signal({ disposed: false, waiting: false, current: null }),
    selection,
    anchor: signal(null),
    notice,
    kept: signal(recorder?.keeps ?? false),
    restoreProblem: signal(null),
    restoredField: signal(null),
    agent: {
      connection: signal(null),
      tools: signal([]),
      lastChange: signal(null),
      changeCount: signal(0),
      held: signal([]),
      calls: signal([]),
      explain: signal(null),
    },
    act(area, run, subject = null) {
      const acts = human.peek();
      if (!acts) return null;
      return run(acts).then((outcome) => {
        notice.value = { area, subject, outcome, logLength: store.read().activity.length };
        return outcome;
      });
    },
  };
}

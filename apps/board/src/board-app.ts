// Everything the screen works with: the canonical store, the agent's surface as the shared
// adapter reports it, and the view state that is not the board's (what is selected, what the last
// act answered). The board paints from this alone; the human's acts and the decision channel
// arrive a moment later (acting.ts), and until then the controls wait for them.
import { signal, type Signal } from '@preact/signals';
import type { DecisionChannelSnapshot } from '@warrant/authority';
import type { CallRecord } from '@warrant/surface';
import type { BootedSurface } from '@warrant/ui';
import { noAuthority } from './board-authority.ts';
import { createBoardStore, type BoardStore } from './board-store.ts';
import { boardNotLoaded } from './domain/refusals.ts';
import type { FieldId } from './domain/fields.ts';
import type { BoardState, ExpansionRequest } from './domain/state.ts';
import type { LedgerHead } from './api/answers.ts';
import type { PublishedVersion } from './api/published-versions.ts';
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
  /** What the board's server has published, newest first; null until it has been read (or with no server). */
  readonly published: Signal<readonly PublishedVersion[] | null>;
  /** The signed head of the board's record of acts; null until it has been read (or with no server). */
  readonly ledgerHead: Signal<LedgerHead | null>;
  /** Whether the board's acts are decided and kept by the board's server (false until it has been read). */
  readonly kept: Signal<boolean>;
  /** Why the board did not resume exactly as last seen, when it did not. */
  readonly restoreProblem: Signal<string | null>;
  /** The field whose text was last put back after a change made outside the board. */
  readonly restoredField: Signal<FieldId | null>;
  /** The agent's side: the WebMCP mode, what the browser lists, the last change, the hold, the verdicts. */
  readonly surface: BootedSurface<BoardState>;
  /** The last call any caller made to a tool, with its answer. */
  readonly lastCall: Signal<CallRecord | null>;
  /** The tool a person is playing the agent with ("do this"), if any. */
  readonly runner: Signal<string | null>;
  /** Runs a human act and shows its answer in `area`, for `subject`. Null until the acts load. */
  act(
    area: NoticeArea,
    run: (human: HumanControls) => Promise<ActOutcome>,
    subject?: string | null,
  ): Promise<ActOutcome> | null;
}

/**
 * `boot` mounts the agent's surface on the store (it is given the store, and where to report each
 * call): the page's boot passes bootSurface, so the tools are registered in the same task.
 */
export function createBoardApp(
  initial: BoardState,
  boot: (store: BoardStore, onCall: (call: CallRecord) => void) => BootedSurface<BoardState>,
): BoardApp {
  // Nothing is decided until the board's server has been read (main.tsx resumes the store on it).
  const store = createBoardStore(initial, noAuthority(boardNotLoaded()));
  const lastCall = signal<CallRecord | null>(null);
  const surface = boot(store, (call) => (lastCall.value = call));
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
    published: signal(null),
    ledgerHead: signal(null),
    kept: signal(false),
    restoreProblem: signal(null),
    restoredField: signal(null),
    surface,
    lastCall,
    runner: signal(null),
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

// What the page is drawn from: the desk, what a person may do there, its surface as the browser
// reports it, the scenario runner, and the ledger's rows as they land.
import type { ReadonlySignal } from '@preact/signals';
import type { LedgerRow } from '@warrant/ledger';
import type { BootedSurface } from '@warrant/ui';
import type { DeskRuntime } from './desk-runtime.ts';
import type { DeskSession } from './desk-session.ts';
import type { DeskState } from '../domain/state.ts';
import type { HumanActs } from './human-acts.ts';
import type { ScenarioRunner } from './scenario/scenario-runner.ts';

export interface DeskView {
  readonly desk: DeskRuntime;
  readonly acts: HumanActs;
  readonly surface: BootedSurface<DeskState>;
  readonly runner: ScenarioRunner;
  readonly rows: ReadonlySignal<readonly LedgerRow[]>;
  /** Where the partner frames are put: an element the page shows but does not render itself. */
  readonly frames: HTMLElement;
  /** A clock that ticks each second while something on the page counts down. */
  readonly now: ReadonlySignal<number>;
  /** Why this tab is read-only, when it is (no dispatcher signed in: every signed-in page acts). */
  readonly readOnly: string | null;
  /** Who was signed in as the page opened (null: the desk's server could not say). */
  readonly session: DeskSession | null;
  /** Why the stored record could not be fully read, when it could not. */
  readonly notice: string | null;
  /** Nothing now: the desk's server takes up a run cut off by a stop itself (server/approved-runs.ts). */
  readonly takeUpRuns: () => Promise<void>;
}

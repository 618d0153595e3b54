// The run of an approved plan as the desk shows it: each step once, in order, and if one fails,
// the steps already done undone in reverse. Every hop it takes is also a ledger row.
import type { PartnerName } from '@warrant/broker';

export type StepStatus = 'waiting' | 'running' | 'done' | 'failed' | 'undone' | 'undo_failed' | 'skipped';

export interface StepOutcome {
  readonly index: number;
  readonly partner: PartnerName;
  readonly tool: string;
  readonly status: StepStatus;
  /** The partner's receipt id for the write (and for its undo, when undone). */
  readonly receipt: string | null;
  readonly undoReceipt: string | null;
  /** What went wrong, in words, when it did. */
  readonly problem: string | null;
}

export type RunStatus = 'running' | 'done' | 'undone' | 'failed';

export interface PlanRun {
  readonly approval: string;
  readonly plan: string;
  readonly request: string;
  readonly status: RunStatus;
  readonly steps: readonly StepOutcome[];
  readonly startedAt: string;
  readonly endedAt: string | null;
  /** Why the run stopped short, in words, when it did. */
  readonly problem: string | null;
}

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

/**
 * A run cut off mid-way (the page driving it went away, the desk's server stopped) and taken up by
 * the next acting page: `resume` goes on (what a partner already holds counts as done, the rest is
 * written); `compensate` undoes what was done, since no more may be written; `waiting` cannot go
 * on until a dispatcher is signed in at this page.
 */
export interface TakenUp {
  readonly mode: 'resume' | 'compensate' | 'waiting';
  /** Why, in words a person reads on the card and on the ledger. */
  readonly why: string;
}

export interface PlanRun {
  readonly approval: string;
  readonly plan: string;
  readonly request: string;
  readonly status: RunStatus;
  readonly steps: readonly StepOutcome[];
  readonly startedAt: string;
  readonly endedAt: string | null;
  /** Why the run stopped short, in words, when it did ("<partner>: <why>"). */
  readonly problem: string | null;
  /** The partner whose step stopped the run, when one did. */
  readonly stoppedAt?: PartnerName | null;
  /** Set when this run was cut off and taken up again by another page. */
  readonly takenUp?: TakenUp;
}

import type { Mode } from '@warrant/webmcp';
import type { CheckId } from './check-order.ts';

// The probe's report: what the page shows, what downloads, what the browser tests commit as
// evidence. Its schema is warrant-probe-v1.schema.json; this is the same shape for the compiler.

export type Outcome = 'pass' | 'fail' | 'unsupported' | 'incomplete';

/** Small facts a check measured, for a reader who wants more than the detail sentence. */
export type Measured = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

export interface CheckResult {
  readonly id: CheckId;
  readonly outcome: Outcome;
  /** One or two plain sentences: what was done and what the browser answered. */
  readonly detail: string;
  readonly measured: Measured;
}

export interface ProbeReport {
  readonly schema: 'warrant-probe-v1';
  readonly runtime: {
    readonly mode: Mode;
    readonly reason: string;
    readonly origin: string;
    readonly originAgentCluster: boolean | null;
    readonly userAgent: string;
    /** Whether an agent observation was supplied from outside the page (the DevTools protocol). */
    readonly observationSeam: 'none' | 'cdp';
  };
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly checks: readonly CheckResult[];
}

export function result(id: CheckId, outcome: Outcome, detail: string, measured: Measured = {}): CheckResult {
  return { id, outcome, detail, measured };
}

/** An error as report text: its name and message, bounded, on one line. */
export function errorText(error: unknown): string {
  const named = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException);
  const text = named ? `${(error as Error).name}: ${(error as Error).message}` : String(error);
  // The report's schema refuses control characters in free text; an error message may hold a line break.
  const oneLine = [...text]
    .map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? ' ' : char))
    .join('');
  return oneLine.slice(0, 280);
}

export function errorName(error: unknown): string {
  return error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)
    ? (error as Error).name
    : 'Error';
}

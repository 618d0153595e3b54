// A request in the desk's shared queue: who needs what, where, by when. A person or an agent
// takes it in; everything else the desk does (leases, plans, approvals) serves one request.
import type { Actor } from '@warrant/broker';

/** What a request can ask for; each maps to the partner that supplies it (see needs.ts). */
export const NEEDS = ['food', 'bed', 'ride', 'cold_storage'] as const;
export type Need = (typeof NEEDS)[number];

export interface DeskRequest {
  /** `R-n`. */
  readonly id: string;
  readonly people: number;
  readonly needs: readonly Need[];
  readonly place: string;
  /** A date (YYYY-MM-DD), or a date and local time (YYYY-MM-DDTHH:MM), by which help is needed. */
  readonly deadline: string;
  readonly note: string;
  readonly takenBy: Actor;
  /** ISO instant. */
  readonly takenAt: string;
}

/** The date part of a deadline: the night a bed is for, the day a ride or parcel is for. */
export function deadlineDate(request: Pick<DeskRequest, 'deadline'>): string {
  return request.deadline.slice(0, 10);
}

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
  /**
   * The dispatcher who holds it: the one whose page took it in, until they release it or another
   * takes it over (with a reason). Only its holder's session adds to the record about it; the
   * desk's server decides (server/request-holders.ts). Absent in a record from before holders, and
   * null once released.
   */
  readonly heldBy?: RequestHolder | null;
}

/** A dispatcher as a request names its holder: their id, and their name for the page to show. */
export interface RequestHolder {
  readonly id: string;
  readonly name: string;
}

/** How a request changed hands: a take of a request no one holds, a release, a take-over with a reason. */
export const HOLDING_ACTS = ['taken', 'released', 'taken_over'] as const;
export type HoldingAct = (typeof HOLDING_ACTS)[number];

/** The date part of a deadline: the night a bed is for, the day a ride or parcel is for. */
export function deadlineDate(request: Pick<DeskRequest, 'deadline'>): string {
  return request.deadline.slice(0, 10);
}

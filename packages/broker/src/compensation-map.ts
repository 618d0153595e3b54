// How each partner write is undone (shared/spec/desk.md, "Compensation map"): the write that
// undoes it, and where each of that undo's arguments comes from — a field of the first write's
// `result` (part of the partner tool contract, see partner-contract.ts) or of its arguments.
// Data only; compensation.ts builds the undo call from it. Undo writes are not themselves undone.

export interface ArgumentSource {
  readonly from: 'result' | 'args';
  readonly field: string;
}

export interface Compensation {
  readonly undo: string;
  /** The undo's own arguments (it also takes request and idempotency_key, derived by compensation.ts). */
  readonly args: Readonly<Record<string, ArgumentSource>>;
}

export const COMPENSATION_MAP: Readonly<Record<string, Compensation>> = {
  reserve_parcels: { undo: 'release_parcels', args: { reservation: { from: 'result', field: 'reservation' } } },
  hold_beds: { undo: 'release_beds', args: { hold: { from: 'result', field: 'hold' } } },
  book_ride: { undo: 'cancel_ride', args: { booking: { from: 'result', field: 'booking' } } },
  reserve_cold_slot: { undo: 'release_cold_slot', args: { slot: { from: 'result', field: 'slot' } } },
};

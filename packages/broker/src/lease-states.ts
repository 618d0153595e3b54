// The lease machine (shared/spec/desk.md, "Leases") as a table: state × event → next state. A
// pair that is not in the table is not a transition. Data only; lease.ts applies it.
//
// `discovered`: the partner's tools were found in its frame. `close`: a caller closed the lease.
// `expire`: its time to live ran out. `revoke`: a person revoked it. `fail`: the frame did not
// mount in time, the channel broke, or the page went away.

export const LEASE_STATES = ['pending', 'active', 'closed', 'expired', 'revoked', 'failed'] as const;
export type LeaseState = (typeof LEASE_STATES)[number];

export const TERMINAL_STATES: readonly LeaseState[] = ['closed', 'expired', 'revoked', 'failed'];

export const LEASE_EVENTS = ['discovered', 'close', 'expire', 'revoke', 'fail'] as const;
export type LeaseEvent = (typeof LEASE_EVENTS)[number];

export const LEASE_TRANSITIONS: Readonly<Record<LeaseState, Readonly<Partial<Record<LeaseEvent, LeaseState>>>>> = {
  pending: { discovered: 'active', close: 'closed', expire: 'expired', revoke: 'revoked', fail: 'failed' },
  active: { close: 'closed', expire: 'expired', revoke: 'revoked', fail: 'failed' },
  closed: {},
  expired: {},
  revoked: {},
  failed: {},
};

/** Longest time to live a lease may be opened with. */
export const MAX_LEASE_TTL_SECONDS = 300;

/**
 * Whether a lease in state `from` may next be recorded in state `to`: by one transition of the
 * table, or staying where it is (the same state recorded again). Whoever keeps a lease's record
 * (a desk's server checking what a page reports) reads the machine through this.
 */
export function leaseMayMove(from: LeaseState, to: LeaseState): boolean {
  return from === to || Object.values(LEASE_TRANSITIONS[from]).includes(to);
}

// What a lease is for. A partner's manifest says which of its tools each purpose covers (its
// scopes): read_capacity → the partner's reads; execute_plan → its writes and their compensations.

export const LEASE_PURPOSES = ['read_capacity', 'execute_plan'] as const;
export type LeasePurpose = (typeof LEASE_PURPOSES)[number];

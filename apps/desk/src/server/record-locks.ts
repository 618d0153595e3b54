// The locks that keep the desk's record one sequence across every desk server process on one
// database: PostgreSQL advisory locks held to the end of a transaction. Every writer of both of
// the desk's logs takes the ledger's before the state's, so no two transactions wait on each other
// in the opposite order. (The partner kit's site lock is 7_420_001.)
import type { Queryable } from '@warrant/site-server';

export const LOG_LOCK = { ledger: 7_420_101, state: 7_420_102 } as const;
/** Signing a ledger head, one at a time (ledger-heads.ts). */
export const HEADS_LOCK = 7_420_103;

/** Holds `log`'s lock for the rest of transaction `tx`. */
export async function lockLog(tx: Queryable, log: keyof typeof LOG_LOCK): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [LOG_LOCK[log]]);
}

/**
 * Holds both of the desk's records still for the rest of transaction `tx`: every page's append
 * takes the ledger's lock first, so what the server reads of either record after this stays what
 * it decides on until it commits.
 */
export async function holdDeskRecords(tx: Queryable): Promise<void> {
  await lockLog(tx, 'ledger');
}

/**
 * Takes both logs' locks in `tx`, the ledger's before the state's, so what the server reads of the
 * record there stays the record until it has appended to both.
 */
export async function lockDeskLogs(tx: Queryable): Promise<void> {
  await lockLog(tx, 'ledger');
  await lockLog(tx, 'state');
}

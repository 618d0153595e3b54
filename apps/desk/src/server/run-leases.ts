// The leases of a request, as the desk's record holds them, and their closing when a run of the
// request ends. Leases are opened in a page (a partner's frame lives there), but whether one is
// open is what the desk's state log says: the last lease_changed event about it. When the desk's
// server records a run's end it closes, in the same transaction, every lease of the request the
// record still holds open — the agent's read leases included — so no lease outlives the run in
// the record, whether or not any page is open. A page that holds one of their frames follows the
// record and removes it (desk-runtime.ts); it writes nothing of its own about that closing.
import { evaluatePolicy, hopDetail, isTerminal, type Lease } from '@warrant/broker';
import { SITES, type Site } from '@warrant/config';
import type { LedgerDraft } from '@warrant/ledger';
import type { Queryable } from '@warrant/site-server';
import type { DeskEvent } from '../domain/desk-events.ts';
import type { RunOutcome } from '@warrant/authority';

type LeaseChanged = Extract<DeskEvent, { readonly type: 'lease_changed' }>;

/** The last lease_changed event about each lease of `request` in `book` (or about the one lease `id`), in log order. */
async function lastLeaseEvents(
  via: Queryable,
  book: number,
  where: { readonly request: string } | { readonly id: string },
  beforeSeq = 2_147_483_647, // seq is an integer column: its largest
): Promise<Map<string, LeaseChanged>> {
  const [field, value] = 'request' in where ? ['request', where.request] : ['id', where.id];
  const rows = await via.query<{ record: string }>(
    `SELECT record FROM desk_log_records
      WHERE book_no = $1 AND log = 'state' AND seq < $3 AND record::jsonb ->> 'type' = 'lease_changed'
        AND record::jsonb -> 'lease' ->> '${field}' = $2
      ORDER BY seq`,
    [book, value, beforeSeq],
  );
  const last = new Map<string, LeaseChanged>();
  for (const { record } of rows) {
    const event = JSON.parse(record) as LeaseChanged;
    last.set(event.lease.id, event);
  }
  return last;
}

/** The leases of `request` the record holds open (pending or active), as last recorded. */
export async function openLeasesOf(via: Queryable, book: number, request: string): Promise<Lease[]> {
  const last = await lastLeaseEvents(via, book, { request });
  return [...last.values()].map((event) => event.lease).filter((lease) => !isTerminal(lease.state));
}

/**
 * The lease `id` when the record (before seq `beforeSeq`) holds it ended — closed, expired,
 * revoked or failed, after which it never changes again — or null.
 */
export async function leaseEndedInRecord(
  via: Queryable,
  book: number,
  id: string,
  beforeSeq?: number,
): Promise<Lease | null> {
  const lease = (await lastLeaseEvents(via, book, { id }, beforeSeq)).get(id)?.lease;
  return lease && isTerminal(lease.state) ? lease : null;
}

/** The run whose end closes the leases. */
export interface EndedRun {
  readonly request: string;
  readonly plan: string;
  readonly approval: string;
  readonly digest: string;
  readonly status: RunOutcome;
  /** The partner whose step stopped the run, when one did. */
  readonly stoppedAt: string | null;
}

const titleOf = (partner: string): string =>
  (SITES as Readonly<Partial<Record<string, Site>>>)[partner]?.title ?? partner;

/** Why the leases closed, in a person's words: "closed when the run of A-1 ended: failed at Shelter". */
export function closedWhenTheRunEnded(run: EndedRun): string {
  const at = run.stoppedAt ? titleOf(run.stoppedAt) : null;
  const how = {
    done: 'done',
    failed: `failed at ${at ?? 'a partner'}`,
    undone: at ? `undone (stopped at ${at})` : 'undone',
    stopped: 'stopped by a person',
  }[run.status];
  return `closed when the run of ${run.approval} ended: ${how}`;
}

/** What closing `leases` at `run`'s end adds to the record: a state event and a ledger row for each. */
export function closingAtRunEnd(
  leases: readonly Lease[],
  run: EndedRun,
  at: number,
): { readonly events: readonly DeskEvent[]; readonly rows: readonly Omit<LedgerDraft, 'at'>[] } {
  const reason = closedWhenTheRunEnded(run);
  return {
    events: leases.map((lease): DeskEvent => ({
      type: 'lease_changed',
      lease: { ...lease, state: 'closed', endedAt: at, endReason: reason },
      at,
      closedByRun: run.approval,
    })),
    rows: leases.map(
      (lease) =>
        ({
          actor: 'system',
          channel: 'ui',
          event: 'lease_closed',
          from: 'desk',
          to: lease.partner,
          request: run.request,
          lease: lease.id,
          plan: run.plan,
          approval: run.approval,
          digest: run.digest,
          // The run that opened none of them closes them all: the table's verdict for the system closing a lease.
          policy: evaluatePolicy({ actor: 'system', act: 'close_lease', purpose: lease.purpose, approval: 'used' })
            .verdict,
          status: 'ok',
          detail: hopDetail({ reason, purpose: lease.purpose }),
        }) as Omit<LedgerDraft, 'at'>,
    ),
  };
}

// close_lease: ends a lease. Its frame is removed in the same task, which destroys the partner's
// document and every tool in it, and any call still open under it is aborted.
import { isTerminal } from '@warrant/broker';
import type { DeskRuntime } from '../desk-runtime.ts';
import { closeLeaseSchema } from '../../domain/schemas.ts';
import { heldElsewhereRefusal } from './held-check.ts';
import { noted } from './verb-note.ts';
import { verbRow, type VerbRowNeeds } from './verb-row.ts';

export interface CloseLeaseInput {
  readonly lease: string;
}

/** What the closeLease verb takes of the desk's runtime: no more than it uses. */
export type CloseLeaseNeeds = VerbRowNeeds & Pick<DeskRuntime, 'broker' | 'heldElsewhere' | 'leases' | 'state'>;

export function closeLeaseRow(desk: CloseLeaseNeeds) {
  return verbRow<CloseLeaseInput>(desk, {
    name: 'close_lease',
    title: 'Close a lease',
    description:
      "Close an open lease: the partner's frame is removed from the desk with every tool in it, and any call still open under it is aborted. " +
      'Returns { ok, lease: { id, partner, state: "closed" } }. In order while a lease is open.',
    annotations: { readOnlyHint: false },
    inputSchema: (state) => closeLeaseSchema(state),
    async run(input, call) {
      // This page's own lease, or one the record holds ended (the desk's server closed it at its
      // run's end, perhaps before this page opened).
      const recorded = desk.state.value.leases.find((lease) => lease.id === input.lease);
      const known = desk.leases.get(input.lease) ?? (recorded && isTerminal(recorded.state) ? recorded : undefined);
      // Already ended (its run ended, or its partner failed): what the caller wanted is so.
      if (known && isTerminal(known.state))
        return noted(
          {
            ok: true,
            lease: { id: known.id, partner: known.partner, state: known.state },
            message: `Lease ${known.id} is already ${known.state === 'closed' ? 'closed' : `ended (${known.state}), so closed`}; nothing more to do.`,
          },
          { to: known.partner, lease: known.id, request: known.request, policy: 'not_applicable' },
        );
      const held = known ? heldElsewhereRefusal(desk, known.request) : null;
      if (known && held)
        return noted(held, { to: known.partner, lease: known.id, request: known.request, policy: 'not_applicable' });
      const closed = desk.broker.closeLease(input.lease, { ...call, reason: `closed by ${call.actor}` });
      const note = {
        to: known?.partner ?? 'desk',
        lease: input.lease,
        ...(known ? { request: known.request } : {}),
      } as const;
      if (!closed.ok) {
        const verdict = closed.details['verdict'];
        return noted(closed, {
          ...note,
          policy: verdict === 'deny' || verdict === 'needs_approval' ? verdict : 'not_applicable',
        });
      }
      return noted(
        {
          ok: true,
          lease: { id: closed.lease.id, partner: closed.lease.partner, state: closed.lease.state },
          message: `Lease ${closed.lease.id} is closed; ${closed.lease.partner}'s frame is gone.`,
        },
        { ...note, policy: 'allow' },
      );
    },
  });
}

// open_lease: a time-boxed, purpose-scoped lease on one partner for one request. The partner's
// frame is mounted while the lease is pending; the call answers once its tools are discovered
// (active) or the lease has failed. execute_plan leases are the approved run's alone: the
// policy table denies them to every caller, and the denial is recorded.
import type { LeasePurpose, PartnerName } from '@warrant/broker';
import { refusal } from '@warrant/surface';
import type { DeskRuntime } from '../desk-runtime.ts';
import { openRequests } from '../../domain/queries.ts';
import { openLeaseSchema } from '../../domain/schemas.ts';
import { heldElsewhereRefusal } from './held-check.ts';
import { noted } from './verb-note.ts';
import { verbRow, type VerbRowNeeds } from './verb-row.ts';
import { PARTNER_DIRECTORY } from '../../partners.ts';

export interface OpenLeaseInput {
  readonly partner: PartnerName;
  readonly purpose: LeasePurpose;
  readonly ttl: number;
  readonly request: string;
}

/** What the openLease verb takes of the desk's runtime: no more than it uses. */
export type OpenLeaseNeeds = VerbRowNeeds &
  Pick<DeskRuntime, 'broker' | 'heldElsewhere' | 'reserve' | 'settled' | 'state'>;

export function openLeaseRow(desk: OpenLeaseNeeds) {
  return verbRow<OpenLeaseInput>(desk, {
    name: 'open_lease',
    title: 'Open a lease on a partner',
    description:
      `Open a time-boxed lease on one partner site (${PARTNER_DIRECTORY.names.join(', ')}) for one open request. Purpose read_capacity lets find_capacity read that partner; ` +
      "execute_plan leases are opened only by an approved plan's run, so asking for one is refused by policy. ttl: 10-300 seconds. The partner's own page is mounted in a frame while the lease lives. " +
      'Returns { ok, lease: { id, partner, purpose, state: "active", expires_at }, tools: [the tools the lease covers] } once the partner is reached. In order while a request is open.',
    annotations: { readOnlyHint: false },
    inputSchema: (state) => openLeaseSchema(state),
    async run(input, call) {
      if (!openRequests(desk.state.value).some((request) => request.id === input.request)) {
        return noted(
          refusal('REQUEST_NOT_OPEN', `${input.request} is not an open request. No lease was opened.`, {
            request: input.request,
          }),
          { policy: 'not_applicable', to: input.partner },
        );
      }
      const held = heldElsewhereRefusal(desk, input.request);
      if (held) return noted(held, { policy: 'not_applicable', to: input.partner, request: input.request });
      const number = await desk.reserve('lease');
      if (!number.ok) return noted(number, { policy: 'not_applicable', to: input.partner, request: input.request });
      const opened = desk.broker.openLease(
        { partner: input.partner, purpose: input.purpose, ttlSeconds: input.ttl, request: input.request },
        call,
      );
      if (!opened.ok) {
        const verdict = opened.details['verdict'];
        return noted(opened, {
          policy: verdict === 'deny' || verdict === 'needs_approval' ? verdict : 'not_applicable',
          to: input.partner,
          request: input.request,
        });
      }
      const lease = await desk.settled(opened.lease.id, call.signal);
      const note = { policy: 'allow', to: input.partner, request: input.request, lease: opened.lease.id } as const;
      if (lease?.state !== 'active') {
        const state = lease?.state ?? 'unknown';
        return noted(
          refusal(
            state === 'pending' ? 'CALL_ABORTED' : 'LEASE_NOT_ACTIVE',
            `Lease ${opened.lease.id} on ${input.partner} is ${state}${lease?.endReason ? ` (${lease.endReason})` : ''}. Nothing was read.`,
            { lease: opened.lease.id, state },
          ),
          note,
        );
      }
      return noted(
        {
          ok: true,
          lease: {
            id: lease.id,
            partner: lease.partner,
            purpose: lease.purpose,
            state: lease.state,
            request: lease.request,
            expires_at: new Date(lease.expiresAt).toISOString(),
          },
          tools: [...PARTNER_DIRECTORY.scope(lease.partner, lease.purpose)],
          message: `Lease ${lease.id} on ${lease.partner} is active for ${lease.ttlSeconds} s. Its frame is mounted on the desk.`,
          next:
            lease.purpose === 'read_capacity'
              ? `Call find_capacity with request "${lease.request}".`
              : 'The run uses it.',
        },
        note,
      );
    },
  });
}

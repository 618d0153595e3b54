// The ledger row for each change of an approval: raised (the halt), granted, rejected, void or
// expired. `used` is the end of a run, which the run records itself.
import { hopDetail, type Approval, type Actor, type PolicyVerdict } from '@warrant/broker';
import type { LedgerEvent, Status } from '@warrant/ledger';
import type { DeskRow } from './desk-runtime.ts';

interface ApprovalRowShape {
  readonly event: LedgerEvent;
  readonly policy: PolicyVerdict;
  readonly status: Status;
}

const ROWS: Readonly<Partial<Record<Approval['status'], ApprovalRowShape>>> = {
  pending: { event: 'approval_raised', policy: 'needs_approval', status: 'halted' },
  approved: { event: 'approval_granted', policy: 'allow', status: 'ok' },
  rejected: { event: 'approval_rejected', policy: 'allow', status: 'ok' },
  void: { event: 'approval_void', policy: 'deny', status: 'refused' },
  expired: { event: 'approval_expired', policy: 'deny', status: 'refused' },
};

/** The row for `approval` having moved from `before` (undefined when just raised), or null. */
export function approvalRow(approval: Approval, before: Approval['status'] | undefined): (Omit<DeskRow, 'channel'> & { readonly actor: Actor }) | null {
  if (before === approval.status) return null;
  const shape = ROWS[approval.status];
  if (!shape) return null;
  const actor: Actor = approval.status === 'pending' ? approval.raisedBy : (approval.decidedBy ?? 'system');
  return {
    actor,
    event: shape.event,
    from: 'desk',
    to: 'desk',
    request: approval.request,
    plan: approval.plan,
    approval: approval.id,
    digest: approval.digest,
    policy: shape.policy,
    status: shape.status,
    detail: hopDetail({
      label: approval.label,
      ...(approval.status === 'pending' ? { expires_at: new Date(approval.expiresAt).toISOString() } : {}),
      ...(approval.reason ? { reason: approval.reason } : {}),
    }),
  };
}

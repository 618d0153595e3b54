// The ledger row for each change of an approval: raised (the halt), granted, rejected, void or
// expired. `used` is the end of a run, which the run records itself. Each row's verdict is the
// policy table's answer for the act that made the change, asked of the approval as it stood
// before it: raising is commit_plan, granting approve, rejecting reject, void and expired a lapse.
import {
  evaluatePolicy,
  hopDetail,
  type ActClass,
  type Approval,
  type Actor,
  type ApprovalState,
} from '@warrant/broker';
import type { LedgerEvent, Status } from '@warrant/base';
import type { DeskRow } from './desk-runtime.ts';

interface ApprovalRowShape {
  readonly event: LedgerEvent;
  readonly act: ActClass;
  /** The approval's state when the act was asked of the table. */
  readonly from: ApprovalState;
  readonly status: Status;
}

const ROWS: Readonly<Partial<Record<Approval['status'], ApprovalRowShape>>> = {
  pending: { event: 'approval_raised', act: 'commit_plan', from: 'none', status: 'halted' },
  approved: { event: 'approval_granted', act: 'approve', from: 'pending', status: 'ok' },
  rejected: { event: 'approval_rejected', act: 'reject', from: 'pending', status: 'ok' },
  void: { event: 'approval_void', act: 'approval_lapse', from: 'pending', status: 'refused' },
  expired: { event: 'approval_expired', act: 'approval_lapse', from: 'pending', status: 'refused' },
};

/** The row for `approval` having moved from `before` (undefined when just raised), or null. */
export function approvalRow(
  approval: Approval,
  before: Approval['status'] | undefined,
): (Omit<DeskRow, 'channel'> & { readonly actor: Actor }) | null {
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
    policy: evaluatePolicy({ actor, act: shape.act, purpose: 'none', approval: shape.from }).verdict,
    status: shape.status,
    detail: hopDetail({
      label: approval.label,
      ...(approval.status === 'pending' ? { expires_at: new Date(approval.expiresAt).toISOString() } : {}),
      ...(approval.reason ? { reason: approval.reason } : {}),
    }),
  };
}

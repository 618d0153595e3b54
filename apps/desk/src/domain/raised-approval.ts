// What the desk's server answers when it raises an approval (server/approval-raising.ts): the
// approval as the server holds it, built from the plan in the desk's own record, and the statement
// a dispatcher's passkey signs. The page keeps it as it is (desk-runtime.ts) and adds only who
// called commit_plan; it composes none of it.
import type { ApprovalStatement } from '@warrant/authority';
import type { Approval, PlanSubstance } from '@warrant/broker';

/** The approval's facts, as the server raised it: its id, plan, digest and times are the server's. */
export type RaisedApproval = Pick<
  Approval,
  'id' | 'plan' | 'request' | 'label' | 'digest' | 'canonical' | 'raisedAt' | 'expiresAt' | 'status'
>;

export interface ApprovalRaised {
  readonly approval: RaisedApproval;
  /** The WebAuthn challenge: the SHA-256 of the statement's canonical JSON. */
  readonly challenge: string;
  readonly statement: ApprovalStatement;
  /** The plan's substance as the server built it from its record, and its canonical JSON. */
  readonly substance: PlanSubstance;
  readonly canonical: string;
}

// What a dispatcher's passkey signs when they approve a card: the approval's statement (its id,
// the plan's digest, its expiry, this desk's origin), as canonical JSON, whose SHA-256 is the
// WebAuthn challenge. The card shows these bytes, and approving goes on only if the desk's server
// holds the approval under exactly this challenge: a person signs what they were shown.
import { approvalChallenge, canonicalJson, type ApprovalStatement } from '@warrant/authority';
import type { Approval } from '@warrant/broker';
import { SITES } from '@warrant/config';

export function cardStatement(approval: Pick<Approval, 'id' | 'digest' | 'expiresAt'>): {
  readonly statement: ApprovalStatement;
  readonly bytes: string;
  readonly challenge: string;
} {
  const statement: ApprovalStatement = {
    approval: approval.id,
    plan_digest: approval.digest,
    expires_at: new Date(approval.expiresAt).toISOString(),
    desk_origin: SITES.desk.origin,
  };
  return { statement, bytes: canonicalJson(statement), challenge: approvalChallenge(statement) };
}

// Asks the desk's server to hold an approval: it digests the plan's substance itself and keeps the
// statement a dispatcher's passkey signs. The page goes on only if the server holds it under the
// statement its card shows, so a person signs what they were shown. Approving on the card holds it
// first; so does offering the card's link for another device, which shows what the server holds.
import type { ApprovalStatement } from '@warrant/authority';
import { planSubstance, type Approval, type Plan } from '@warrant/broker';
import { refusal } from '@warrant/surface';
import { PARTNER_DIRECTORY } from '../partners.ts';
import { cardStatement } from './card-statement.ts';
import { askDeskServer, type ServerAnswer } from './desk-server.ts';

export async function holdApproval(
  approval: Approval,
  plan: Plan,
): Promise<ServerAnswer<{ challenge: string; statement: ApprovalStatement }>> {
  const held = await askDeskServer<{ challenge: string; statement: ApprovalStatement }>('/api/approvals', {
    id: approval.id,
    // The plan itself, which the desk's server runs once a person approves (server/approved-runs.ts).
    plan: approval.plan,
    substance: planSubstance(plan, PARTNER_DIRECTORY),
    expires_at: new Date(approval.expiresAt).toISOString(),
  });
  if (!held.ok) return held;
  if (held.statement.plan_digest !== approval.digest) {
    return refusal(
      'DIGEST_MISMATCH',
      "The desk's server digested a different plan from the one on this card. Nothing was approved.",
      { server: held.statement.plan_digest, card: approval.digest },
    );
  }
  // The passkey signs the challenge the server names; it must be the one over the statement the card shows.
  const shown = cardStatement(approval);
  if (held.challenge !== shown.challenge) {
    return refusal(
      'STATEMENT_MISMATCH',
      "The desk's server holds this approval under another statement than the one on this card. Nothing was approved.",
      { server: held.statement, card: shown.statement },
    );
  }
  return held;
}

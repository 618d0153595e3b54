// Finds the approval on this card at the desk's server, which raised it when commit_plan halted
// (server/approval-raising.ts) from the plan in the desk's own record. The page sends it nothing to
// hold: it asks for the approval under the challenge of the statement this card shows, and goes on
// only if the server holds exactly that one, pending, so a person signs what they were shown.
// Approving on the card looks first; so does offering the card's link for another device.
import type { ApprovalStatement } from '@warrant/authority';
import { canonicalJson } from '@warrant/authority';
import type { Approval } from '@warrant/broker';
import { refusal } from '@warrant/surface';
import { cardStatement } from './card-statement.ts';
import { askDesk, type ServerAnswer } from '../../api/ask-desk.ts';
import { DESK_API } from '../../api/desk-api.ts';

export async function heldApproval(
  approval: Approval,
): Promise<ServerAnswer<{ challenge: string; statement: ApprovalStatement }>> {
  const shown = cardStatement(approval);
  const held = await askDesk(DESK_API.approval, { params: { challenge: shown.challenge } });
  if (!held.ok)
    return held.code === 'APPROVAL_UNKNOWN'
      ? refusal(
          'STATEMENT_MISMATCH',
          "The desk's server holds no approval under the statement on this card. Nothing was approved.",
          { card: shown.statement },
        )
      : held;
  if (canonicalJson(held.statement) !== shown.bytes)
    return refusal(
      'STATEMENT_MISMATCH',
      "The desk's server holds this approval under another statement than the one on this card. Nothing was approved.",
      { server: held.statement, card: shown.statement },
    );
  if (held.status !== 'pending')
    return refusal(
      'APPROVAL_NOT_PENDING',
      `${approval.id} is ${held.status} at the desk's server, not waiting for a decision. Nothing was approved.`,
      { status: held.status },
    );
  return { ok: true, challenge: shown.challenge, statement: held.statement };
}

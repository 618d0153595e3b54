// A person's consent given on another device: they opened the card's link, read the plan as the
// desk's server holds it, and approved there with their passkey (server/approval-page.ts). The
// desk's server decided the approval then; this page learns it from the server, never from the
// other device. The run is the server's from the grant (server/approved-runs.ts): as after a
// passkey on this page, no step authorization comes here.
import { refusal } from '@warrant/surface';
import { cardStatement } from './card-statement.ts';
import { askDesk } from '../../api/ask-desk.ts';
import { DESK_API } from '../../api/desk-api.ts';
import type { Consent } from './passkey-consent.ts';
import type { Approval } from '@warrant/broker';

/** How the desk's server says `approval` stands. */
export function decisionOf(approval: Approval) {
  return askDesk(DESK_API.approval, { params: { challenge: cardStatement(approval).challenge } });
}

export async function consentGivenElsewhere(approval: Approval): Promise<Consent> {
  const { challenge } = cardStatement(approval);
  const decision = await decisionOf(approval);
  if (!decision.ok) return decision;
  if (decision.status !== 'granted' || decision.decided_by === null)
    return refusal('APPROVAL_NOT_GRANTED', `${approval.id} is ${decision.status} at the desk's server. Nothing ran.`, {
      status: decision.status,
    });
  return { ok: true, dispatcher: decision.decided_by, challenge, authorizations: [] };
}

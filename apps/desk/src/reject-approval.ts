// How the desk's page asks the desk's server to reject an approval: by its challenge, through the
// server's reject route (server/approvals.ts). The page records a person's rejection only once
// the server has decided it, so no grant (on the card or another device) can take it afterwards.
import type { Approval } from '@warrant/broker';
import { cardStatement } from './consent/card-statement.ts';
import { askDeskServer } from './consent/desk-server.ts';

/** The reject route of `approval`, on the desk's server. */
export const approvalRejectPath = (approval: Pick<Approval, 'id' | 'digest' | 'expiresAt'>): string =>
  `/api/approvals/${encodeURIComponent(cardStatement(approval).challenge)}/reject`;

export const rejectApprovalAtTheServer = (approval: Approval) => askDeskServer(approvalRejectPath(approval), {});

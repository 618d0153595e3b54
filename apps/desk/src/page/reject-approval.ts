// How the desk's page asks the desk's server to reject an approval: by its challenge, through the
// server's reject route (server/approvals.ts). The page records a person's rejection only once
// the server has decided it, so no grant (on the card or another device) can take it afterwards.
import type { Approval } from '@warrant/broker';
import { cardStatement } from './consent/card-statement.ts';
import { askDesk, type AskDesk } from '../api/ask-desk.ts';
import { DESK_API } from '../api/desk-api.ts';

/** Asks the desk's server (this page's, or `ask`) to reject `approval`, by the challenge of its card. */
export const rejectApprovalAtTheServer = (
  approval: Pick<Approval, 'id' | 'digest' | 'expiresAt'>,
  ask: AskDesk = askDesk,
) => ask(DESK_API.reject, { params: { challenge: cardStatement(approval).challenge } });

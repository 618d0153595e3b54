// How commit_plan's page asks the desk's server to raise an approval: by the plan's id alone. The
// server finds the plan in the desk's own record and builds everything a passkey signs
// (server/approval-raising.ts); the page composes none of it.
import { askDesk } from '../api/ask-desk.ts';
import { DESK_API } from '../api/desk-api.ts';

export const raiseApprovalAtTheServer = (plan: string) => askDesk(DESK_API.raiseApproval, { body: { plan } });

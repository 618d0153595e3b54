// How commit_plan's page asks the desk's server to raise an approval: by the plan's id alone. The
// server finds the plan in the desk's own record and builds everything a passkey signs
// (server/approval-raising.ts); the page composes none of it.
import { askDeskServer } from './consent/desk-server.ts';
import type { ApprovalRaised } from './domain/raised-approval.ts';

export const raiseApprovalAtTheServer = (plan: string) => askDeskServer<ApprovalRaised>('/api/approvals', { plan });

// The policy table (shared/spec/desk.md, "Policy"): (actor, act class, lease purpose, approval
// state) → verdict. Data only; policy.ts reads it with one function. Each row names sets of
// values; every combination of the four must be matched by exactly one row (a test checks it),
// so a change of rule is an edit of a row and can neither leave a gap nor overlap another.
//
// `purpose` is the purpose of the lease the act is under, or `none` when there is no lease.
// `approval` is the state of the approval the act runs under, or `none`: `approved` holds only
// while the run that spent it is executing; `used` once that run has ended.

import { ACTORS, CALLERS, POLICY_VERDICTS, type Actor, type PolicyVerdict } from '@warrant/base';

// The actors and verdicts are the record's own vocabularies (@warrant/base); passed on so the
// table and its totality test read them from here.
export { ACTORS, POLICY_VERDICTS, type Actor, type PolicyVerdict };

export const ACT_CLASSES = [
  'intake_request',
  'open_read_lease',
  'open_execute_lease',
  'partner_read',
  'partner_write',
  /** A tool the catalogue does not name for the lease's partner. */
  'partner_unlisted',
  'draft_plan',
  'commit_plan',
  'approve',
  'reject',
  /** An approval ending undecided: its plan changed in substance (void), or no one decided it in time (expired). */
  'approval_lapse',
  /** Starting and ending the run of an approved plan (its leases and steps are acts of their own). */
  'run_plan',
  /** Asking a partner what it holds under one of a run's own idempotency keys, when a step's answer was lost. */
  'reconcile_step',
  'close_lease',
  'revoke_lease',
  'read_ledger',
  /** What the desk's machinery reports on its own: frames mounted and removed, tools discovered, a lease running out. */
  'lifecycle',
] as const;
export type ActClass = (typeof ACT_CLASSES)[number];

export const POLICY_PURPOSES = ['read_capacity', 'execute_plan', 'none'] as const;
export type PolicyPurpose = (typeof POLICY_PURPOSES)[number];

export const APPROVAL_STATES = ['none', 'pending', 'approved', 'used', 'rejected', 'void', 'expired'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export interface PolicyRule {
  readonly id: string;
  readonly act: ActClass;
  readonly actors: readonly Actor[];
  readonly purposes: readonly PolicyPurpose[];
  readonly approvals: readonly ApprovalState[];
  readonly verdict: PolicyVerdict;
  /** Said to the caller and written on the ledger: why this is the verdict. */
  readonly why: string;
}

const EVERYONE: readonly Actor[] = ACTORS;
const SYSTEM: readonly Actor[] = ['system'];
const ANY_PURPOSE: readonly PolicyPurpose[] = POLICY_PURPOSES;
const UNDER_A_LEASE: readonly PolicyPurpose[] = ['read_capacity', 'execute_plan'];
const NO_LEASE: readonly PolicyPurpose[] = ['none'];
const ANY_APPROVAL: readonly ApprovalState[] = APPROVAL_STATES;
const APPROVED: readonly ApprovalState[] = ['approved'];
const NOT_APPROVED: readonly ApprovalState[] = ['none', 'pending', 'used', 'rejected', 'void', 'expired'];
const PENDING: readonly ApprovalState[] = ['pending'];
const DECIDED_OR_NONE: readonly ApprovalState[] = ['none', 'approved', 'used', 'rejected', 'void', 'expired'];

export const POLICY_TABLE: readonly PolicyRule[] = [
  {
    id: 'intake.callers',
    act: 'intake_request',
    actors: CALLERS,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'allow',
    why: 'Anyone working the queue may add a request to it.',
  },
  {
    id: 'intake.system',
    act: 'intake_request',
    actors: SYSTEM,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: 'The desk takes requests from people and agents, never from its own machinery.',
  },
  {
    id: 'intake.leased',
    act: 'intake_request',
    actors: EVERYONE,
    purposes: UNDER_A_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'A request is taken into the queue, not under a lease.',
  },

  {
    id: 'read-lease.callers',
    act: 'open_read_lease',
    actors: CALLERS,
    purposes: ['read_capacity'],
    approvals: ANY_APPROVAL,
    verdict: 'allow',
    why: 'A person, an agent or the runner may open a read_capacity lease to look at a partner.',
  },
  {
    id: 'read-lease.system',
    act: 'open_read_lease',
    actors: SYSTEM,
    purposes: ['read_capacity'],
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: 'The desk opens read leases only when someone asks.',
  },
  {
    id: 'read-lease.other-purpose',
    act: 'open_read_lease',
    actors: EVERYONE,
    purposes: ['execute_plan', 'none'],
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'Opening a read lease is a read_capacity act.',
  },

  {
    id: 'execute-lease.run',
    act: 'open_execute_lease',
    actors: SYSTEM,
    purposes: ['execute_plan'],
    approvals: APPROVED,
    verdict: 'allow',
    why: "An approved plan's run opens the execute_plan leases its steps need.",
  },
  {
    id: 'execute-lease.unapproved',
    act: 'open_execute_lease',
    actors: SYSTEM,
    purposes: ['execute_plan'],
    approvals: NOT_APPROVED,
    verdict: 'needs_approval',
    why: 'An execute_plan lease is opened only for a plan a person has approved.',
  },
  {
    id: 'execute-lease.callers',
    act: 'open_execute_lease',
    actors: CALLERS,
    purposes: ['execute_plan'],
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: "Only an approved plan's run opens execute_plan leases; draft and commit a plan instead.",
  },
  {
    id: 'execute-lease.other-purpose',
    act: 'open_execute_lease',
    actors: EVERYONE,
    purposes: ['read_capacity', 'none'],
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'Opening an execute lease is an execute_plan act.',
  },

  {
    id: 'read.callers',
    act: 'partner_read',
    actors: CALLERS,
    purposes: ['read_capacity'],
    approvals: ANY_APPROVAL,
    verdict: 'allow',
    why: "A read_capacity lease covers the partner's reads.",
  },
  {
    id: 'read.system',
    act: 'partner_read',
    actors: SYSTEM,
    purposes: ['read_capacity'],
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: "The desk's machinery reads no partner data on its own account.",
  },
  {
    id: 'read.execute-lease',
    act: 'partner_read',
    actors: EVERYONE,
    purposes: ['execute_plan'],
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: "An execute_plan lease covers its plan's writes and their undos, not reads; open a read_capacity lease.",
  },
  {
    id: 'read.no-lease',
    act: 'partner_read',
    actors: EVERYONE,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: 'A partner is reached only under a lease.',
  },

  {
    id: 'write.read-lease',
    act: 'partner_write',
    actors: EVERYONE,
    purposes: ['read_capacity'],
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: 'A read_capacity lease covers no writes.',
  },
  {
    id: 'write.unapproved',
    act: 'partner_write',
    actors: EVERYONE,
    purposes: ['execute_plan', 'none'],
    approvals: NOT_APPROVED,
    verdict: 'needs_approval',
    why: 'A partner write runs only as a step of a plan a person approved: draft the plan and commit it.',
  },
  {
    id: 'write.run',
    act: 'partner_write',
    actors: SYSTEM,
    purposes: ['execute_plan'],
    approvals: APPROVED,
    verdict: 'allow',
    why: "The approved plan's run performs its steps under its execute_plan lease.",
  },
  {
    id: 'write.run-no-lease',
    act: 'partner_write',
    actors: SYSTEM,
    purposes: NO_LEASE,
    approvals: APPROVED,
    verdict: 'deny',
    why: 'Even an approved step is performed only under an execute_plan lease.',
  },
  {
    id: 'write.callers-approved',
    act: 'partner_write',
    actors: CALLERS,
    purposes: ['execute_plan', 'none'],
    approvals: APPROVED,
    verdict: 'deny',
    why: "An approved plan's steps are performed by the desk's run of it, by no one else.",
  },

  {
    id: 'unlisted',
    act: 'partner_unlisted',
    actors: EVERYONE,
    purposes: ANY_PURPOSE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: "The tool is not in the partner tool catalogue for this lease's partner.",
  },

  {
    id: 'draft.callers',
    act: 'draft_plan',
    actors: CALLERS,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'allow',
    why: 'Anyone working a request may draft a plan for it; drafting changes nothing at a partner.',
  },
  {
    id: 'draft.system',
    act: 'draft_plan',
    actors: SYSTEM,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: 'The desk drafts no plans of its own.',
  },
  {
    id: 'draft.leased',
    act: 'draft_plan',
    actors: EVERYONE,
    purposes: UNDER_A_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'A plan is drafted at the desk, not under a lease.',
  },

  {
    id: 'commit.callers',
    act: 'commit_plan',
    actors: CALLERS,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'needs_approval',
    why: 'Committing a plan raises a human approval and runs nothing.',
  },
  {
    id: 'commit.system',
    act: 'commit_plan',
    actors: SYSTEM,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: 'The desk commits no plans of its own.',
  },
  {
    id: 'commit.leased',
    act: 'commit_plan',
    actors: EVERYONE,
    purposes: UNDER_A_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'A plan is committed at the desk, not under a lease.',
  },

  {
    id: 'approve.human',
    act: 'approve',
    actors: ['human'],
    purposes: NO_LEASE,
    approvals: PENDING,
    verdict: 'allow',
    why: 'A person may approve a pending approval.',
  },
  {
    id: 'approve.decided',
    act: 'approve',
    actors: ['human'],
    purposes: NO_LEASE,
    approvals: DECIDED_OR_NONE,
    verdict: 'deny',
    why: 'Only a pending approval can be approved; an approval is decided once.',
  },
  {
    id: 'approve.others',
    act: 'approve',
    actors: ['agent', 'runner', 'system'],
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: 'Only a person approves.',
  },
  {
    id: 'approve.leased',
    act: 'approve',
    actors: EVERYONE,
    purposes: UNDER_A_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'An approval is decided at the desk, not under a lease.',
  },

  {
    id: 'reject.human',
    act: 'reject',
    actors: ['human'],
    purposes: NO_LEASE,
    approvals: PENDING,
    verdict: 'allow',
    why: 'A person may reject a pending approval.',
  },
  {
    id: 'reject.decided',
    act: 'reject',
    actors: ['human'],
    purposes: NO_LEASE,
    approvals: DECIDED_OR_NONE,
    verdict: 'deny',
    why: 'Only a pending approval can be rejected; an approval is decided once.',
  },
  {
    id: 'reject.others',
    act: 'reject',
    actors: ['agent', 'runner', 'system'],
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: 'Only a person decides an approval.',
  },
  {
    id: 'reject.leased',
    act: 'reject',
    actors: EVERYONE,
    purposes: UNDER_A_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'An approval is decided at the desk, not under a lease.',
  },

  {
    id: 'lapse.system',
    act: 'approval_lapse',
    actors: SYSTEM,
    purposes: NO_LEASE,
    approvals: PENDING,
    verdict: 'deny',
    why: 'An approval whose plan changed in substance, or that no one decided in time, authorises nothing.',
  },
  {
    id: 'lapse.decided',
    act: 'approval_lapse',
    actors: SYSTEM,
    purposes: NO_LEASE,
    approvals: DECIDED_OR_NONE,
    verdict: 'not_applicable',
    why: 'Only a pending approval can lapse; a decided one stays as it was decided.',
  },
  {
    id: 'lapse.callers',
    act: 'approval_lapse',
    actors: CALLERS,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: "An approval lapses by the desk's rules (a changed plan, time running out), not by anyone's say.",
  },
  {
    id: 'lapse.leased',
    act: 'approval_lapse',
    actors: EVERYONE,
    purposes: UNDER_A_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'An approval lapses at the desk, not under a lease.',
  },

  {
    id: 'run.approved',
    act: 'run_plan',
    actors: SYSTEM,
    purposes: NO_LEASE,
    approvals: APPROVED,
    verdict: 'allow',
    why: 'The desk runs a plan once a person has approved it.',
  },
  {
    id: 'run.unapproved',
    act: 'run_plan',
    actors: SYSTEM,
    purposes: NO_LEASE,
    approvals: NOT_APPROVED,
    verdict: 'needs_approval',
    why: 'A plan runs only once a person has approved it.',
  },
  {
    id: 'run.callers',
    act: 'run_plan',
    actors: CALLERS,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: "An approved plan is run by the desk's run of it, by no one else.",
  },
  {
    id: 'run.leased',
    act: 'run_plan',
    actors: EVERYONE,
    purposes: UNDER_A_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'A run starts and ends at the desk; its steps are the acts under leases.',
  },

  {
    id: 'reconcile.run',
    act: 'reconcile_step',
    actors: SYSTEM,
    purposes: ['execute_plan'],
    approvals: APPROVED,
    verdict: 'allow',
    why: "The run may ask a partner what it holds under one of its own steps' keys, when a step's answer was lost.",
  },
  {
    id: 'reconcile.unapproved',
    act: 'reconcile_step',
    actors: SYSTEM,
    purposes: ['execute_plan'],
    approvals: NOT_APPROVED,
    verdict: 'deny',
    why: 'Only the run of an approved plan asks after its own steps.',
  },
  {
    id: 'reconcile.other-purpose',
    act: 'reconcile_step',
    actors: SYSTEM,
    purposes: ['read_capacity', 'none'],
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: "A step is asked after under the run's execute_plan lease.",
  },
  {
    id: 'reconcile.callers',
    act: 'reconcile_step',
    actors: CALLERS,
    purposes: ANY_PURPOSE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: "Asking after a run's steps is the run's own act.",
  },

  {
    id: 'close.read-lease',
    act: 'close_lease',
    actors: EVERYONE,
    purposes: ['read_capacity'],
    approvals: ANY_APPROVAL,
    verdict: 'allow',
    why: 'Anyone may close a read lease: closing only takes authority away.',
  },
  {
    id: 'close.execute-lease',
    act: 'close_lease',
    actors: ['human', 'system'],
    purposes: ['execute_plan'],
    approvals: ANY_APPROVAL,
    verdict: 'allow',
    why: 'A person, or the run that opened it, may close an execute_plan lease.',
  },
  {
    id: 'close.execute-lease-others',
    act: 'close_lease',
    actors: ['agent', 'runner'],
    purposes: ['execute_plan'],
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: "An approved plan's execute_plan lease is closed by its run or by a person.",
  },
  {
    id: 'close.no-lease',
    act: 'close_lease',
    actors: EVERYONE,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'There is no lease to close.',
  },

  {
    id: 'revoke.human',
    act: 'revoke_lease',
    actors: ['human'],
    purposes: UNDER_A_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'allow',
    why: 'A person may revoke any lease.',
  },
  {
    id: 'revoke.others',
    act: 'revoke_lease',
    actors: ['agent', 'runner', 'system'],
    purposes: UNDER_A_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'deny',
    why: "Revocation is a person's act; close the lease instead.",
  },
  {
    id: 'revoke.no-lease',
    act: 'revoke_lease',
    actors: EVERYONE,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'There is no lease to revoke.',
  },

  {
    id: 'ledger.read',
    act: 'read_ledger',
    actors: EVERYONE,
    purposes: NO_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'allow',
    why: 'The record is open to everyone at the desk.',
  },
  {
    id: 'ledger.leased',
    act: 'read_ledger',
    actors: EVERYONE,
    purposes: UNDER_A_LEASE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'The ledger is read at the desk, not under a lease.',
  },

  {
    id: 'lifecycle',
    act: 'lifecycle',
    actors: EVERYONE,
    purposes: ANY_PURPOSE,
    approvals: ANY_APPROVAL,
    verdict: 'not_applicable',
    why: 'Frames, discovery and time running out follow the lease; no policy question arises.',
  },
];

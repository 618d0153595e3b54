// The desk's API, declared once: every route its server serves, by name, with its method, path,
// query, body (type and JSON Schema) and answer (type). The server registers each route from here
// (server/serve-route.ts: the body is checked against the schema before the route runs, and the
// route is type-checked to answer what is declared); the page calls each through here
// (ask-desk.ts), never by a path of its own. The partners' servers and the browser tests call the
// same paths, so a path, a method or an answer changes here only with them.
import { browserDocument, events, get, post, postWith } from './route.ts';
import type * as Answers from './answers.ts';
import * as Inputs from './inputs.ts';
import { APPEND_BODY_LIMIT_BYTES, MAX_RECORDS_PER_APPEND } from './log-limits.ts';
import type { InclusionProofJson, ConsistencyProofJson, SignedTreeHead } from '@warrant/ledger';

export const DESK_API = {
  // ── Who is at the desk (server/dispatchers.ts) ──
  session: get<Answers.DeskSession>()('/api/session'),
  dispatchers: get<Answers.DispatcherList>()('/api/dispatchers'),
  enrolmentOptions: postWith<Answers.EnrolmentOptions, Inputs.EnrolmentAsked>()('/api/dispatchers/options', {
    schema: Inputs.ENROLMENT_ASKED_SCHEMA,
  }),
  enrol: postWith<Answers.SignedIn, Inputs.PasskeyAnswer>()('/api/dispatchers', {
    schema: Inputs.PASSKEY_ANSWER_SCHEMA,
  }),
  signInOptions: post<Answers.SignInOptions>()('/api/session/options'),
  signIn: postWith<Answers.SignedIn, Inputs.PasskeyAnswer>()('/api/session', { schema: Inputs.PASSKEY_ANSWER_SCHEMA }),
  signOut: post<Answers.Done>()('/api/session/end'),
  invitationOptions: postWith<Answers.ProposedAct, Inputs.InvitationAsked>()('/api/invitations/options', {
    schema: Inputs.INVITATION_ASKED_SCHEMA,
  }),
  invite: postWith<Answers.Invited, Inputs.PasskeyAnswer>()('/api/invitations', {
    schema: Inputs.ACT_CONFIRMED_SCHEMA,
  }),
  removalOptions: post<Answers.ProposedAct>()('/api/dispatchers/:id/remove/options'),
  remove: postWith<Answers.Removed, Inputs.PasskeyAnswer>()('/api/dispatchers/:id/remove', {
    schema: Inputs.ACT_CONFIRMED_SCHEMA,
  }),

  // ── Approvals (server/approval-raising.ts, server/approvals.ts, server/approval-page.ts) ──
  raiseApproval: postWith<Answers.Raised, Inputs.ApprovalAsked>()('/api/approvals', {
    schema: Inputs.APPROVAL_ASKED_SCHEMA,
    malformed: 'A plan id is P- and a number. Nothing was raised.',
    unexpected: {
      code: 'PLAN_BY_REFERENCE_ONLY',
      message:
        'An approval is asked for by naming a plan the desk\'s record holds ({ plan: "P-n" }); the desk builds the plan, the id and the expiry itself and takes none from a page. Nothing was raised.',
    },
  }),
  approval: get<Answers.ApprovalStanding>()('/api/approvals/:challenge'),
  approvalOptions: post<Answers.ApprovalOptions>()('/api/approvals/:challenge/options'),
  grant: postWith<Answers.Granted, Inputs.PasskeyAnswer>()('/api/approvals/:challenge/grant', {
    schema: Inputs.PASSKEY_ANSWER_SCHEMA,
  }),
  reject: post<Answers.Rejected>()('/api/approvals/:challenge/reject'),
  /** The approval's page for another device, and its link as a QR code. */
  approvalPage: browserDocument('/approve/:challenge'),
  approvalQr: browserDocument('/approve/:challenge/qr.svg'),

  // ── The desk's ids and its requests' holders (server/id-numbers.ts, server/request-holders.ts) ──
  reserveId: postWith<Answers.IdNumber, Inputs.IdAsked>()('/api/ids', {
    schema: Inputs.ID_ASKED_SCHEMA,
    malformed: `An id's number is asked for by kind (${Inputs.PAGE_ID_KINDS.join(', ')}; an approval is numbered by the desk's server as it raises it) and the least number the page would take (1 to ${Inputs.MAX_ID_NUMBER}).`,
  }),
  take: postWith<Answers.HoldingChanged, Inputs.TakeAsked>()('/api/requests/take', {
    schema: Inputs.TAKE_ASKED_SCHEMA,
    malformed: `A take names a request (R-n) and, to take over one another holds, a reason: plain text, 1 to ${Inputs.TAKE_OVER_REASON_MAX} characters, no control or invisible characters. Nothing was changed.`,
  }),
  release: postWith<Answers.HoldingChanged, Inputs.ReleaseAsked>()('/api/requests/release', {
    schema: Inputs.RELEASE_ASKED_SCHEMA,
    malformed: 'A release names a request (R-n). Nothing was changed.',
  }),

  // ── The desk's two records, ledger and state (server/desk-logs.ts) ──
  logEvents: events('/api/logs/events'),
  log: get<Answers.LogChanges>()('/api/logs/:log', ['epoch', 'seq']),
  append: postWith<Answers.LogAppended, Inputs.AppendAsked>()('/api/logs/:log/append', {
    schema: Inputs.APPEND_ASKED_SCHEMA,
    malformed: `An append names its writer (hex), the head its page had seen ({epoch, seq, hash}) and 1 to ${MAX_RECORDS_PER_APPEND} records. Nothing was recorded.`,
    // Larger than the site's rule: an append carries a batch of rows.
    maxBytes: APPEND_BODY_LIMIT_BYTES,
  }),

  // ── The ledger's signed heads and proofs (server/ledger-heads.ts, server/ledger-hold.ts) ──
  // These answer as a transparency log does: the head or the proof itself, with no `ok`.
  ledgerHead: get<SignedTreeHead>()('/api/ledger/head', ['size']),
  inclusionProof: get<InclusionProofJson>()('/api/ledger/proof/inclusion', ['seq', 'size']),
  consistencyProof: get<ConsistencyProofJson>()('/api/ledger/proof/consistency', ['from', 'to']),
  lookAtHolds: post<Answers.HoldsLookedAt>()('/api/ledger/holds/look'),

  // ── The partners, asked server to server (server/partner-records.ts) ──
  receiptKeys: get<Answers.ReceiptKeys>()('/api/partners/receipt-keys'),
  reconciliation: get<Answers.Reconciliation>()('/api/reconciliation'),
  partnerReach: get<Answers.PartnerReach>()('/api/partners/:partner/reach'),
  partnerWrite: get<Answers.HeldUnderKey>()('/api/partners/:partner/writes/:key'),

  // ── Starting the desk again, a person's act (server/reset.ts) ──
  resetOptions: postWith<Answers.ProposedAct, Inputs.NoFields>()('/api/reset/options', {
    schema: Inputs.ANY_OBJECT_SCHEMA,
  }),
  reset: postWith<Answers.NewBook, Inputs.PasskeyAnswer>()('/api/reset', { schema: Inputs.ACT_CONFIRMED_SCHEMA }),

  // ── The desk's public record, which partners read (server/desk-record.ts) ──
  deskRecord: get<Answers.DeskRecord>()('/.well-known/warrant-desk.json'),

  // ── Served only to the browser tests, to tamper with the database as an attacker would (server/ledger-tampering.ts) ──
  rewriteLedgerRow: postWith<Answers.RowRewritten, Inputs.RowRewrite>()('/api/test/rewrite-ledger-row', {
    schema: Inputs.ROW_REWRITE_SCHEMA,
    malformed: 'seq (a row) and detail (text) are needed.',
  }),
  deleteLastLedgerRows: postWith<Answers.RowsDeleted, Inputs.RowsDeletion>()('/api/test/delete-last-ledger-rows', {
    schema: Inputs.ROWS_DELETION_SCHEMA,
    malformed: 'count (1 to 1000 rows) is needed.',
  }),
} as const;

export type DeskApi = typeof DESK_API;

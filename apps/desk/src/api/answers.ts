// What the desk's server answers, route by route (desk-api.ts names which answers which). The
// server is type-checked to give exactly these (server/serve-route.ts), and the page reads them
// as they are declared here (ask-desk.ts); a refusal, the same on every route, is not repeated:
// `{ ok: false, isError: true, code, message, details }`.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { ApprovalStatement } from '@warrant/authority';
import type { PartnerName } from '@warrant/broker';
import type { LogEntry, LogHead } from '@warrant/ledger';
import type { IdKind } from '../domain/id-kinds.ts';
import type { ApprovalRaised } from '../domain/raised-approval.ts';

/** A dispatcher as the desk's server names one. */
export interface DispatcherNamed {
  readonly id: string;
  readonly name: string;
}

/** Who is signed in on this page, and how many dispatchers the desk has (none: the page says how the first one enrols). */
export interface DeskSession {
  readonly ok: true;
  readonly dispatcher: DispatcherNamed | null;
  readonly dispatchers: number;
}

export interface DispatcherList {
  readonly ok: true;
  readonly dispatchers: readonly DispatcherNamed[];
}

/** The passkey ceremony that makes a new dispatcher's passkey, for the name the link allows. */
export interface EnrolmentOptions {
  readonly ok: true;
  readonly options: PublicKeyCredentialCreationOptionsJSON;
  readonly name: string;
}

/** A passkey ceremony's options, for signing in. */
export interface SignInOptions {
  readonly ok: true;
  readonly options: PublicKeyCredentialRequestOptionsJSON;
}

/** Someone is now signed in (an enrolment signs its new dispatcher in too). */
export interface SignedIn {
  readonly ok: true;
  readonly dispatcher: DispatcherNamed;
}

export interface Done {
  readonly ok: true;
}

/**
 * A person's act (invite, remove, reset) held for the acting dispatcher's passkey: its statement,
 * and the ceremony over it (@warrant/people's proposeAct). Nothing is done yet.
 */
export interface ProposedAct {
  readonly ok: true;
  readonly statement: {
    readonly v: 1;
    readonly act: string;
    readonly site_origin: string;
    readonly by: string;
    readonly subject: string;
    readonly expires_at: string;
    readonly nonce: string;
  };
  readonly challenge: string;
  readonly options: {
    readonly challenge: string;
    readonly rpId: string;
    readonly userVerification: 'required';
    readonly timeout: number;
    readonly allowCredentials: readonly { readonly id: string; readonly type: 'public-key' }[];
  };
}

export interface Invited {
  readonly ok: true;
  readonly invitation: { readonly url: string; readonly name: string | null; readonly expires_at: string };
}

export interface Removed {
  readonly ok: true;
  /** The dispatcher removed. */
  readonly removed: string;
}

/** An approval the server raised for a plan of its own record. */
export type Raised = { readonly ok: true } & ApprovalRaised;

/** How the desk's server says an approval stands. */
export interface ApprovalStanding {
  readonly ok: true;
  /** Void: its plan was revised after it was raised, so it can no longer be granted. */
  readonly status: 'pending' | 'granted' | 'rejected' | 'void';
  readonly statement: ApprovalStatement;
  readonly decided_by: DispatcherNamed | null;
  /** The run of a granted approval, as the server carries it out. */
  readonly run: { readonly status: 'running' | 'done' | 'undone' | 'failed'; readonly problem: string | null } | null;
}

/** The ceremony over an approval's own challenge. */
export interface ApprovalOptions {
  readonly ok: true;
  readonly options: PublicKeyCredentialRequestOptionsJSON;
}

export interface Granted {
  readonly ok: true;
  readonly dispatcher: DispatcherNamed;
  /** The server runs the plan from the grant on. */
  readonly run: 'running';
}

export interface Rejected {
  readonly ok: true;
  /** The approval rejected. */
  readonly rejected: string;
}

export interface IdNumber {
  readonly ok: true;
  readonly kind: IdKind;
  readonly number: number;
}

/** A take, a take-over or a release, as the server decided and recorded it. */
export interface HoldingChanged {
  readonly ok: true;
  readonly request: string;
  readonly holder: DispatcherNamed | null;
  readonly act: 'taken' | 'taken_over' | 'released';
  readonly previous: DispatcherNamed | null;
}

/** One of the desk's records since a head the page had seen (or from its start, `restarted`). */
export interface LogChanges {
  readonly ok: true;
  readonly restarted: boolean;
  readonly entries: readonly LogEntry<unknown>[];
  readonly head: LogHead;
}

export interface LogAppended {
  readonly ok: true;
  readonly entries: readonly LogEntry<unknown>[];
  readonly head: LogHead;
  /** What others appended since the page's head, before its rows (an append `after_others`). */
  readonly missed?: readonly LogEntry<unknown>[];
}

export interface HoldsLookedAt {
  readonly ok: true;
  readonly looked: number;
  readonly by: DispatcherNamed;
}

export interface ReceiptKeys {
  readonly ok: true;
  /** Each partner's receipt key (base64), or null where it could not be learnt. */
  readonly keys: Readonly<Record<string, string | null>>;
}

export interface DeskOnlyReceipt {
  /** The ledger row that claims the receipt. */
  readonly seq: number;
  readonly receipt: string;
  readonly tool: string;
}

export interface PartnerOnlyReceipt {
  readonly receipt: string;
  readonly tool: string;
  readonly at: string;
}

/** The desk's ledger held against one partner's own record of what it wrote. */
export type PartnerReconciliation =
  | {
      readonly partner: PartnerName;
      readonly reachable: true;
      /** Receipts both sides hold. */
      readonly matched: number;
      /** Receipts either side holds. */
      readonly total: number;
      readonly desk_only: readonly DeskOnlyReceipt[];
      readonly partner_only: readonly PartnerOnlyReceipt[];
    }
  | { readonly partner: PartnerName; readonly reachable: false; readonly problem: string };

export interface Reconciliation {
  readonly ok: true;
  readonly partners: readonly PartnerReconciliation[];
}

/** Whether a partner's server answers now, asked by the desk's server. */
export type PartnerReach =
  | { readonly ok: true; readonly partner: PartnerName; readonly reachable: true }
  | { readonly ok: true; readonly partner: PartnerName; readonly reachable: false; readonly problem: string };

/** What a partner holds under one idempotency key, as the partner's server answered the desk's. */
export interface HeldUnderKey {
  readonly ok: true;
  readonly found: boolean;
  readonly write?: { readonly result: unknown; readonly receipt: unknown };
}

export interface NewBook {
  readonly ok: true;
  readonly book: number;
}

/** The desk's public record: its origin, rpId and key, and its dispatchers' list, signed by the desk. */
export interface DeskRecord {
  readonly origin: string;
  readonly rp_id: string;
  readonly key: string;
  readonly dispatchers: {
    readonly list: {
      readonly desk_origin: string;
      readonly issued_at: string;
      readonly dispatchers: readonly {
        readonly id: string;
        readonly name: string;
        readonly credentials: readonly { readonly id: string; readonly public_key: string }[];
      }[];
    };
    readonly signature: string;
  };
}

/** For the browser tests' tampering routes: the row rewritten. */
export interface RowRewritten {
  readonly ok: true;
  readonly seq: number;
}

export interface RowsDeleted {
  readonly ok: true;
  readonly deleted: number;
}

// What the desk's routes take in a body: each body's type, for the page that sends it, and its JSON
// Schema, which the server checks it against before the route runs (server/serve-route.ts). A field
// a route judges itself with a refusal of its own (a person's name: NAME_INVALID; a link: the
// enrolment's own refusals) is left open here, so a caller still hears that refusal.
import { freeTextSchema } from '@warrant/base';
import type { LogHead } from '@warrant/ledger';
import { ID_KINDS, type IdKind } from '../domain/id-kinds.ts';
import { MAX_RECORDS_PER_APPEND } from './log-limits.ts';

/** The largest id number of any kind (R-9999999). */
export const MAX_ID_NUMBER = 9_999_999;
/** The kinds a page numbers: every kind but the approval, which the server numbers as it raises one. */
export const PAGE_ID_KINDS: readonly IdKind[] = ID_KINDS.filter((kind) => kind !== 'approval');
/** The longest reason for taking over a request another dispatcher holds. */
export const TAKE_OVER_REASON_MAX = 300;

const REQUEST_ID = '^R-[1-9][0-9]{0,6}$';
const PLAN_ID = '^P-[1-9][0-9]{0,6}$';
const WRITER = '^[0-9a-f]{8,64}$';

const SAFE_INTEGER = { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } as const;

/** A passkey's answer (a registration's or an assertion's) to a ceremony the server started. */
export interface PasskeyAnswer {
  readonly response: object;
}
/** @warrant/people checks the answer itself; here, only that there is one. */
export const PASSKEY_ANSWER_SCHEMA = {
  type: 'object',
  properties: { response: { type: 'object' } },
  required: ['response'],
} as const;
/** For a person's act (invite, remove, reset): its confirmation judges the answer, whatever came (refused as that act's). */
export const ACT_CONFIRMED_SCHEMA = { type: 'object', properties: { response: {} } } as const;

/** Any JSON object: for a route that reads its body's fields itself, or none of them. */
export const ANY_OBJECT_SCHEMA = { type: 'object' } as const;

export interface EnrolmentAsked {
  /** The one-time link's code (setup or invitation). */
  readonly link: string | null;
  readonly name: string;
}
export const ENROLMENT_ASKED_SCHEMA = { type: 'object', properties: { link: {}, name: {} } } as const;

export interface InvitationAsked {
  /** Whom the invitation is for. */
  readonly name: string;
}
export const INVITATION_ASKED_SCHEMA = { type: 'object', properties: { name: {} } } as const;

/** A body of no fields (a page sends `{}`). */
export type NoFields = Readonly<Record<string, never>>;

export interface ApprovalAsked {
  /** The plan (P-n) in the desk's own record; the server builds the rest. */
  readonly plan: string;
}
export const APPROVAL_ASKED_SCHEMA = {
  type: 'object',
  properties: { plan: { type: 'string', pattern: PLAN_ID } },
  required: ['plan'],
  additionalProperties: false,
} as const;

export interface IdAsked {
  readonly kind: IdKind;
  /** The least number the page would take (one past the highest its record holds). */
  readonly at_least: number;
}
export const ID_ASKED_SCHEMA = {
  type: 'object',
  properties: {
    kind: { enum: PAGE_ID_KINDS },
    at_least: { type: 'integer', minimum: 1, maximum: MAX_ID_NUMBER },
  },
  required: ['kind', 'at_least'],
} as const;

export interface TakeAsked {
  readonly request: string;
  /** To take over a request another dispatcher holds: why (recorded). */
  readonly reason?: string;
}
export const TAKE_ASKED_SCHEMA = {
  type: 'object',
  properties: {
    request: { type: 'string', pattern: REQUEST_ID },
    reason: freeTextSchema({ maxLength: TAKE_OVER_REASON_MAX, description: 'Why the request is taken over.' }),
  },
  required: ['request'],
} as const;

export interface ReleaseAsked {
  readonly request: string;
}
export const RELEASE_ASKED_SCHEMA = {
  type: 'object',
  // A release gives no reason: a reason is for taking over.
  properties: { request: { type: 'string', pattern: REQUEST_ID }, reason: { not: {} } },
  required: ['request'],
} as const;

export interface AppendAsked {
  /** The page appending (hex), one per page. */
  readonly writer: string;
  /** The head of the record the page had seen. */
  readonly basis: LogHead;
  readonly records: readonly unknown[];
  /** For the ledger: append after what others wrote since `basis`, rather than be refused. */
  readonly after_others?: boolean;
}
export const APPEND_ASKED_SCHEMA = {
  type: 'object',
  properties: {
    writer: { type: 'string', pattern: WRITER },
    basis: {
      type: 'object',
      properties: { epoch: SAFE_INTEGER, seq: SAFE_INTEGER, hash: { type: 'string' } },
      required: ['epoch', 'seq', 'hash'],
    },
    records: { type: 'array', minItems: 1, maxItems: MAX_RECORDS_PER_APPEND },
    after_others: { type: 'boolean' },
  },
  required: ['writer', 'basis', 'records'],
} as const;

export interface RowRewrite {
  readonly seq: number;
  readonly detail: string;
}
export const ROW_REWRITE_SCHEMA = {
  type: 'object',
  properties: { seq: SAFE_INTEGER, detail: { type: 'string', maxLength: 500 } },
  required: ['seq', 'detail'],
} as const;

export interface RowsDeletion {
  readonly count: number;
}
export const ROWS_DELETION_SCHEMA = {
  type: 'object',
  properties: { count: { type: 'integer', minimum: 1, maximum: 1000 } },
  required: ['count'],
} as const;

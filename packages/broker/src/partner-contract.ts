// The contract every partner tool keeps with the desk, beyond its own schema. The partner sites
// implement it; the desk relies on it (receipts on the ledger, undo through the compensation
// map). Data and types only.
//
// Every write:
// - takes `request` (the desk's request id) and `idempotency_key`, with the schemas below; a
//   repeated key returns the first answer, unchanged, with `replayed: true`, and changes nothing;
// - checks its execution signal immediately before it commits, and commits nothing once aborted;
// - answers `{ ok: true, result, receipt }` (PartnerWriteSuccess) or a refusal
//   `{ ok: false, isError: true, code, message, details }`;
// - puts in `result` the fields its compensation (the manifest's `compensations`, see
//   partner-manifest.ts) reads from there: typically the id its undo takes as an argument;
// - keeps, in its own storage, an append-only log of the receipts it issued.
//
// receipt.digest = SHA-256 hex of the RFC 8785 canonical JSON of { tool, args, result }, where
// `args` is the input the tool received (request and idempotency_key included) and `result` the
// `result` member of the answer (receipt.ts computes it; both sides use that function).
//
// Every read answers `{ ok: true, …, reading }` from the partner's server, `reading` (PartnerReading)
// being the partner's signed statement of what it answered and when: a read is then a fact the
// desk can record and show later, never what a page says a partner said. reading.digest is the
// same digest a receipt's is, over { tool, args, result } with `result` the answer without
// `reading` (reading.ts computes and checks it).
//
// Every read that returns text written by people registers with untrustedContentHint (the
// manifest's `untrusted`). Tools register with `exposedTo: [desk origin]` where the
// runtime is native; the polyfill refuses exposedTo.
import { AUTHORIZATION_FIELD, AUTHORIZATION_MAX_LENGTH } from '@warrant/authority';

/**
 * Codes a partner's page answers a write with when it does not know what its own server did
 * (the server could not be reached; the call was cancelled while the server had it). Not a
 * refusal: the desk asks the partner by idempotency key what it holds.
 */
export const OUTCOME_UNKNOWN_CODES = ['PARTNER_UNREACHABLE', 'ABORTED'] as const;
export type OutcomeUnknownCode = (typeof OUTCOME_UNKNOWN_CODES)[number];

export interface PartnerReceipt {
  /** Unique at the partner; at most 64 characters of [A-Za-z0-9_.:-]. */
  readonly id: string;
  readonly tool: string;
  readonly request: string;
  /** 64 lowercase hex digits. */
  readonly digest: string;
  /**
   * base64 Ed25519 signature by the partner's receipt key (its manifest's receipt_key) over the
   * RFC 8785 JSON of { id, tool, request, digest }. A partner that publishes a key signs every receipt.
   */
  readonly signature?: string;
}

/** Where a read's answer carries the partner's signed statement of it. */
export const READING_FIELD = 'reading';

export interface PartnerReading {
  readonly tool: string;
  /** When the partner's server answered (ISO 8601). */
  readonly at: string;
  /** 64 lowercase hex digits: SHA-256 of the RFC 8785 JSON of { tool, args, result }. */
  readonly digest: string;
  /**
   * base64 Ed25519 signature by the partner's receipt key over the RFC 8785 JSON of
   * { kind: 'partner_read', tool, at, digest } (its `kind` keeps a reading from ever passing for
   * a receipt, whose statement has none).
   */
  readonly signature?: string;
}

export interface PartnerWriteSuccess {
  readonly ok: true;
  readonly result: { readonly [field: string]: unknown };
  readonly receipt: PartnerReceipt;
  /** Present and true when this answer repeats the first one for the same idempotency key. */
  readonly replayed?: boolean;
}

export const REQUEST_ID_PATTERN = '^[A-Za-z0-9_.:-]{1,64}$';
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_.:-]{1,128}$';
export const RECEIPT_ID_PATTERN = '^[A-Za-z0-9_.:-]{1,64}$';

/**
 * The properties every write's input schema declares: `request` and `idempotency_key` (required),
 * and `authorization`, the desk's step authorization. It is optional in the schema so that a call
 * without one reaches the partner's server and is refused there, by name (APPROVAL_REQUIRED), on
 * the partner's own record: the server is the check, not the schema.
 */
export const WRITE_CONTROL_SCHEMA = {
  request: {
    type: 'string',
    pattern: REQUEST_ID_PATTERN,
    maxLength: 64,
    description: "The desk's request id this write serves.",
  },
  idempotency_key: {
    type: 'string',
    pattern: IDEMPOTENCY_KEY_PATTERN,
    maxLength: 128,
    description: 'Repeat a call with the same key and the first answer comes back; nothing changes twice.',
  },
  [AUTHORIZATION_FIELD]: {
    type: 'string',
    pattern: '^[A-Za-z0-9_-]+$',
    maxLength: AUTHORIZATION_MAX_LENGTH,
    description:
      "The dispatch desk's step authorization for this exact write, issued when a dispatcher approves the plan with their passkey. Only the desk's approved run has one; without it the partner refuses the write.",
  },
} as const;

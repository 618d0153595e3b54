// A step authorization: the desk's signed word that one step of one approved plan may be written
// at one partner, carrying the person's own passkey assertion over the approval. It is the
// contract between the desk (which issues it) and each partner (which checks it on its own server
// before it writes), declared once, here.
//
// What the person signed is the approval's canonical bytes: RFC 8785 JSON of
// { approval, plan_digest, expires_at, desk_origin }. The WebAuthn challenge is their SHA-256, so
// a partner recomputes it from the approval and needs nothing from the desk's page to check that
// the person approved exactly this plan, here, until then.
import { sha256 } from '@noble/hashes/sha2.js';
import { canonicalDigest, canonicalJson } from './digest.ts';
import { signCanonical, verifyCanonicalAsync, type SigningKey } from './signature.ts';

/** What a dispatcher's passkey signs: the approval, bound to the plan's digest and the desk. */
export interface ApprovalStatement {
  readonly approval: string;
  readonly plan_digest: string;
  /** ISO 8601: the approval is void after this. */
  readonly expires_at: string;
  readonly desk_origin: string;
}

/** A WebAuthn assertion as the browser returned it (base64url fields, as @simplewebauthn sends them). */
export interface PasskeyAssertion {
  readonly id: string;
  readonly rawId: string;
  readonly type: 'public-key';
  readonly response: {
    readonly clientDataJSON: string;
    readonly authenticatorData: string;
    readonly signature: string;
    readonly userHandle?: string;
  };
  readonly clientExtensionResults: Record<string, unknown>;
  readonly authenticatorAttachment?: string;
}

/**
 * `step`: write step `step` (0-based) of the plan with exactly these arguments.
 * `undo`: undo that step's write, as the compensation map derives it from what the partner recorded.
 */
export type AuthorizationKind = 'step' | 'undo';

export interface StepGrant {
  readonly v: 1;
  readonly kind: AuthorizationKind;
  readonly approval: string;
  readonly plan_digest: string;
  readonly step: number;
  readonly partner_origin: string;
  readonly tool: string;
  /** canonicalDigest of the arguments without `authorization`; null for `undo` (derived by the partner). */
  readonly args_digest: string | null;
  readonly expires_at: string;
  /** The dispatcher whose passkey approved, by id; their credential is in the desk's signed list. */
  readonly dispatcher: string;
}

export interface StepAuthorization {
  readonly grant: StepGrant;
  /** base64 Ed25519 by the desk's key over the canonical JSON of `grant`. */
  readonly desk_signature: string;
  readonly statement: ApprovalStatement;
  readonly assertion: PasskeyAssertion;
}

/**
 * How long after its approval's expiry an undo grant may still be dated. A run cut off mid-way
 * (its page went away, the desk's server stopped) may be found only after the approval has
 * expired: its steps can no longer be written, but what was written must still be undoable. So
 * the desk may sign an undo grant, for a run that has not ended, dated up to this long after the
 * approval; a step grant is never dated past the approval it carries.
 */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The latest expiry a grant of `kind` may carry under an approval that expires at `approvalExpiresAt` (ISO). */
export function latestGrantExpiry(kind: AuthorizationKind, approvalExpiresAt: string): number {
  return Date.parse(approvalExpiresAt) + (kind === 'undo' ? UNDO_WINDOW_MS : 0);
}

/** The field a write carries its authorization in; never part of what the authorization digests. */
export const AUTHORIZATION_FIELD = 'authorization';
/** The encoded token's size bound (a passkey assertion is a few hundred bytes). */
export const AUTHORIZATION_MAX_LENGTH = 8192;

const base64url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const encoder = new TextEncoder();

/** The WebAuthn challenge for an approval: base64url of SHA-256 of its canonical bytes. */
export function approvalChallenge(statement: ApprovalStatement): string {
  return base64url(sha256(encoder.encode(canonicalJson(statement))));
}

/** The digest an authorization binds: the write's arguments, less the authorization itself. */
export function authorizedArgsDigest(args: Readonly<Record<string, unknown>>): string {
  const { [AUTHORIZATION_FIELD]: _authorization, ...rest } = args;
  return canonicalDigest(rest);
}

export function issueStepAuthorization(
  key: SigningKey,
  grant: StepGrant,
  statement: ApprovalStatement,
  assertion: PasskeyAssertion,
): string {
  const authorization: StepAuthorization = { grant, desk_signature: signCanonical(key, grant), statement, assertion };
  return base64url(encoder.encode(JSON.stringify(authorization)));
}

export type DecodedAuthorization =
  { readonly ok: true; readonly authorization: StepAuthorization } | { readonly ok: false; readonly reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a token; says why when it is not one. Checks shape only: signatures are the verifier's. */
export function decodeStepAuthorization(token: unknown): DecodedAuthorization {
  if (typeof token !== 'string' || token.length === 0) return { ok: false, reason: 'no authorization was given' };
  if (token.length > AUTHORIZATION_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token))
    return { ok: false, reason: 'the authorization is not a token the desk issues' };
  let value: unknown;
  try {
    const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (token.length % 4)) % 4));
    value = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
  } catch {
    return { ok: false, reason: 'the authorization does not decode' };
  }
  if (
    !isRecord(value) ||
    !isRecord(value['grant']) ||
    !isRecord(value['statement']) ||
    !isRecord(value['assertion']) ||
    typeof value['desk_signature'] !== 'string'
  ) {
    return { ok: false, reason: 'the authorization is missing its grant, statement, assertion or signature' };
  }
  const grant = value['grant'];
  const fine =
    grant['v'] === 1 &&
    (grant['kind'] === 'step' || grant['kind'] === 'undo') &&
    typeof grant['approval'] === 'string' &&
    typeof grant['plan_digest'] === 'string' &&
    Number.isInteger(grant['step']) &&
    typeof grant['partner_origin'] === 'string' &&
    typeof grant['tool'] === 'string' &&
    (typeof grant['args_digest'] === 'string' || grant['args_digest'] === null) &&
    typeof grant['expires_at'] === 'string' &&
    typeof grant['dispatcher'] === 'string';
  if (!fine) return { ok: false, reason: 'the authorization grant is not in the form the desk issues' };
  return { ok: true, authorization: value as unknown as StepAuthorization };
}

/** Whether the desk's signature over the grant is good under the desk key the checker trusts. */
export function deskSignatureValid(authorization: StepAuthorization, trustedDeskKey: string): Promise<boolean> {
  return verifyCanonicalAsync(trustedDeskKey, authorization.grant, authorization.desk_signature);
}

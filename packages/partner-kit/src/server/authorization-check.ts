// The partner's own check of the desk's step authorization, on its server, before it writes.
// The partner bears the consequence of a write, so it decides, from things an agent holding the
// browser cannot produce: the desk's signature (under the desk key it trusts), the dispatcher's
// passkey assertion over this very approval (against the credential in the desk's signed list of
// dispatchers, fetched fresh, so a removed dispatcher's approvals stop at once), the step, tool and
// exact arguments, the expiry, and single use per plan step, recorded in its own database.
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import {
  approvalChallenge,
  authorizedArgsDigest,
  AUTHORIZATION_FIELD,
  decodeStepAuthorization,
  deskSignatureValid,
  latestGrantExpiry,
  STEP_AUTHORIZATION_CLOCK_SLACK_MS,
  STEP_AUTHORIZATION_TTL_MS,
  verifyCanonicalAsync,
  type StepAuthorization,
} from '@warrant/authority';
import { compensationFor, type Compensation } from '@warrant/broker';
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { Queryable } from '@warrant/site-server';
import type { DeskApproval, JsonObject } from '../log-entry.ts';
import type { ServedWrite } from '../partner-state.ts';

/** The desk's public record, as it serves it at /.well-known/warrant-desk.json. */
export interface DeskRecord {
  readonly origin: string;
  readonly rp_id: string;
  /** base64 raw Ed25519 public key. */
  readonly key: string;
  readonly dispatchers: { readonly list: DispatcherList; readonly signature: string };
}

export interface DispatcherList {
  readonly desk_origin: string;
  readonly issued_at: string;
  readonly dispatchers: readonly {
    readonly id: string;
    readonly name: string;
    readonly credentials: readonly { readonly id: string; readonly public_key: string }[];
  }[];
}

export interface AuthorizationCheck {
  readonly tool: string;
  readonly args: JsonObject;
  /** This partner's origin: an authorization for another partner is not for here. */
  readonly origin: string;
  /** This partner's undo of each of its writes (its manifest's compensations): an undo authorization is for exactly that undo. */
  readonly compensations: Readonly<Record<string, Compensation>>;
  readonly now: Date;
  /** The desk as this partner knows it now, or why it cannot be reached. */
  readonly desk: () => Promise<
    | { readonly ok: true; readonly record: DeskRecord; readonly trustedKey: string }
    | { readonly ok: false; readonly reason: string }
  >;
  /** The transaction the write runs in: single use is read here and recorded with the write. */
  readonly tx: Queryable;
  /** The site's current book, where the write would go (single use holds across every book). */
  readonly book: number;
  /** The write recorded under (plan digest, step), for an undo. */
  readonly stepWrite: (planDigest: string, approval: string, step: number) => ServedWrite | undefined;
}

const fromBase64url = (text: string): Uint8Array =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)), (char) =>
    char.charCodeAt(0),
  );

const invalid = (reason: string, details: Record<string, unknown> = {}): ToolRefusal =>
  refusal('AUTHORIZATION_INVALID', `This write's authorization was refused: ${reason}. Nothing was changed.`, {
    reason,
    ...details,
  });

/** Where an authorization's single use is kept. */
// A dispatcher list whose signature verified, and the key it verified under. The desk's record is
// asked for on every write, and while the desk's list is unchanged (304) the record is the very
// object held from its last answer: its signature need not be checked again under the same key.
// A changed list arrives as a new object, and is checked.
const LISTS_VERIFIED = new WeakMap<object, string>();

async function dispatcherListSigned(record: DeskRecord, trustedKey: string): Promise<boolean> {
  if (LISTS_VERIFIED.get(record.dispatchers) === trustedKey) return true;
  const signed = await verifyCanonicalAsync(trustedKey, record.dispatchers.list, record.dispatchers.signature);
  if (signed) LISTS_VERIFIED.set(record.dispatchers, trustedKey);
  return signed;
}

/**
 * Why this step of this approval may not be used here, or null. Single use is per approval
 * (`challenge`), step and kind, in any book (a reset never frees an approval's own use). A new
 * approval of the same plan — "Try again" after a failed run, approved again with a passkey — may
 * write a step an earlier approval never wrote here, or wrote and undid here; never one still
 * standing in this book, so an approval runs a plan once and two runs of one plan never stand
 * together. A reset starts the week afresh (its writes stay in the archive), as the desk grants a
 * plan once per book of its own: the same plan approved in a new book writes again.
 */
export async function authorizationUsed(
  tx: Queryable,
  grant: { readonly plan_digest: string; readonly step: number; readonly kind: string },
  challenge: string,
  book: number,
): Promise<string | null> {
  const mine = await tx.query(
    'SELECT 1 FROM partner_authorization_uses WHERE challenge = $1 AND step = $2 AND kind = $3',
    [challenge, grant.step, grant.kind],
  );
  if (mine.length > 0)
    return `step ${grant.step + 1} of this plan was already ${grant.kind === 'undo' ? 'undone' : 'written'} here; an approval runs a plan once`;
  if (grant.kind !== 'step') return null;
  const standing = await tx.query(
    `SELECT 1 FROM partner_authorization_uses written
      WHERE written.book_no = $3 AND written.plan_digest = $1 AND written.step = $2 AND written.kind = 'step'
        AND NOT EXISTS (SELECT 1 FROM partner_authorization_uses undone
                         WHERE undone.challenge = written.challenge AND undone.step = written.step AND undone.kind = 'undo')`,
    [grant.plan_digest, grant.step, book],
  );
  return standing.length > 0
    ? `step ${grant.step + 1} of this plan was already written here; an approval runs a plan once`
    : null;
}

/** How the desk closed the run of the approval with this challenge, if it told this site it did. */
export async function runClosed(tx: Queryable, challenge: string): Promise<string | null> {
  const [row] = await tx.query<{ outcome: string }>('SELECT outcome FROM partner_closed_runs WHERE challenge = $1', [
    challenge,
  ]);
  return row?.outcome ?? null;
}

export async function recordAuthorizationUse(
  tx: Queryable,
  book: number,
  token: unknown,
  receipt: string,
): Promise<void> {
  const decoded = decodeStepAuthorization(token);
  if (!decoded.ok) return;
  const { grant } = decoded.authorization;
  // The primary key (challenge, step, kind; not the book) is the backstop: a second use of one
  // approval's step cannot be recorded, before or after a reset.
  await tx.query(
    'INSERT INTO partner_authorization_uses (book_no, plan_digest, step, kind, approval, receipt, challenge) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [
      book,
      grant.plan_digest,
      grant.step,
      grant.kind,
      grant.approval,
      receipt,
      approvalChallenge(decoded.authorization.statement),
    ],
  );
}

/**
 * The refusal, naming the reason; or, when the write may go on, who approved it: the dispatcher the
 * desk's signed grant names, whose passkey assertion verified against their credential on the
 * desk's signed list, by the name that verified list gives.
 */
export async function checkAuthorization(
  check: AuthorizationCheck,
): Promise<
  { readonly ok: false; readonly refusal: ToolRefusal } | { readonly ok: true; readonly approvedBy: DeskApproval }
> {
  const found = await refusalOrApproval(check);
  return 'code' in found ? { ok: false, refusal: found } : { ok: true, approvedBy: found };
}

async function refusalOrApproval(check: AuthorizationCheck): Promise<ToolRefusal | DeskApproval> {
  const token = check.args[AUTHORIZATION_FIELD];
  if (token === undefined) {
    return refusal(
      'APPROVAL_REQUIRED',
      `${check.tool} changes this site, so it needs a person's approval from the dispatch desk: the desk's step authorization, signed, with the dispatcher's passkey. This call had none. Nothing was changed.`,
      { tool: check.tool },
    );
  }
  const decoded = decodeStepAuthorization(token);
  if (!decoded.ok) return invalid(decoded.reason);
  const authorization: StepAuthorization = decoded.authorization;
  const { grant, statement } = authorization;

  if (grant.partner_origin !== check.origin) return invalid(`it is for ${grant.partner_origin}, not this site`);
  if (grant.tool !== check.tool) return invalid(`it authorizes ${grant.tool}, not ${check.tool}`);
  if (!(Date.parse(grant.expires_at) > check.now.getTime())) return invalid(`it expired at ${grant.expires_at}`);
  if (statement.approval !== grant.approval || statement.plan_digest !== grant.plan_digest)
    return invalid('the approval it carries is not the one it grants');
  // A step is written only while its approval holds; an undo of it may come a while later, for a
  // run the desk found cut off after its approval expired (UNDO_WINDOW_MS).
  if (!(Date.parse(grant.expires_at) <= latestGrantExpiry(grant.kind, statement.expires_at))) {
    return invalid(
      grant.kind === 'undo'
        ? 'it is dated later than an undo of its approval may come'
        : 'it is dated past the approval it carries',
    );
  }
  // The desk signs each authorization at the moment it sends it, good for a couple of minutes: one
  // dated further ahead was not signed for a write now, and is not taken.
  if (
    Date.parse(grant.expires_at) >
    check.now.getTime() + STEP_AUTHORIZATION_TTL_MS + STEP_AUTHORIZATION_CLOCK_SLACK_MS
  )
    return invalid(
      `it is dated ${grant.expires_at}, further ahead than the ${STEP_AUTHORIZATION_TTL_MS / 60_000} minutes a desk's authorization is good for`,
    );

  if (grant.kind === 'step') {
    if (grant.args_digest !== authorizedArgsDigest(check.args))
      return invalid('the arguments are not the ones that were approved', { step: grant.step });
  } else {
    const done = check.stepWrite(grant.plan_digest, grant.approval, grant.step);
    if (!done)
      return invalid(`step ${grant.step + 1} of that plan was never written here, so there is nothing of it to undo`);
    const undo = compensationFor(check.compensations, { tool: done.tool, args: done.args, result: done.result });
    const { [AUTHORIZATION_FIELD]: _token, ...asked } = check.args;
    if (!undo.ok || undo.tool !== check.tool || authorizedArgsDigest(undo.args) !== authorizedArgsDigest(asked)) {
      return invalid(`it undoes step ${grant.step + 1}, and this call is not that undo`);
    }
  }

  const desk = await check.desk();
  if (!desk.ok)
    return refusal(
      'AUTHORIZATION_UNCHECKABLE',
      `The dispatch desk could not be asked who may approve (${desk.reason}), so this write cannot be checked. Nothing was changed; try again.`,
      {},
    );
  const { record, trustedKey } = desk;
  if (!(await deskSignatureValid(authorization, trustedKey)))
    return invalid("the desk's signature does not verify under the desk key this site trusts");
  if (statement.desk_origin !== record.origin)
    return invalid(`it was approved at ${statement.desk_origin}, not at the desk this site trusts`);
  if (!(await dispatcherListSigned(record, trustedKey)))
    return invalid("the desk's list of dispatchers is not signed by the desk");
  const dispatcher = record.dispatchers.list.dispatchers.find((entry) => entry.id === grant.dispatcher);
  if (!dispatcher)
    return invalid(`${grant.dispatcher} is not on the desk's list of dispatchers (removed, or never there)`);
  const credential = dispatcher.credentials.find((entry) => entry.id === authorization.assertion.id);
  if (!credential) return invalid(`the passkey that approved is not one of ${dispatcher.name}'s`);

  try {
    const verified = await verifyAuthenticationResponse({
      response: authorization.assertion as never,
      expectedChallenge: approvalChallenge(statement),
      expectedOrigin: record.origin,
      expectedRPID: record.rp_id,
      // The desk checks the signature counter at the ceremony; a partner sees one assertion used
      // for several steps, so it checks the signature, the challenge and the flags.
      credential: {
        id: credential.id,
        publicKey: fromBase64url(credential.public_key) as Uint8Array<ArrayBuffer>,
        counter: 0,
      },
      requireUserVerification: true,
    });
    if (!verified.verified) return invalid("the dispatcher's passkey assertion does not verify");
  } catch (error) {
    return invalid(
      `the dispatcher's passkey assertion does not verify (${error instanceof Error ? error.message : String(error)})`,
    );
  }

  const closed = await runClosed(check.tx, approvalChallenge(statement));
  if (closed !== null)
    return invalid(
      `the desk closed the run of ${grant.approval} (${closed}); nothing more of it is written or undone here`,
      { step: grant.step, run: closed },
    );
  const used = await authorizationUsed(check.tx, grant, approvalChallenge(statement), check.book);
  if (used !== null) return invalid(used, { step: grant.step });
  // Who approved: the dispatcher the desk's signed grant names, whose passkey assertion just
  // verified, by the name the desk's signed list gives them; the request is the one the write's
  // arguments carry (a step's arguments are the approved ones, by digest).
  return {
    kind: grant.kind,
    dispatcher: dispatcher.id,
    name: dispatcher.name,
    approval: grant.approval,
    request: String(check.args['request']),
  };
}

// A run's end, as the desk tells each partner of it: the desk's signed word that the run of one
// approval is over, so the partner refuses any further write or undo under that approval's
// authorizations, whatever their deadline. Declared once, here: the desk signs it, the partner
// verifies it under the desk key it trusts. With STEP_AUTHORIZATION_TTL_MS (every step and undo
// authorization expires a couple of minutes after the desk signs it) a token held past its run is
// refused either way: at once when the closure reached the partner, and at its deadline if not.
import { approvalChallenge, type ApprovalStatement } from './step-authorization.ts';
import { signCanonical, verifyCanonicalAsync, type SigningKey } from './signature.ts';

/** Where a partner's server takes the desk's signed closure of a run (POST, JSON). */
export const RUN_CLOSED_PATH = '/api/desk/runs/closed';

/** How far ahead of the moment the desk signs it a step or undo authorization may be dated. */
export const STEP_AUTHORIZATION_TTL_MS = 2 * 60 * 1000;
/** A partner's clock may run a little behind the desk's. */
export const STEP_AUTHORIZATION_CLOCK_SLACK_MS = 30 * 1000;

/** How a run ended, as the desk records it. */
export type RunOutcome = 'done' | 'undone' | 'failed' | 'stopped';

export interface RunClosure {
  readonly v: 1;
  readonly desk_origin: string;
  readonly approval: string;
  /** The approval's challenge (the SHA-256 of its statement): the run's identity at every partner. */
  readonly challenge: string;
  readonly plan_digest: string;
  readonly outcome: RunOutcome;
  readonly closed_at: string;
}

export interface SignedRunClosure {
  readonly closure: RunClosure;
  /** base64 Ed25519 by the desk's key over the canonical JSON of `closure`. */
  readonly signature: string;
}

export function signRunClosure(
  key: SigningKey,
  statement: ApprovalStatement,
  outcome: RunOutcome,
  closedAt: Date,
): SignedRunClosure {
  const closure: RunClosure = {
    v: 1,
    desk_origin: statement.desk_origin,
    approval: statement.approval,
    challenge: approvalChallenge(statement),
    plan_digest: statement.plan_digest,
    outcome,
    closed_at: closedAt.toISOString(),
  };
  return { closure, signature: signCanonical(key, closure) };
}

const OUTCOMES: readonly string[] = ['done', 'undone', 'failed', 'stopped'];

/** The closure in `value` when it is one, signed under `trustedDeskKey`; null otherwise. */
export async function verifiedRunClosure(value: unknown, trustedDeskKey: string): Promise<RunClosure | null> {
  if (typeof value !== 'object' || value === null) return null;
  const { closure, signature } = value as Partial<SignedRunClosure>;
  if (typeof closure !== 'object' || closure === null || typeof signature !== 'string') return null;
  const fine =
    closure.v === 1 &&
    typeof closure.desk_origin === 'string' &&
    typeof closure.approval === 'string' &&
    /^[A-Za-z0-9_-]{16,128}$/.test(String(closure.challenge)) &&
    typeof closure.plan_digest === 'string' &&
    closure.plan_digest.length <= 200 &&
    OUTCOMES.includes(String(closure.outcome)) &&
    typeof closure.closed_at === 'string';
  if (!fine) return null;
  return (await verifyCanonicalAsync(trustedDeskKey, closure, signature)) ? closure : null;
}

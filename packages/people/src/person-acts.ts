// Acts on people (inviting someone, removing someone), and a site's other acts that a session must
// not do alone (resetting a site's data, changing the week's stock), are a person's, not a
// session's. The server
// writes the act down as a statement (which site, who acts, on whom, until when: RFC 8785 JSON),
// and the challenge of the passkey ceremony is that statement's SHA-256, as an approval's is. The
// act is done only once the acting person's passkey answers that exact challenge with user
// verification, within the ceremony's few minutes, once. A session that asks is only asking: an
// agent holding the browser can send the request, but cannot make the person's assertion.
import { createHash, randomBytes } from 'node:crypto';
import { canonicalJson } from '@warrant/authority';
import { refusal, type ToolRefusal } from '@warrant/base';
import type { Queryable } from '@warrant/site-server';
import { checkAssertion } from './assertion.ts';
import { CEREMONY_MINUTES, challengeOf } from './ceremony.ts';
import type { PeopleSite, Person } from './people-site.ts';

/**
 * What a person confirms with their passkey: inviting or removing someone; resetting the site's
 * data (the subject names the book reset); changing the week's stock (the subject is the change,
 * as the site's RFC 8785 JSON of it, so what is signed is what is done); and the launch board's
 * grants to its agent (framing fields, granting an expansion, accepting a review: the subject is
 * the exact grant as RFC 8785 JSON, its fields and scope version, or the review and its digest);
 * and the chair's acts at the clerk's bench (putting the question, ruling, declaring a result: the
 * subject is the act as RFC 8785 JSON, with the record's head it was decided on); and a member's
 * vote there (the subject is the question's digest and the choice, as RFC 8785 JSON).
 */
export type PersonAct =
  | 'invite'
  | 'remove'
  | 'reset'
  | 'stock_change'
  | 'frame_fields'
  | 'grant_expansion'
  | 'accept_review'
  | 'chair_act'
  | 'vote';

export interface PersonActStatement {
  readonly v: 1;
  readonly act: PersonAct;
  readonly site_origin: string;
  /** The person who acts (their id). */
  readonly by: string;
  /** Whom or what: the invitee's name, the id of the person removed, the book reset, the change. */
  readonly subject: string;
  /** An invitation's expiry; a removal's statement expires with its ceremony. */
  readonly expires_at: string;
  /** Two statements of the same act are two challenges. */
  readonly nonce: string;
  /** An invitation's role, at a site whose people hold roles: signed with the invitee's name. */
  readonly role?: string;
}

/** The challenge a passkey signs for an act: base64url SHA-256 of the statement's RFC 8785 JSON. */
export function personActChallenge(statement: PersonActStatement): string {
  return createHash('sha256').update(canonicalJson(statement)).digest('base64url');
}

export interface ProposedAct {
  readonly ok: true;
  readonly statement: PersonActStatement;
  readonly challenge: string;
  /** WebAuthn request options (the browser's startAuthentication takes them as they are). */
  readonly options: {
    readonly challenge: string;
    readonly rpId: string;
    readonly userVerification: 'required';
    readonly timeout: number;
    readonly allowCredentials: readonly { readonly id: string; readonly type: 'public-key' }[];
  };
}

/** Holds an act's statement for the acting person's passkey: nothing is done yet. */
export async function proposeAct(
  via: Queryable,
  site: PeopleSite,
  act: {
    readonly act: PersonAct;
    readonly by: Person;
    readonly subject: string;
    readonly expiresAt: Date;
    readonly role?: string;
  },
): Promise<ProposedAct> {
  const statement: PersonActStatement = {
    v: 1,
    act: act.act,
    site_origin: site.origin,
    by: act.by.id,
    subject: act.subject,
    expires_at: act.expiresAt.toISOString(),
    nonce: randomBytes(12).toString('base64url'),
    ...(act.role === undefined ? {} : { role: act.role }),
  };
  const challenge = personActChallenge(statement);
  await via.query(
    `INSERT INTO ${site.tables.ceremonies} (challenge, purpose, statement, expires_at) VALUES ($1, $2, $3, now() + interval '${CEREMONY_MINUTES} minutes')`,
    [challenge, act.act, JSON.stringify(statement)],
  );
  const credentials = await via.query<{ id: string }>(
    `SELECT id FROM ${site.tables.credentials} WHERE ${site.tables.personColumn} = $1`,
    [act.by.id],
  );
  return {
    ok: true,
    statement,
    challenge,
    options: {
      challenge,
      rpId: site.rpId,
      userVerification: 'required',
      timeout: 120_000,
      allowCredentials: credentials.map(({ id }) => ({ id, type: 'public-key' as const })),
    },
  };
}

/** An act a person's passkey confirmed: the statement it signed, whose passkey, and which of theirs. */
export interface ConfirmedAct {
  readonly ok: true;
  readonly statement: PersonActStatement;
  readonly person: Person;
  readonly credentialId: string;
}

/**
 * Confirms an act inside `tx`: the assertion answers a statement this site holds for `act`, within
 * its ceremony, once, and is the passkey of the person the statement names as acting (who must
 * be `by`, the person whose session asks, when one is given). Answers the statement to carry out.
 */
export async function confirmAct(
  tx: Queryable,
  site: PeopleSite,
  act: PersonAct,
  response: unknown,
  by: Person | null,
): Promise<ConfirmedAct | ToolRefusal> {
  const challenge = challengeOf(response);
  if (challenge === null) return refusal('PASSKEY_REQUIRED', 'This takes your passkey. Nothing was changed.');
  const [held] = await tx.query<{ statement: PersonActStatement | string }>(
    `DELETE FROM ${site.tables.ceremonies} WHERE challenge = $1 AND purpose = $2 AND expires_at > now() RETURNING statement`,
    [challenge, act],
  );
  if (!held)
    return refusal(
      'STATEMENT_UNKNOWN',
      'Your passkey answered nothing this site asked it to confirm (unknown, expired, or already used). Start again. Nothing was changed.',
    );
  const statement = (
    typeof held.statement === 'string' ? JSON.parse(held.statement) : held.statement
  ) as PersonActStatement;
  // The stored statement is digested again: the challenge signed is this statement's, no other's.
  if (personActChallenge(statement) !== challenge)
    return refusal('STATEMENT_UNKNOWN', 'That statement does not match its challenge. Nothing was changed.');
  const checked = await checkAssertion(tx, site, response, challenge);
  if (!checked.ok) return checked;
  if (checked.person.id !== statement.by || (by !== null && by.id !== statement.by))
    return refusal(
      'NOT_YOUR_PASSKEY',
      `Only the ${site.noun} who asked can confirm this, with their own passkey. Nothing was changed.`,
    );
  return { ok: true, statement, person: checked.person, credentialId: checked.credentialId };
}

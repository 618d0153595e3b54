// Enrolment: a person with a one-time link (enrolment-links.ts) makes a passkey for this site
// (WebAuthn, user verification required, rpId the site's host). Nothing else enrols anyone: no
// session, however signed in, adds a person or a passkey. The link is looked at when the ceremony
// starts and claimed when it ends, in the transaction that adds the person, so a link enrols one
// person once, and a refused ceremony leaves it unused.
import { randomBytes, randomUUID } from 'node:crypto';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { refusal, type ToolRefusal } from '@warrant/base';
import type { Queryable } from '@warrant/site-server';
import { CEREMONY_MINUTES, challengeOf } from './ceremony.ts';
import { claimLink, isLinkCode, openLink, type HeldLink } from './enrolment-links.ts';
import { nameProblem } from './person-name.ts';
import type { PeopleSite, Person } from './people-site.ts';

type RegistrationResponse = Parameters<typeof verifyRegistrationResponse>[0]['response'];
type RegistrationOptions = Awaited<ReturnType<typeof generateRegistrationOptions>>;

const linkRefused = (site: PeopleSite): ToolRefusal =>
  refusal(
    'LINK_REQUIRED',
    `A ${site.noun} is added only with a one-time link: a setup link from the person who runs this site, or an invitation from a ${site.noun}. This link is unknown, used or expired. Nothing was changed.`,
  );

/** Starts an enrolment: the passkey options, once the link is good and the name is one. */
export async function startEnrolment(
  via: Queryable,
  site: PeopleSite,
  asked: { readonly link: unknown; readonly name: unknown },
): Promise<{ readonly ok: true; readonly options: RegistrationOptions; readonly name: string } | ToolRefusal> {
  if (!isLinkCode(asked.link)) return linkRefused(site);
  const link = await openLink(via, site, asked.link);
  if (!link) return linkRefused(site);
  // An invitation names its invitee: the name is the one the inviter's passkey signed.
  const chosen = link.name ?? asked.name;
  const problem = nameProblem(chosen);
  if (problem)
    return refusal('NAME_INVALID', `That name cannot be used: ${problem}. Nothing was changed.`, { field: 'name' });
  const name = String(chosen).trim();
  const userId = randomBytes(16);
  const options = await generateRegistrationOptions({
    rpName: site.rpName,
    rpID: site.rpId,
    userName: name,
    userID: userId,
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await via.query(
    `INSERT INTO ${site.tables.ceremonies} (challenge, purpose, name, user_id, link_hash, expires_at) VALUES ($1, 'enrol', $2, $3, $4, now() + interval '${CEREMONY_MINUTES} minutes')`,
    [options.challenge, name, Buffer.from(userId).toString('base64url'), link.codeHash],
  );
  return { ok: true, options, name };
}

export interface Enrolled {
  readonly ok: true;
  readonly person: Person;
  /** The link it took: its kind, and who issued it (null: the operator). */
  readonly link: HeldLink;
}

/** Ends an enrolment inside `tx`: the ceremony and the link are each used once, and the person added. */
export async function finishEnrolment(
  tx: Queryable,
  site: PeopleSite,
  response: unknown,
): Promise<Enrolled | ToolRefusal> {
  const challenge = challengeOf(response);
  if (challenge === null)
    return refusal('MALFORMED_REQUEST', 'That is not a passkey registration. Nothing was changed.');
  const { tables } = site;
  // Used once: the DELETE is the claim, so two submissions of one ceremony enrol one person.
  const [pending] = await tx.query<{ name: string; link_hash: string | null }>(
    `DELETE FROM ${tables.ceremonies} WHERE challenge = $1 AND purpose = 'enrol' AND expires_at > now() RETURNING name, link_hash`,
    [challenge],
  );
  if (!pending || pending.link_hash === null)
    return refusal(
      'CEREMONY_UNKNOWN',
      'That passkey ceremony was not started here, has expired, or was already used. Start again. Nothing was changed.',
    );
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponse,
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    return refusal(
      'PASSKEY_REFUSED',
      `The passkey could not be registered: ${error instanceof Error ? error.message : String(error)}. Nothing was changed.`,
    );
  }
  if (!verified.verified || !verified.registrationInfo)
    return refusal('PASSKEY_REFUSED', 'The passkey could not be verified. Nothing was changed.');
  const id = `${site.idPrefix}-${randomUUID().slice(0, 8)}`;
  const link = await claimLink(tx, site, pending.link_hash, id);
  if (!link) return linkRefused(site);
  const { credential } = verified.registrationInfo;
  // At a site whose people hold roles, the role is the link's: the one its inviter's passkey signed.
  const role = site.roles ? (link.role ?? site.roles.first) : null;
  if (site.roles)
    await tx.query(`INSERT INTO ${tables.people} (id, name, enrolled_by, role) VALUES ($1, $2, $3, $4)`, [
      id,
      pending.name,
      link.issuedBy,
      role,
    ]);
  else
    await tx.query(`INSERT INTO ${tables.people} (id, name, enrolled_by) VALUES ($1, $2, $3)`, [
      id,
      pending.name,
      link.issuedBy,
    ]);
  await tx.query(
    `INSERT INTO ${tables.credentials} (id, ${tables.personColumn}, public_key, counter, transports) VALUES ($1, $2, $3, $4, $5)`,
    [credential.id, id, credential.publicKey, credential.counter, JSON.stringify(credential.transports ?? [])],
  );
  return { ok: true, person: { id, name: pending.name, ...(role ? { role } : {}) }, link };
}

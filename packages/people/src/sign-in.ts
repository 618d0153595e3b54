// Signing in: a passkey assertion over a random challenge the server made and uses once.
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { refusal, type ToolRefusal } from '@warrant/base';
import type { Queryable } from '@warrant/site-server';
import { checkAssertion } from './assertion.ts';
import { CEREMONY_MINUTES, challengeOf } from './ceremony.ts';
import type { PeopleSite, Person } from './people-site.ts';

export async function startSignIn(via: Queryable, site: PeopleSite) {
  const options = await generateAuthenticationOptions({ rpID: site.rpId, userVerification: 'required' });
  await via.query(
    `INSERT INTO ${site.tables.ceremonies} (challenge, purpose, expires_at) VALUES ($1, 'sign_in', now() + interval '${CEREMONY_MINUTES} minutes')`,
    [options.challenge],
  );
  return options;
}

/** Checks a sign-in inside `tx`; the caller starts the session in the same transaction. */
export async function finishSignIn(
  tx: Queryable,
  site: PeopleSite,
  response: unknown,
): Promise<{ readonly ok: true; readonly person: Person } | ToolRefusal> {
  const challenge = challengeOf(response);
  if (challenge === null) return refusal('MALFORMED_REQUEST', 'That is not a passkey assertion.');
  const [pending] = await tx.query(
    `DELETE FROM ${site.tables.ceremonies} WHERE challenge = $1 AND purpose = 'sign_in' AND expires_at > now() RETURNING challenge`,
    [challenge],
  );
  if (!pending)
    return refusal(
      'CEREMONY_UNKNOWN',
      'That sign-in was not started here, has expired, or was already used. Start again.',
    );
  return checkAssertion(tx, site, response, challenge);
}

// A passkey assertion, checked against the enrolled credential it names: origin, rpId, user
// verification, signature, challenge, and a signature counter that moved on (a cloned
// authenticator shows up as one that did not). The counter is stored in the same transaction.
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { refusal, type ToolRefusal } from '@warrant/base';
import type { Queryable } from '@warrant/site-server';
import type { PeopleSite, Person } from './people-site.ts';

export type AssertionResponse = Parameters<typeof verifyAuthenticationResponse>[0]['response'];

/** The person whose passkey answered, and which of their passkeys it was (its credential id). */
export type CheckedAssertion =
  { readonly ok: true; readonly person: Person; readonly credentialId: string } | ToolRefusal;

export async function checkAssertion(
  tx: Queryable,
  site: PeopleSite,
  response: unknown,
  expectedChallenge: string,
): Promise<CheckedAssertion> {
  const { tables } = site;
  const credentialId = typeof response === 'object' && response !== null ? (response as { id?: unknown }).id : null;
  if (typeof credentialId !== 'string' || credentialId.length > 1024)
    return refusal('PASSKEY_REFUSED', 'That is not a passkey assertion.');
  const [credential] = await tx.query<{
    id: string;
    public_key: Uint8Array;
    counter: number;
    person: string;
    name: string;
  }>(
    `SELECT c.id, c.public_key, c.counter, c.${tables.personColumn} AS person, p.name FROM ${tables.credentials} c JOIN ${tables.people} p ON p.id = c.${tables.personColumn}
      WHERE c.id = $1 AND p.removed_at IS NULL`,
    [credentialId],
  );
  if (!credential) return refusal('PASSKEY_UNKNOWN', `That passkey belongs to no ${site.noun} on this site's list.`);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as AssertionResponse,
      expectedChallenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpId,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(credential.public_key) as Uint8Array<ArrayBuffer>,
        counter: Number(credential.counter),
      },
      requireUserVerification: true,
    });
  } catch (error) {
    return refusal(
      'PASSKEY_REFUSED',
      `The passkey's answer does not verify: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  if (!verified.verified) return refusal('PASSKEY_REFUSED', "The passkey's answer does not verify.");
  await tx.query(`UPDATE ${tables.credentials} SET counter = $2 WHERE id = $1`, [
    credential.id,
    verified.authenticationInfo.newCounter,
  ]);
  return { ok: true, person: { id: credential.person, name: credential.name }, credentialId: credential.id };
}

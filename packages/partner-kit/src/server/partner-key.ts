// The partner's own Ed25519 key, kept in its own database and made on first start. Its receipts
// are signed with it (signCanonical: in Node, Node's own Ed25519), so the desk (or anyone) can
// check a receipt came from this site.
import { newSigningKey, signingKeyFrom, type SigningKey } from '@warrant/authority';
import { storedSecret, type Database } from '@warrant/site-server';

export async function partnerSigningKey(db: Database): Promise<SigningKey> {
  return signingKeyFrom(await storedSecret(db, 'partner_signing_key', () => newSigningKey().secretKey));
}

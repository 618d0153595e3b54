// The partner's own Ed25519 key, kept in its own database and made on first start. Its receipts
// are signed with it, so the desk (or anyone) can check a receipt came from this site.
//
// A server signs a receipt with every write, so it signs with Node's own Ed25519 (OpenSSL), many
// times faster than the pure-JS signer @warrant/authority keeps for code that may run in a page.
// Ed25519 signing is deterministic (RFC 8032): both give the same signature over the same bytes,
// the canonical bytes of signCanonical, which the tests check.
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { canonicalJson, newSigningKey, signingKeyFrom, type SigningKey } from '@warrant/authority';
import { storedSecret, type Database } from '@warrant/site-server';

// PKCS #8 for an Ed25519 private key (RFC 8410): this DER prefix, then the 32-byte seed.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface PartnerKey extends SigningKey {
  /** base64 of the Ed25519 signature over the canonical bytes of `value`, as signCanonical gives it. */
  signCanonical(value: unknown): string;
}

export function partnerKeyFrom(secretKey: Uint8Array): PartnerKey {
  const key = signingKeyFrom(secretKey);
  const native: KeyObject = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, secretKey]), format: 'der', type: 'pkcs8' });
  return { ...key, signCanonical: (value) => sign(null, Buffer.from(canonicalJson(value), 'utf8'), native).toString('base64') };
}

export async function partnerSigningKey(db: Database): Promise<PartnerKey> {
  return partnerKeyFrom(await storedSecret(db, 'partner_signing_key', () => newSigningKey().secretKey));
}

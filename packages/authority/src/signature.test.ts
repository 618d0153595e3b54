import { describe, expect, it } from 'vitest';
import { newSigningKey, signCanonical, verifyCanonical, verifyCanonicalAsync } from './signature.ts';

describe('Ed25519 over canonical bytes', () => {
  const key = newSigningKey();
  const receipt = { id: 'RC-K7QD-2', tool: 'reserve_parcels', request: 'A-1', digest: 'ab'.repeat(32) };

  it('verifies what it signed, whatever the key order of the value', () => {
    const signature = signCanonical(key, receipt);
    expect(
      verifyCanonical(
        key.publicKey,
        { digest: receipt.digest, request: 'A-1', tool: 'reserve_parcels', id: 'RC-K7QD-2' },
        signature,
      ),
    ).toBe(true);
  });

  it('refuses a value changed in one field, another key, and garbage', () => {
    const signature = signCanonical(key, receipt);
    expect(verifyCanonical(key.publicKey, { ...receipt, request: 'A-2' }, signature)).toBe(false);
    expect(verifyCanonical(newSigningKey().publicKey, receipt, signature)).toBe(false);
    expect(verifyCanonical(key.publicKey, receipt, 'not base64!')).toBe(false);
    expect(verifyCanonical('AAAA', receipt, signature)).toBe(false);
  });
});

// The asynchronous check (WebCrypto in a page; in Node, Node's own) and the synchronous one must
// agree on every signature a checker can meet.
describe('Ed25519 over canonical bytes, checked by the platform where it can', () => {
  const key = newSigningKey();
  const receipt = { id: 'RC-K7QD-2', tool: 'reserve_parcels', request: 'A-1', digest: 'ab'.repeat(32) };

  it('agrees with the pure-JS check on what it signed, a changed field, another key, garbage and a key that is no point', async () => {
    const signature = signCanonical(key, receipt);
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    const cases: [string, unknown, string][] = [
      [key.publicKey, receipt, signature],
      [key.publicKey, { ...receipt, request: 'A-2' }, signature],
      [newSigningKey().publicKey, receipt, signature],
      [key.publicKey, receipt, flipped],
      [key.publicKey, receipt, 'not base64!'],
      ['AAAA', receipt, signature],
      [btoa(String.fromCharCode(...new Uint8Array(32).fill(0xff))), receipt, signature],
    ];
    for (const [publicKey, value, sig] of cases)
      expect(await verifyCanonicalAsync(publicKey, value, sig)).toBe(verifyCanonical(publicKey, value, sig));
    expect(await verifyCanonicalAsync(key.publicKey, receipt, signature)).toBe(true);
  });
});

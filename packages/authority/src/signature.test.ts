import { describe, expect, it } from 'vitest';
import { newSigningKey, signCanonical, verifyCanonical } from './signature.ts';

describe('Ed25519 over canonical bytes', () => {
  const key = newSigningKey();
  const receipt = { id: 'RC-K7QD-2', tool: 'reserve_parcels', request: 'A-1', digest: 'ab'.repeat(32) };

  it('verifies what it signed, whatever the key order of the value', () => {
    const signature = signCanonical(key, receipt);
    expect(verifyCanonical(key.publicKey, { digest: receipt.digest, request: 'A-1', tool: 'reserve_parcels', id: 'RC-K7QD-2' }, signature)).toBe(true);
  });

  it('refuses a value changed in one field, another key, and garbage', () => {
    const signature = signCanonical(key, receipt);
    expect(verifyCanonical(key.publicKey, { ...receipt, request: 'A-2' }, signature)).toBe(false);
    expect(verifyCanonical(newSigningKey().publicKey, receipt, signature)).toBe(false);
    expect(verifyCanonical(key.publicKey, receipt, 'not base64!')).toBe(false);
    expect(verifyCanonical('AAAA', receipt, signature)).toBe(false);
  });
});

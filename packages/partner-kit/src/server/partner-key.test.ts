// The partner's receipts are signed with Node's Ed25519; the signature must be the very one the
// shared pure-JS signer gives (Ed25519 is deterministic), over the same canonical bytes, so anyone
// checking a receipt with @warrant/authority, or any RFC 8032 verifier, sees no difference.
import { describe, expect, it } from 'vitest';
import { newSigningKey, signCanonical, verifyCanonical } from '@warrant/authority';
import { partnerKeyFrom } from './partner-key.ts';

const VALUES: unknown[] = [
  { id: 'RC-1-2', tool: 'reserve_parcels', request: 'R-9001', digest: 'a'.repeat(64) },
  { b: [3, 1.5, 1e21, null, true], a: { z: 'x', 'é': 'Ωmega 🌂', '\u0000': 'nul' }, c: 'line\nbreak "quoted" \\ back' },
  [],
  'a string',
  0,
];

describe("the partner's key", () => {
  it('signs canonical bytes exactly as signCanonical does, and the signature verifies under the key it publishes', () => {
    for (let round = 0; round < 3; round += 1) {
      const shared = newSigningKey();
      const key = partnerKeyFrom(shared.secretKey);
      expect(key.publicKey).toBe(shared.publicKey);
      for (const value of VALUES) {
        const signature = key.signCanonical(value);
        expect(signature).toBe(signCanonical(shared, value));
        expect(verifyCanonical(key.publicKey, value, signature)).toBe(true);
      }
    }
  });
});

// A signature made or checked on a server (Node's Ed25519) must be the one a page makes or checks
// (@noble/curves): the same signature over the same bytes, and the same answer on every signature a
// checker can meet, forged and malformed ones too.
import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { ed25519On, nodeEd25519 } from './ed25519.ts';

const node = nodeEd25519();
const pureJs = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean => {
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
};
const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);
// The group's order L, little-endian: adding it to S gives the same point but a non-canonical S.
const ORDER = 2n ** 252n + 27742317777372353535851937790883648493n;
const littleEndian = (value: bigint, length: number) =>
  Uint8Array.from({ length }, (_, i) => Number((value >> BigInt(8 * i)) & 0xffn));
const fromLittleEndian = (raw: Uint8Array) => raw.reduceRight((sum, byte) => (sum << 8n) + BigInt(byte), 0n);

describe("Node's Ed25519 and the pure-JS one", () => {
  it('is there in Node, and is what ed25519On picks there', () => {
    expect(node).not.toBeNull();
    const picked = ed25519On(ed25519);
    const secret = ed25519.utils.randomSecretKey();
    expect(picked.sign(text('x'), secret)).toEqual(node?.sign(text('x'), secret));
  });

  it('make the same public key and the same signature from the same seed and bytes', () => {
    for (let round = 0; round < 20; round += 1) {
      const secret = ed25519.utils.randomSecretKey();
      const message = crypto.getRandomValues(new Uint8Array(round * 37));
      expect(node?.getPublicKey(secret)).toEqual(ed25519.getPublicKey(secret));
      expect(node?.sign(message, secret)).toEqual(ed25519.sign(message, secret));
    }
  });

  it('give the same answer on a good signature, a changed message, another key, a flipped bit, a non-canonical S, a key that is no point and wrong lengths', () => {
    const secret = ed25519.utils.randomSecretKey();
    const publicKey = ed25519.getPublicKey(secret);
    const message = text('{"root_hash":"00","size":1}');
    const signature = ed25519.sign(message, secret);
    const flipped = signature.slice();
    flipped[5] = (flipped[5] as number) ^ 0x01;
    const highS = signature.slice();
    highS.set(littleEndian(fromLittleEndian(signature.slice(32)) + ORDER, 32), 32);
    const cases: [string, Uint8Array, Uint8Array, Uint8Array][] = [
      ['good', signature, message, publicKey],
      ['changed message', signature, text('{"root_hash":"01","size":1}'), publicKey],
      ['another key', signature, message, ed25519.getPublicKey(ed25519.utils.randomSecretKey())],
      ['flipped bit', flipped, message, publicKey],
      ['S + L', highS, message, publicKey],
      ['no point', signature, message, new Uint8Array(32).fill(0xff)],
      ['short signature', signature.slice(0, 63), message, publicKey],
      ['short key', signature, message, publicKey.slice(0, 31)],
      ['zero signature, identity key', new Uint8Array(64), message, bytes(1, ...new Array<number>(31).fill(0))],
    ];
    const answers = cases.map(([name, sig, msg, key]) => [name, node?.verify(sig, msg, key)]);
    expect(answers).toEqual(cases.map(([name, sig, msg, key]) => [name, pureJs(sig, msg, key)]));
    expect(answers[0]).toEqual(['good', true]);
  });
});

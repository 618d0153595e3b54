import canonicalize from 'canonicalize';
import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signTreeHead, treeHeadMessage, verifyTreeHead, type SignedTreeHead } from './tree-head.ts';

const secret = ed25519.utils.randomSecretKey();
const other = ed25519.utils.randomSecretKey();
const root = new Uint8Array(32).map((_, index) => index);
const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

describe('signed tree heads', () => {
  it('sign the UTF-8 of the JCS (RFC 8785) of {root_hash, size, timestamp}, as a JCS implementation writes it', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: Number.MAX_SAFE_INTEGER }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: 0, max: Date.UTC(9999, 11, 31) }),
        (size, rootHash, ms) => {
          const head = signTreeHead({ size, root: rootHash, timestamp: new Date(ms) }, secret);
          const jcs = canonicalize({ timestamp: head.timestamp, size: head.size, root_hash: head.root_hash }) as string;
          expect(new TextDecoder().decode(treeHeadMessage(head))).toBe(jcs);
          expect(
            ed25519.verify(
              Buffer.from(head.signature, 'base64'),
              new TextEncoder().encode(jcs),
              Buffer.from(head.key, 'base64'),
            ),
          ).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('carry the size, the root as hex, the time, the raw public key and the signature', () => {
    const head = signTreeHead({ size: 3, root, timestamp: '2026-12-01T09:30:00.000Z' }, secret);
    expect(head).toEqual({
      size: 3,
      root_hash: Buffer.from(root).toString('hex'),
      timestamp: '2026-12-01T09:30:00.000Z',
      key: b64(ed25519.getPublicKey(secret)),
      signature: expect.stringMatching(/^[A-Za-z0-9+/]{86}==$/),
    });
    expect(new TextDecoder().decode(treeHeadMessage(head))).toBe(
      `{"root_hash":"${head.root_hash}","size":3,"timestamp":"2026-12-01T09:30:00.000Z"}`,
    );
    expect(verifyTreeHead(JSON.parse(JSON.stringify(head)))).toMatchObject({ ok: true, head, root });
    expect(verifyTreeHead(head, { key: head.key }).ok).toBe(true);
    expect(verifyTreeHead(head, { key: ed25519.getPublicKey(secret) }).ok).toBe(true);
  });

  it('do not verify once any signed field, the key or the signature is changed', () => {
    const head = signTreeHead({ size: 10, root, timestamp: '2026-12-01T09:30:00.000Z' }, secret);
    const changed: [string, Partial<SignedTreeHead>][] = [
      ['size', { size: 11 }],
      ['root', { root_hash: `${'0'.repeat(63)}1` }],
      ['time', { timestamp: '2026-12-01T09:30:00.001Z' }],
      ['key', { key: b64(ed25519.getPublicKey(other)) }],
      ['signature', { signature: signTreeHead({ size: 10, root, timestamp: head.timestamp }, other).signature }],
    ];
    for (const [name, change] of changed)
      expect([name, verifyTreeHead({ ...head, ...change }).ok]).toEqual([name, false]);
    const resigned = signTreeHead({ size: 10, root, timestamp: head.timestamp }, other);
    expect(verifyTreeHead(resigned).ok).toBe(true);
    expect(verifyTreeHead(resigned, { key: head.key })).toEqual({
      ok: false,
      reason: 'the head is signed with another key than the one trusted',
    });
  });

  it('refuse a head that is not in the form, saying why', () => {
    const head = signTreeHead({ size: 1, root }, secret);
    const bad: unknown[] = [
      null,
      [],
      { ...head, extra: 1 },
      { ...head, size: -1 },
      { ...head, size: 1.5 },
      { ...head, size: '1' },
      { ...head, root_hash: head.root_hash.toUpperCase() },
      { ...head, timestamp: '2026-12-01T09:30:00Z' },
      { ...head, timestamp: '2026-02-30T09:30:00.000Z' },
      { ...head, key: `${head.key.slice(0, -2)}=` },
      { ...head, key: head.key.replace(/=$/, 'A') },
      { ...head, signature: 'AAAA' },
    ];
    for (const value of bad) {
      const checked = verifyTreeHead(value);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.reason.length).toBeGreaterThan(10);
    }
    expect(() => signTreeHead({ size: 1, root: new Uint8Array(31) }, secret)).toThrow(RangeError);
    expect(() => treeHeadMessage({ size: -1, root_hash: head.root_hash, timestamp: head.timestamp })).toThrow(
      RangeError,
    );
  });
});

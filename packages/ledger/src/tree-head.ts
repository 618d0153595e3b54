// A signed tree head: the desk's statement "my ledger had `size` rows, and their Merkle tree's
// root was `root_hash`, at `timestamp`", signed with its Ed25519 key. A partner keeps the heads
// it is given; since the root commits to every row, a desk that later rewrites, drops or inserts a
// row it had covered cannot produce a tree that matches the head, nor a consistency proof from it.
//
// The signed bytes are the UTF-8 of the JCS (RFC 8785) form of {root_hash, size, timestamp}.
// JCS sorts keys by UTF-16 code units ("root_hash" < "size" < "timestamp"), writes a number as
// ECMAScript does and a string as JSON.stringify does. For exactly this shape (two strings already
// checked to be ASCII without any character JSON escapes, and a safe non-negative integer)
// that is the template below, with nothing to canonicalise; this package may not import
// @warrant/authority's general canonicalJson (the layers point the other way), and a general
// implementation here would be a second copy of it. The tests check the template against an
// RFC 8785 implementation.
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ed25519On } from '@warrant/base';
import { fromBase64, toBase64 } from './base64.ts';
import { isInstant } from './field-check.ts';

export interface SignedTreeHead {
  /** How many rows (leaves) the head covers: rows seq 1 to size. */
  readonly size: number;
  /** The Merkle tree's root over those rows, 64 lowercase hex digits. */
  readonly root_hash: string;
  /** When the head was signed, written as Date.prototype.toISOString writes it. */
  readonly timestamp: string;
  /** The signer's raw 32-byte Ed25519 public key, base64. */
  readonly key: string;
  /** Ed25519 over treeHeadMessage(head), base64. */
  readonly signature: string;
}

export type TreeHeadCheck =
  | { readonly ok: true; readonly head: SignedTreeHead; readonly root: Uint8Array }
  | { readonly ok: false; readonly reason: string };

const HEX64 = /^[0-9a-f]{64}$/;
const FIELDS = ['size', 'root_hash', 'timestamp', 'key', 'signature'];
const encoder = new TextEncoder();
// Node's own Ed25519 on a server (a partner checks the desk's head with every write it is given);
// the pure-JS one in a page. Both are RFC 8032's strict verification, as other verifiers do it.
const ED25519 = ed25519On(ed25519);

/** The bytes a tree head's signature covers: UTF-8 of the JCS of {root_hash, size, timestamp}. */
export function treeHeadMessage(head: {
  readonly size: number;
  readonly root_hash: string;
  readonly timestamp: string;
}): Uint8Array {
  const problem = unsignedProblem(head);
  if (problem) throw new RangeError(`not a tree head: ${problem}`);
  return encoder.encode(`{"root_hash":"${head.root_hash}","size":${head.size},"timestamp":"${head.timestamp}"}`);
}

/**
 * Signs the head of a tree of `size` leaves with root `root` (32 bytes) using the Ed25519
 * `secretKey` (32 bytes). `timestamp` defaults to now.
 */
export function signTreeHead(
  tree: { readonly size: number; readonly root: Uint8Array; readonly timestamp?: Date | string },
  secretKey: Uint8Array,
): SignedTreeHead {
  if (!(tree.root instanceof Uint8Array) || tree.root.length !== 32) throw new RangeError('the root must be 32 bytes');
  const timestamp =
    tree.timestamp === undefined
      ? new Date().toISOString()
      : typeof tree.timestamp === 'string'
        ? tree.timestamp
        : tree.timestamp.toISOString();
  const unsigned = { size: tree.size, root_hash: bytesToHex(tree.root), timestamp };
  const message = treeHeadMessage(unsigned);
  return {
    ...unsigned,
    key: toBase64(ED25519.getPublicKey(secretKey)),
    signature: toBase64(ED25519.sign(message, secretKey)),
  };
}

/**
 * Checks a tree head as read from JSON: its form, and its signature under its own key or, when
 * `key` is given (base64 or 32 bytes), under that key only. A head is only as trustworthy as the
 * key it is checked against: pass the key you know to be the desk's.
 */
export function verifyTreeHead(value: unknown, options: { readonly key?: string | Uint8Array } = {}): TreeHeadCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'a tree head is a JSON object' };
  const head = value as Record<string, unknown>;
  const extra = Object.keys(head).find((name) => !FIELDS.includes(name));
  if (extra !== undefined)
    return {
      ok: false,
      reason: `"${extra}" is not a field of a tree head; only ${FIELDS.join(', ')} are, and only the first three are signed`,
    };
  const problem = unsignedProblem(head);
  if (problem) return { ok: false, reason: problem };
  if (typeof head['key'] !== 'string' || typeof head['signature'] !== 'string')
    return { ok: false, reason: 'key and signature must be base64 text' };
  const key = fromBase64(head['key']);
  const signature = fromBase64(head['signature']);
  if (key === null || key.length !== 32)
    return { ok: false, reason: 'key is not the base64 of a 32-byte Ed25519 public key' };
  if (signature === null || signature.length !== 64)
    return { ok: false, reason: 'signature is not the base64 of a 64-byte Ed25519 signature' };
  if (options.key !== undefined) {
    const trusted = typeof options.key === 'string' ? fromBase64(options.key) : options.key;
    if (trusted === null || trusted.length !== 32)
      return { ok: false, reason: 'the trusted key given is not a 32-byte Ed25519 public key' };
    if (toBase64(trusted) !== head['key'])
      return { ok: false, reason: 'the head is signed with another key than the one trusted' };
  }
  const signed = head as unknown as SignedTreeHead;
  if (!ED25519.verify(signature, treeHeadMessage(signed), key))
    return {
      ok: false,
      reason: 'the signature does not verify: the head was changed after it was signed, or signed with another key',
    };
  return { ok: true, head: signed, root: hexToBytes(signed.root_hash) };
}

function unsignedProblem(
  head:
    | Readonly<Record<string, unknown>>
    | { readonly size: unknown; readonly root_hash: unknown; readonly timestamp: unknown },
): string | null {
  const { size, root_hash: rootHash, timestamp } = head as { size: unknown; root_hash: unknown; timestamp: unknown };
  if (!Number.isSafeInteger(size) || (size as number) < 0)
    return `size must be a whole number from 0, got ${JSON.stringify(size) ?? String(size)}`;
  if (typeof rootHash !== 'string' || !HEX64.test(rootHash)) return 'root_hash must be 64 lowercase hex digits';
  if (typeof timestamp !== 'string' || !isInstant(timestamp))
    return 'timestamp must be an instant written as toISOString writes it, like 2026-12-01T09:30:00.000Z';
  return null;
}

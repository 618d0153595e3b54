// The two hashes of the RFC 6962 / RFC 9162 Merkle tree: a leaf is SHA-256(0x00 ‖ bytes), an
// interior node SHA-256(0x01 ‖ left ‖ right). The prefix byte keeps a leaf from ever being
// mistaken for a node (a second-preimage attack on the tree). Hashing runs once per leaf and once
// per node, a million times for a million-row ledger, so each message is laid out in one reused
// buffer (the prefix, then the bytes) and hashed in one call by the SHA-256 the ledger runs
// (sha256.ts), and the callers that keep a tree have digests written straight into its own buffers.
import { DIGEST_SIZE, SHA256 } from './sha256.ts';

/** Bytes in a hash. */
export const HASH_SIZE = DIGEST_SIZE;

/** The root of the tree with no leaves: SHA-256 of nothing (RFC 9162 §2.1.1). */
export const EMPTY_ROOT: Uint8Array = new Uint8Array(HASH_SIZE);
SHA256.digestInto(new Uint8Array(0), EMPTY_ROOT, 0);

const LEAF = 0x00;
const NODE = 0x01;
/** The message being hashed: a prefix byte, then a leaf's bytes or two hashes. */
let message = new Uint8Array(1024);

function prefixed(prefix: number, length: number): Uint8Array {
  if (message.length < 1 + length) message = new Uint8Array(Math.max(message.length * 2, 1 + length));
  message[0] = prefix;
  return message;
}

/** Writes SHA-256(0x00 ‖ bytes) into `out` at `at`. */
export function leafHashInto(bytes: Uint8Array, out: Uint8Array, at: number): void {
  const whole = prefixed(LEAF, bytes.length);
  whole.set(bytes, 1);
  SHA256.digestInto(whole.subarray(0, 1 + bytes.length), out, at);
}

/** Writes SHA-256(0x01 ‖ left ‖ right) into `out` at `at`; `left` and `right` are 32 bytes each. */
export function nodeHashInto(left: Uint8Array, right: Uint8Array, out: Uint8Array, at: number): void {
  // Sized from the arguments, not assumed: the RFC's test vectors hash nodes over shorter inputs.
  const whole = prefixed(NODE, left.length + right.length);
  whole.set(left, 1);
  whole.set(right, 1 + left.length);
  SHA256.digestInto(whole.subarray(0, 1 + left.length + right.length), out, at);
}

/** Writes SHA-256(0x01 ‖ pair) into `out` at `at`, where `pair` is the 64 bytes of a left and a right hash side by side, as a tree stores siblings. */
export function nodeHashOfPairInto(pair: Uint8Array, out: Uint8Array, at: number): void {
  const whole = prefixed(NODE, pair.length);
  whole.set(pair, 1);
  SHA256.digestInto(whole.subarray(0, 1 + pair.length), out, at);
}

/** The leaf hash of `bytes`: SHA-256(0x00 ‖ bytes). */
export function leafHash(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(HASH_SIZE);
  leafHashInto(bytes, out, 0);
  return out;
}

/** The interior node over `left` and `right`: SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const out = new Uint8Array(HASH_SIZE);
  nodeHashInto(left, right, out, 0);
  return out;
}

/** Whether two byte arrays hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= (a[index] as number) ^ (b[index] as number);
  return difference === 0;
}

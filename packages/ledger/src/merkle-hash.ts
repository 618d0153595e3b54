// The two hashes of the RFC 6962 / RFC 9162 Merkle tree: a leaf is SHA-256(0x00 ‖ bytes), an
// interior node SHA-256(0x01 ‖ left ‖ right). The prefix byte keeps a leaf from ever being
// mistaken for a node (a second-preimage attack on the tree). Hashing runs once per leaf and once
// per node, a million times for a million-row ledger, so the hashers start from a state that has
// already absorbed the prefix and are cloned rather than allocated, and the callers that keep a
// tree write digests straight into its own buffers.
import { sha256 } from '@noble/hashes/sha2.js';

/** Bytes in a hash. */
export const HASH_SIZE = 32;

/** The root of the tree with no leaves: SHA-256 of nothing (RFC 9162 §2.1.1). */
export const EMPTY_ROOT: Uint8Array = sha256(new Uint8Array(0));

const leafStart = sha256.create().update(Uint8Array.of(0x00));
const nodeStart = sha256.create().update(Uint8Array.of(0x01));
const working = sha256.create();

/** Writes SHA-256(0x00 ‖ bytes) into `out` at `at`. */
export function leafHashInto(bytes: Uint8Array, out: Uint8Array, at: number): void {
  leafStart._cloneInto(working);
  working.update(bytes);
  digestInto(out, at);
}

/** Writes SHA-256(0x01 ‖ left ‖ right) into `out` at `at`; `left` and `right` are 32 bytes each. */
export function nodeHashInto(left: Uint8Array, right: Uint8Array, out: Uint8Array, at: number): void {
  nodeStart._cloneInto(working);
  working.update(left);
  working.update(right);
  digestInto(out, at);
}

/** Writes SHA-256(0x01 ‖ pair) into `out` at `at`, where `pair` is the 64 bytes of a left and a right hash side by side, as a tree stores siblings: one update call instead of two. */
export function nodeHashOfPairInto(pair: Uint8Array, out: Uint8Array, at: number): void {
  nodeStart._cloneInto(working);
  working.update(pair);
  digestInto(out, at);
}

const digest = new Uint8Array(HASH_SIZE);

function digestInto(out: Uint8Array, at: number): void {
  // noble writes a whole digest at the start of the array it is given; a subarray view would do,
  // but one reused digest and a copy allocate nothing.
  working.digestInto(digest);
  out.set(digest, at);
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

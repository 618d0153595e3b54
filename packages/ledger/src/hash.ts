// SHA-256 as the ledger uses it: @noble/hashes, synchronous, the same code in Node and every
// browser, so a row is sealed inside the IndexedDB transaction that stores it. A ledger hashes
// one short message per row, so one hasher is reused (cloned from a fresh one) rather than
// allocating a hasher, its buffers and a digest for every row.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const fresh = sha256.create();
const working = sha256.create();
const digest = new Uint8Array(32);
const encoder = new TextEncoder();
let scratch = new Uint8Array(4096);

/** SHA-256 of `bytes`, as 64 lowercase hex digits. */
export function sha256HexOfBytes(bytes: Uint8Array): string {
  fresh._cloneInto(working);
  working.update(bytes);
  working.digestInto(digest);
  return bytesToHex(digest);
}

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. */
export function sha256HexOf(text: string): string {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return sha256HexOfBytes(scratch.subarray(0, written));
}

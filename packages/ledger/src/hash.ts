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

const HEX_DIGITS = new TextEncoder().encode('0123456789abcdef');

/** Whether SHA-256 of `message` is the 64 lowercase hex digits found in `ascii` from `at`. */
export function sha256MatchesHexAt(message: Uint8Array, ascii: Uint8Array, at: number): boolean {
  fresh._cloneInto(working);
  working.update(message);
  working.digestInto(digest);
  for (let index = 0; index < 32; index += 1) {
    const byte = digest[index] as number;
    if (ascii[at + 2 * index] !== HEX_DIGITS[byte >> 4] || ascii[at + 2 * index + 1] !== HEX_DIGITS[byte & 15]) return false;
  }
  return true;
}

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. */
export function sha256HexOf(text: string): string {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return sha256HexOfBytes(scratch.subarray(0, written));
}

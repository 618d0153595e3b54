// SHA-256 as the chain uses it: a row's chain is the hex digest of a short message (the previous
// chain, TAB, the row), one message per row. Which SHA-256 runs is chosen once, in sha256.ts.
import { SHA256 } from './sha256.ts';

const encoder = new TextEncoder();
let scratch = new Uint8Array(4096);

/** SHA-256 of `bytes`, as 64 lowercase hex digits. */
export function sha256HexOfBytes(bytes: Uint8Array): string {
  return SHA256.hex(bytes);
}

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. */
export function sha256HexOf(text: string): string {
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return sha256HexOfBytes(scratch.subarray(0, written));
}

// SHA-256 of a text's UTF-8 bytes, as 64 lowercase hex digits, with @noble/hashes (the hasher
// @warrant/ledger already uses) rather than WebCrypto: crypto.subtle exists only in secure
// contexts, and plans and receipts are digested on pages that have none — the desk served on the
// insecure test host name (no WebMCP at all), and a partner framed in it (a frame of an insecure
// page is not a secure context either). The digest is the same bytes-for-bytes SHA-256.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const encoder = new TextEncoder();

export function sha256HexOfText(text: string): string {
  return bytesToHex(sha256(encoder.encode(text)));
}

// The one place that picks which SHA-256 the ledger runs. Hashing must be synchronous (a row is
// sealed inside the IndexedDB transaction that stores it), and the same code runs in browsers, so
// @noble/hashes (plain JavaScript) is the one that runs anywhere. In Node its own SHA-256 (OpenSSL, on
// the CPU's SHA instructions) is several times faster, and a ledger hashes once per row to seal or
// verify it and twice per row to rebuild its tree. Node's crypto is reached at run time through
// process.getBuiltinModule (Node >= 20.16), never through an import, so no bundler follows it into
// a browser build; a browser has no such process and keeps noble. SHA-256 is one function: both
// give the same digest of every input (sha256.test.ts checks it), so the choice can never change
// a chain, a leaf or a root.
import { sha256 as nobleHasher } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Bytes in a SHA-256 digest. */
export const DIGEST_SIZE = 32;

export interface Sha256 {
  /** Which implementation this is, for figures that must say what they measured. */
  readonly name: string;
  /** SHA-256 of `bytes`, as 64 lowercase hex digits. */
  hex(bytes: Uint8Array): string;
  /** Writes SHA-256 of `bytes` into `out` from `at`. */
  digestInto(bytes: Uint8Array, out: Uint8Array, at: number): void;
}

/** The part of Node's crypto used here, typed locally so browser code needs no Node types. */
interface NodeCrypto {
  hash(algorithm: 'sha256', data: Uint8Array, outputEncoding: 'hex' | 'latin1'): string;
}

interface NodeProcess {
  getBuiltinModule?(id: string): unknown;
}

/**
 * Node's SHA-256, or null outside Node (or in a Node without getBuiltinModule or crypto.hash).
 * crypto.hash is the one-shot form: no Hash object per message, which for messages of a few
 * hundred bytes costs more than the hashing itself.
 */
export function nodeSha256(): Sha256 | null {
  const crypto = (globalThis as { process?: NodeProcess }).process?.getBuiltinModule?.('node:crypto') as
    Partial<NodeCrypto> | undefined;
  const hash = crypto?.hash;
  if (typeof hash !== 'function') return null;
  return {
    name: 'node:crypto (OpenSSL)',
    hex: (bytes) => hash('sha256', bytes, 'hex'),
    digestInto(bytes, out, at) {
      // A 32-character latin1 string is the cheapest way out of crypto.hash: one code unit per
      // byte, and no Buffer to allocate as the 'buffer' encoding would.
      const digest = hash('sha256', bytes, 'latin1');
      for (let index = 0; index < DIGEST_SIZE; index += 1) out[at + index] = digest.charCodeAt(index);
    },
  };
}

/**
 * @noble/hashes, with one hasher reused (cloned from a fresh one) rather than a hasher, its buffers
 * and a digest allocated for every message.
 */
export function nobleSha256(): Sha256 {
  const fresh = nobleHasher.create();
  const working = nobleHasher.create();
  const digest = new Uint8Array(DIGEST_SIZE);
  const hashInto = (bytes: Uint8Array): void => {
    fresh._cloneInto(working);
    working.update(bytes);
    working.digestInto(digest);
  };
  return {
    name: '@noble/hashes',
    hex(bytes) {
      hashInto(bytes);
      return bytesToHex(digest);
    },
    digestInto(bytes, out, at) {
      hashInto(bytes);
      out.set(digest, at);
    },
  };
}

/** The SHA-256 every hash of the ledger goes through (its chain, its leaves, its nodes): Node's own in Node, else noble's. */
export const SHA256: Sha256 = nodeSha256() ?? nobleSha256();

// Proofs as JSON, the form a server hands out and the verifier command reads: sizes as numbers,
// hashes as 64 lowercase hex digits (as a tree head's root_hash), the path nearest the leaf (or
// the earlier tree) first, in RFC 9162's order. Reading one back checks its form only; whether it
// proves anything is the verifiers' question.
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { MerkleTree } from './merkle-tree.ts';

/** Row `seq` (leaf seq − 1) is in the tree of `tree_size` rows. */
export interface InclusionProofJson {
  readonly seq: number;
  readonly tree_size: number;
  readonly leaf_hash: string;
  readonly path: readonly string[];
}

/** The tree of `to_size` rows extends the tree of `from_size` rows. */
export interface ConsistencyProofJson {
  readonly from_size: number;
  readonly to_size: number;
  readonly path: readonly string[];
}

export type ProofReading =
  | {
      readonly ok: true;
      readonly kind: 'inclusion';
      readonly seq: number;
      readonly treeSize: number;
      readonly leafHash: Uint8Array;
      readonly path: Uint8Array[];
    }
  | {
      readonly ok: true;
      readonly kind: 'consistency';
      readonly fromSize: number;
      readonly toSize: number;
      readonly path: Uint8Array[];
    }
  | { readonly ok: false; readonly reason: string };

/** The inclusion proof of row `seq` in the tree as it was at `treeSize` rows (default: now). */
export function inclusionProofJson(tree: MerkleTree, seq: number, treeSize = tree.size): InclusionProofJson {
  return {
    seq,
    tree_size: treeSize,
    leaf_hash: bytesToHex(tree.leafHash(seq - 1)),
    path: tree.inclusionProof(seq - 1, treeSize).map(bytesToHex),
  };
}

/** The consistency proof from the tree at `fromSize` rows to the tree at `toSize` rows (default: now). */
export function consistencyProofJson(tree: MerkleTree, fromSize: number, toSize = tree.size): ConsistencyProofJson {
  return { from_size: fromSize, to_size: toSize, path: tree.consistencyProof(fromSize, toSize).map(bytesToHex) };
}

const HEX64 = /^[0-9a-f]{64}$/;
const isSize = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** A proof read from JSON: an inclusion proof (has `seq`) or a consistency proof (has `from_size`). */
export function readProofJson(value: unknown): ProofReading {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'a proof is a JSON object' };
  const proof = value as Record<string, unknown>;
  const path = proof['path'];
  if (!Array.isArray(path) || !path.every((hash) => typeof hash === 'string' && HEX64.test(hash)))
    return { ok: false, reason: 'path must be a list of 64-hex-digit hashes' };
  const hashes = (path as string[]).map((hash) => hexToBytes(hash));
  if ('seq' in proof) {
    const { seq, tree_size: treeSize, leaf_hash: leafHash } = proof;
    if (!isSize(seq) || seq < 1) return { ok: false, reason: 'seq must be a whole number from 1' };
    if (!isSize(treeSize)) return { ok: false, reason: 'tree_size must be a whole number' };
    if (typeof leafHash !== 'string' || !HEX64.test(leafHash))
      return { ok: false, reason: 'leaf_hash must be 64 lowercase hex digits' };
    return { ok: true, kind: 'inclusion', seq, treeSize, leafHash: hexToBytes(leafHash), path: hashes };
  }
  if ('from_size' in proof) {
    const { from_size: fromSize, to_size: toSize } = proof;
    if (!isSize(fromSize) || !isSize(toSize))
      return { ok: false, reason: 'from_size and to_size must be whole numbers' };
    return { ok: true, kind: 'consistency', fromSize, toSize, path: hashes };
  }
  return {
    ok: false,
    reason:
      'a proof has either seq, tree_size, leaf_hash and path (inclusion) or from_size, to_size and path (consistency)',
  };
}

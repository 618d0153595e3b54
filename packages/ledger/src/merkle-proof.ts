// Checking the tree's proofs needs nothing but hashes: these are RFC 9162's verification
// algorithms (§2.1.3.2 inclusion, §2.1.4.2 consistency), pure functions anyone can run against a
// signed tree head without the log's code or data. Sizes go up to 2^53, past what JavaScript's
// 32-bit shifts reach, so bits are taken by arithmetic. A proof of the wrong length, a hash of the
// wrong size, an index outside the tree: all are "does not verify", never an exception.
import { HASH_SIZE, nodeHash, sameBytes } from './merkle-hash.ts';
import { levelOf } from './powers-of-two.ts';

const isOdd = (n: number): boolean => n % 2 === 1;
const half = (n: number): number => Math.floor(n / 2);

function wellFormed(hashes: readonly Uint8Array[]): boolean {
  return hashes.every((hash) => hash instanceof Uint8Array && hash.length === HASH_SIZE);
}

/**
 * The root that `proof` (an audit path, nearest sibling first) leads to from leaf `index` with
 * hash `leaf` in a tree of `size` leaves, or null when the path cannot belong to such a tree.
 */
export function rootFromInclusionProof(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
): Uint8Array | null {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return null;
  if (!wellFormed([leaf, ...proof])) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return null;
    if (isOdd(fn) || fn === sn) {
      r = nodeHash(p, r);
      // A right edge with no sibling of its own: climb until this node is a right child again.
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? r : null;
}

/** Whether `proof` shows the leaf with hash `leaf` at `index` in the tree of `size` leaves whose root is `root`. */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  const computed = rootFromInclusionProof(index, size, leaf, proof);
  return computed !== null && root instanceof Uint8Array && sameBytes(computed, root);
}

/**
 * Whether `proof` shows that the tree of `size` leaves with root `root` extends the tree of
 * `from` leaves with root `fromRoot`: every leaf of the earlier tree is in the later one, in the
 * same place. Equal sizes need an empty proof and equal roots; the empty tree is extended by any
 * tree, with an empty proof.
 */
export function verifyConsistency(
  from: number,
  size: number,
  proof: readonly Uint8Array[],
  fromRoot: Uint8Array,
  root: Uint8Array,
): boolean {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(size) || from < 0 || from > size) return false;
  if (!wellFormed([fromRoot, root, ...proof])) return false;
  if (from === size) return proof.length === 0 && sameBytes(fromRoot, root);
  if (from === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  // When the earlier tree is a complete subtree, it is the first node of the path.
  const path = levelOf(from) !== -1 ? [fromRoot, ...proof] : proof;
  let fn = from - 1;
  let sn = size - 1;
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0] as Uint8Array;
  let sr = path[0] as Uint8Array;
  for (let step = 1; step < path.length; step += 1) {
    const c = path[step] as Uint8Array;
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && sameBytes(fr, fromRoot) && sameBytes(sr, root);
}

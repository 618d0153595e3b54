// The ledger's Merkle tree (RFC 9162 §2.1), kept as rows are appended. Level 0 holds every leaf
// hash; level j holds the hash of every complete, aligned subtree of 2^j leaves built so far.
// Appending a leaf completes at most one subtree per level, so it costs one leaf hash plus, on
// average, one node hash (at worst log2 n), and nothing is ever rehashed. With every complete
// subtree at hand, the hash of any range the RFC's recursion visits (a complete subtree, or a
// right edge made of O(log n) complete ones) is found without touching the leaves below it: the
// root at any earlier size, and any inclusion or consistency proof, cost O(log n) hashes. The
// last complete subtree of each level whose bit is set in n is the compact frontier; the root of
// the whole tree folds that frontier from the right.
//
// The memory this takes is about 64 bytes a leaf (32 at level 0, 32 shared by all the levels
// above), 64 MB for a million rows.
import { EMPTY_ROOT, HASH_SIZE, leafHashInto, nodeHash, nodeHashOfPairInto } from './merkle-hash.ts';
import { levelOf, splitPoint } from './powers-of-two.ts';

export class MerkleTree {
  /** levels[j] holds the complete subtrees of 2^j leaves, 32 bytes each, in order. */
  private readonly levels: Uint8Array[] = [new Uint8Array(HASH_SIZE * 1024)];
  private leaves = 0;

  /** How many leaves the tree holds. */
  get size(): number {
    return this.leaves;
  }

  /** Appends the leaf whose bytes are `bytes` (hashed as SHA-256(0x00 ‖ bytes)). Returns its index. */
  append(bytes: Uint8Array): number {
    const index = this.leaves;
    leafHashInto(bytes, this.slot(0, index), index * HASH_SIZE);
    return this.complete(index);
  }

  /** Appends a leaf given by its leaf hash (32 bytes), as a log that stores leaf hashes would. Returns its index. */
  appendLeafHash(hash: Uint8Array): number {
    if (hash.length !== HASH_SIZE) throw new RangeError(`a leaf hash is ${HASH_SIZE} bytes, got ${hash.length}`);
    const index = this.leaves;
    this.slot(0, index).set(hash, index * HASH_SIZE);
    return this.complete(index);
  }

  /** The leaf hash at `index`. */
  leafHash(index: number): Uint8Array {
    this.checkIndex(index, this.leaves);
    return this.stored(0, index).slice();
  }

  /** The root of the tree as it was at `size` leaves (default: now). The empty tree's root is SHA-256 of nothing. */
  root(size = this.leaves): Uint8Array {
    this.checkSize(size);
    return size === 0 ? EMPTY_ROOT.slice() : this.rangeHash(0, size).slice();
  }

  /**
   * The audit path of leaf `index` in the tree of `size` leaves (RFC 9162 §2.1.3.1), the sibling
   * nearest the leaf first. Verify it with verifyInclusion.
   */
  inclusionProof(index: number, size = this.leaves): Uint8Array[] {
    this.checkSize(size);
    this.checkIndex(index, size);
    const path: Uint8Array[] = [];
    this.path(index, 0, size, path);
    return path.map((hash) => hash.slice());
  }

  /**
   * The proof that the tree of `size` leaves extends the tree of `from` leaves (RFC 9162
   * §2.1.4.1). Empty when `from` is 0 or equals `size`. Verify it with verifyConsistency.
   */
  consistencyProof(from: number, size = this.leaves): Uint8Array[] {
    this.checkSize(size);
    if (!Number.isSafeInteger(from) || from < 0 || from > size)
      throw new RangeError(`the earlier size must be from 0 to ${size}, got ${from}`);
    const proof: Uint8Array[] = [];
    if (from > 0 && from < size) this.subproof(from, 0, size, true, proof);
    return proof.map((hash) => hash.slice());
  }

  /** Stores the complete subtrees that leaf `index` finishes; returns `index`. */
  private complete(index: number): number {
    this.leaves = index + 1;
    // A subtree of 2^(j+1) leaves is complete when its right half, ending at this leaf, is.
    let at = index;
    for (let level = 0; at % 2 === 1; level += 1) {
      const parent = (at - 1) / 2;
      const below = this.levels[level] as Uint8Array;
      nodeHashOfPairInto(
        below.subarray((at - 1) * HASH_SIZE, (at + 1) * HASH_SIZE),
        this.slot(level + 1, parent),
        parent * HASH_SIZE,
      );
      at = parent;
    }
    return index;
  }

  /** The buffer of `level`, grown (doubling) to hold subtree `index`. */
  private slot(level: number, index: number): Uint8Array {
    let buffer = this.levels[level];
    if (buffer === undefined) {
      buffer = new Uint8Array(HASH_SIZE * 1024);
      this.levels[level] = buffer;
    }
    if ((index + 1) * HASH_SIZE > buffer.length) {
      const grown = new Uint8Array(Math.max(buffer.length * 2, (index + 1) * HASH_SIZE));
      grown.set(buffer);
      this.levels[level] = grown;
      buffer = grown;
    }
    return buffer;
  }

  /** A view of complete subtree `index` of `level`. Stored subtrees are never rewritten, so the view stays true. */
  private stored(level: number, index: number): Uint8Array {
    return (this.levels[level] as Uint8Array).subarray(index * HASH_SIZE, (index + 1) * HASH_SIZE);
  }

  /** MTH(D[start:end]) for a range the RFC's recursion visits: start is a multiple of the largest power of two ≤ end − start. */
  private rangeHash(start: number, end: number): Uint8Array {
    const n = end - start;
    const level = levelOf(n);
    if (level !== -1) return this.stored(level, start / n);
    const k = splitPoint(n);
    return nodeHash(this.stored(levelOf(k), start / k), this.rangeHash(start + k, end));
  }

  /** PATH(m, D[start:end]), appended deepest first. */
  private path(m: number, start: number, end: number, out: Uint8Array[]): void {
    const n = end - start;
    if (n <= 1) return;
    const k = splitPoint(n);
    if (m < k) {
      this.path(m, start, start + k, out);
      out.push(this.rangeHash(start + k, end));
    } else {
      this.path(m - k, start + k, end, out);
      out.push(this.rangeHash(start, start + k));
    }
  }

  /** SUBPROOF(m, D[start:end], b), appended deepest first. */
  private subproof(m: number, start: number, end: number, whole: boolean, out: Uint8Array[]): void {
    const n = end - start;
    if (m === n) {
      if (!whole) out.push(this.rangeHash(start, end));
      return;
    }
    const k = splitPoint(n);
    if (m <= k) {
      this.subproof(m, start, start + k, whole, out);
      out.push(this.rangeHash(start + k, end));
    } else {
      this.subproof(m - k, start + k, end, false, out);
      out.push(this.rangeHash(start, start + k));
    }
  }

  private checkSize(size: number): void {
    if (!Number.isSafeInteger(size) || size < 0 || size > this.leaves)
      throw new RangeError(`the tree has ${this.leaves} leaves; size ${size} is not one it had`);
  }

  private checkIndex(index: number, size: number): void {
    if (!Number.isSafeInteger(index) || index < 0 || index >= size)
      throw new RangeError(`leaf index ${index} is not in a tree of ${size} leaves`);
  }
}

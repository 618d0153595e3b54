import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_ROOT, leafHash, nodeHash } from './merkle-hash.ts';
import { rootFromInclusionProof, verifyConsistency, verifyInclusion } from './merkle-proof.ts';
import { MerkleTree } from './merkle-tree.ts';
import { levelOf, splitPoint } from './powers-of-two.ts';
import {
  CONSISTENCY,
  EMPTY_LEAF_HEX,
  EMPTY_ROOT_HEX,
  INCLUSION,
  L123456_HEX,
  LEAVES_HEX,
  N123_N456_HEX,
  ROOT_1,
  ROOT_8,
} from '../test-support/rfc6962-vectors.ts';

const fromB64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
const fromHex = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'hex'));
const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

// The RFC's definitions written out as directly as they read, on Node's own SHA-256, to check the
// incremental tree against on sizes the published vectors do not reach.
const sha = (...parts: Uint8Array[]): Uint8Array => {
  const hash = createHash('sha256');
  parts.forEach((part) => hash.update(part));
  return new Uint8Array(hash.digest());
};
const mth = (leaves: readonly Uint8Array[]): Uint8Array => {
  if (leaves.length === 0) return sha();
  if (leaves.length === 1) return sha(Uint8Array.of(0), leaves[0] as Uint8Array);
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return sha(Uint8Array.of(1), mth(leaves.slice(0, k)), mth(leaves.slice(k)));
};
const refPath = (m: number, leaves: readonly Uint8Array[]): Uint8Array[] => {
  if (leaves.length <= 1) return [];
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return m < k
    ? [...refPath(m, leaves.slice(0, k)), mth(leaves.slice(k))]
    : [...refPath(m - k, leaves.slice(k)), mth(leaves.slice(0, k))];
};
const refSubproof = (m: number, leaves: readonly Uint8Array[], whole: boolean): Uint8Array[] => {
  if (m === leaves.length) return whole ? [] : [mth(leaves)];
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return m <= k
    ? [...refSubproof(m, leaves.slice(0, k), whole), mth(leaves.slice(k))]
    : [...refSubproof(m - k, leaves.slice(k), false), mth(leaves.slice(0, k))];
};

const treeOf = (leaves: readonly Uint8Array[]): MerkleTree => {
  const tree = new MerkleTree();
  leaves.forEach((leaf) => tree.append(leaf));
  return tree;
};
const reference = treeOf(LEAVES_HEX.map(fromHex));

describe('the RFC 6962 hashes, against the published vectors', () => {
  it('hashes the empty tree, a leaf and a node as the RFC does', () => {
    expect(hex(EMPTY_ROOT)).toBe(EMPTY_ROOT_HEX);
    expect(hex(new MerkleTree().root())).toBe(EMPTY_ROOT_HEX);
    expect(hex(leafHash(new Uint8Array(0)))).toBe(EMPTY_LEAF_HEX);
    expect(hex(leafHash(ascii('L123456')))).toBe(L123456_HEX);
    expect(hex(nodeHash(ascii('N123'), ascii('N456')))).toBe(N123_N456_HEX);
  });

  it('gives the reference roots of the eight leaves, and of the first one', () => {
    expect(b64(reference.root())).toBe(ROOT_8);
    expect(b64(reference.root(1))).toBe(ROOT_1);
  });
});

describe('inclusion proofs, against the published vectors', () => {
  for (const vector of INCLUSION) {
    it(`${vector.desc}: leaf ${vector.leafIdx} of ${vector.treeSize}`, () => {
      const proof = (vector.proof ?? []).map(fromB64);
      expect(
        verifyInclusion(vector.leafIdx, vector.treeSize, fromB64(vector.leafHash), proof, fromB64(vector.root)),
      ).toBe(!vector.wantErr);
      if (!vector.wantErr) {
        expect(b64(reference.root(vector.treeSize))).toBe(vector.root);
        expect(b64(reference.leafHash(vector.leafIdx))).toBe(vector.leafHash);
        expect(reference.inclusionProof(vector.leafIdx, vector.treeSize).map(b64)).toEqual(vector.proof ?? []);
      }
    });
  }

  it('refuses every corruption testdata derives from a happy path', () => {
    for (const vector of INCLUSION.filter((candidate) => !candidate.wantErr)) {
      const proof = (vector.proof ?? []).map(fromB64);
      const leaf = fromB64(vector.leafHash);
      const root = fromB64(vector.root);
      const { leafIdx: index, treeSize: size } = vector;
      const cases: [string, boolean][] = [
        ['wrong leaf', verifyInclusion(index, size, sha(ascii('WrongLeaf')), proof, root)],
        ['empty root', verifyInclusion(index, size, leaf, proof, new Uint8Array(0))],
        ['random root', verifyInclusion(index, size, leaf, proof, sha(ascii('WrongRoot')))],
        ['index + 1', verifyInclusion(index + 1, size, leaf, proof, root)],
        ['index - 1', verifyInclusion(index - 1, size, leaf, proof, root)],
        ['index ^ 2', verifyInclusion(index ^ 2, size, leaf, proof, root)],
        ['size * 2', verifyInclusion(index, size * 2, leaf, proof, root)],
        ['size / 2', verifyInclusion(index, Math.floor(size / 2), leaf, proof, root)],
        ['preceding garbage', verifyInclusion(index, size, leaf, [sha(ascii('garbage')), ...proof], root)],
        ['trailing garbage', verifyInclusion(index, size, leaf, [...proof, sha(ascii('garbage'))], root)],
        ['trailing root', verifyInclusion(index, size, leaf, [...proof, root], root)],
        ['preceding root', verifyInclusion(index, size, leaf, [root, ...proof], root)],
        [
          'inserted component',
          verifyInclusion(index, size, leaf, [...proof.slice(0, 1), sha(ascii('inserted')), ...proof.slice(1)], root),
        ],
        [
          'a hash of the wrong length',
          verifyInclusion(index, size, leaf, [...proof.slice(0, -1), new Uint8Array(31)], root),
        ],
      ];
      if (proof.length > 0)
        cases.push(['removed component', verifyInclusion(index, size, leaf, proof.slice(0, -1), root)]);
      proof.forEach((_, at) => {
        for (let bit = 0; bit < 8; bit += 1) {
          const modified = proof.map((hash) => hash.slice());
          flipBit(modified[at] as Uint8Array, bit);
          cases.push([`modified proof[${at}] bit ${bit}`, verifyInclusion(index, size, leaf, modified, root)]);
        }
      });
      expect(
        cases.filter(([, verified]) => verified).map(([name]) => `${vector.leafIdx}/${vector.treeSize}: ${name}`),
      ).toEqual([]);
    }
  });
});

describe('consistency proofs, against the published vectors', () => {
  for (const vector of CONSISTENCY) {
    it(`${vector.desc}: ${vector.size1} → ${vector.size2}`, () => {
      const proof = (vector.proof ?? []).map(fromB64);
      expect(verifyConsistency(vector.size1, vector.size2, proof, fromB64(vector.root1), fromB64(vector.root2))).toBe(
        !vector.wantErr,
      );
      if (!vector.wantErr) {
        expect(b64(reference.root(vector.size1))).toBe(vector.root1);
        expect(b64(reference.root(vector.size2))).toBe(vector.root2);
        expect(reference.consistencyProof(vector.size1, vector.size2).map(b64)).toEqual(vector.proof ?? []);
      }
    });
  }

  it('refuses every corruption testdata derives from a happy path', () => {
    for (const vector of CONSISTENCY.filter((candidate) => !candidate.wantErr && candidate.size1 !== candidate.size2)) {
      const proof = (vector.proof ?? []).map(fromB64);
      const [root1, root2] = [fromB64(vector.root1), fromB64(vector.root2)];
      const { size1, size2 } = vector;
      const cases: [string, boolean][] = [
        ['empty proof', verifyConsistency(size1, size2, [], root1, root2)],
        ['swapped roots', verifyConsistency(size1, size2, proof, root2, root1)],
        ['wrong root1', verifyConsistency(size1, size2, proof, sha(ascii('WrongRoot')), root2)],
        ['wrong root2', verifyConsistency(size1, size2, proof, root1, sha(ascii('WrongRoot')))],
        ['size1 + 1', verifyConsistency(size1 + 1, size2, proof, root1, root2)],
        ['size1 - 1', verifyConsistency(size1 - 1, size2, proof, root1, root2)],
        ['size1 ^ 2', verifyConsistency(size1 ^ 2, size2, proof, root1, root2)],
        ['size2 * 2', verifyConsistency(size1, size2 * 2, proof, root1, root2)],
        ['size2 / 2', verifyConsistency(size1, Math.floor(size2 / 2), proof, root1, root2)],
        ['preceding garbage', verifyConsistency(size1, size2, [sha(ascii('garbage')), ...proof], root1, root2)],
        ['trailing garbage', verifyConsistency(size1, size2, [...proof, sha(ascii('garbage'))], root1, root2)],
        ['preceding root1', verifyConsistency(size1, size2, [root1, ...proof], root1, root2)],
        ['trailing root1', verifyConsistency(size1, size2, [...proof, root1], root1, root2)],
        ['trailing root2', verifyConsistency(size1, size2, [...proof, root2], root1, root2)],
        ['truncated proof', verifyConsistency(size1, size2, proof.slice(0, -1), root1, root2)],
      ];
      proof.forEach((_, at) => {
        for (let bit = 0; bit < 8; bit += 1) {
          const modified = proof.map((hash) => hash.slice());
          flipBit(modified[at] as Uint8Array, bit);
          cases.push([`modified proof[${at}] bit ${bit}`, verifyConsistency(size1, size2, modified, root1, root2)]);
        }
      });
      expect(cases.filter(([, verified]) => verified).map(([name]) => `${size1} → ${size2}: ${name}`)).toEqual([]);
    }
  });
});

describe('the incremental tree, against the RFC definitions', () => {
  const leavesOf = fc.array(fc.uint8Array({ maxLength: 12 }), { minLength: 1, maxLength: 70 });

  it('has the RFC root at every size it passed through', () => {
    fc.assert(
      fc.property(leavesOf, (leaves) => {
        const tree = treeOf(leaves);
        for (let size = 0; size <= leaves.length; size += 1)
          expect(hex(tree.root(size))).toBe(hex(mth(leaves.slice(0, size))));
      }),
      { numRuns: 60 },
    );
  });

  it('builds the RFC inclusion proof of every leaf at every size; each verifies, and not for another leaf, size or root', () => {
    fc.assert(
      fc.property(leavesOf, (leaves) => {
        const tree = treeOf(leaves);
        for (let size = 1; size <= leaves.length; size += 1) {
          const root = tree.root(size);
          for (let index = 0; index < size; index += 1) {
            const proof = tree.inclusionProof(index, size);
            expect(proof.map(hex)).toEqual(refPath(index, leaves.slice(0, size)).map(hex));
            const leaf = tree.leafHash(index);
            expect(verifyInclusion(index, size, leaf, proof, root)).toBe(true);
            const other = (index + 1) % size;
            if (other !== index && hex(tree.leafHash(other)) !== hex(leaf))
              expect(verifyInclusion(other, size, tree.leafHash(other), proof, root)).toBe(false);
            if (size > 1 && !sameHex(tree.root(size - 1), root))
              expect(verifyInclusion(index, size, leaf, proof, tree.root(size - 1))).toBe(false);
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('builds the RFC consistency proof between every two sizes; each verifies, and not between other heads', () => {
    fc.assert(
      fc.property(leavesOf, (leaves) => {
        const tree = treeOf(leaves);
        const n = leaves.length;
        for (let size = 1; size <= n; size += 1) {
          for (let from = 1; from <= size; from += 1) {
            const proof = tree.consistencyProof(from, size);
            const expected = from === size ? [] : refSubproof(from, leaves.slice(0, size), true);
            expect(proof.map(hex)).toEqual(expected.map(hex));
            expect(verifyConsistency(from, size, proof, tree.root(from), tree.root(size))).toBe(true);
            if (from < size) {
              // A head that is not the earlier one, or a later head that is not the one proved.
              const stranger = sha(ascii(`not a root ${from}`));
              expect(verifyConsistency(from, size, proof, stranger, tree.root(size))).toBe(false);
              expect(verifyConsistency(from, size, proof, tree.root(from), stranger)).toBe(false);
              if (from > 1)
                expect(verifyConsistency(from - 1, size, proof, tree.root(from - 1), tree.root(size))).toBe(false);
            }
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it('reads the root from an audit path, or nothing for a path that cannot fit the tree', () => {
    const leaf = reference.leafHash(3);
    expect(b64(rootFromInclusionProof(3, 8, leaf, reference.inclusionProof(3)) as Uint8Array)).toBe(ROOT_8);
    expect(rootFromInclusionProof(8, 8, leaf, reference.inclusionProof(3))).toBeNull();
    expect(rootFromInclusionProof(3, 8, leaf, reference.inclusionProof(3).slice(1))).toBeNull();
  });

  it('accepts a leaf hash as a log that stores hashes would, and refuses sizes and indices it never had', () => {
    const tree = new MerkleTree();
    LEAVES_HEX.map(fromHex).forEach((leaf) => tree.appendLeafHash(leafHash(leaf)));
    expect(b64(tree.root())).toBe(ROOT_8);
    expect(() => tree.appendLeafHash(new Uint8Array(31))).toThrow(RangeError);
    expect(() => tree.root(9)).toThrow(RangeError);
    expect(() => tree.inclusionProof(8, 8)).toThrow(RangeError);
    expect(() => tree.consistencyProof(9, 8)).toThrow(RangeError);
    expect(tree.consistencyProof(0, 8)).toEqual([]);
    expect(verifyConsistency(0, 8, [], EMPTY_ROOT, tree.root())).toBe(true);
  });

  it('hands out copies: changing a returned hash does not change the tree', () => {
    const tree = treeOf(LEAVES_HEX.map(fromHex));
    tree.root().fill(0);
    tree.inclusionProof(0).forEach((hash) => hash.fill(0));
    tree.leafHash(0).fill(0);
    expect(b64(tree.root())).toBe(ROOT_8);
    expect(verifyInclusion(0, 8, tree.leafHash(0), tree.inclusionProof(0), tree.root())).toBe(true);
  });
});

describe('powers of two past 32 bits', () => {
  it('finds the split and the level exactly up to 2^53', () => {
    expect([2, 3, 4, 5, 8, 9, 2 ** 31, 2 ** 31 + 1, 2 ** 32, 2 ** 52 + 1, 2 ** 53].map(splitPoint)).toEqual([
      1,
      2,
      2,
      4,
      4,
      8,
      2 ** 30,
      2 ** 31,
      2 ** 31,
      2 ** 52,
      2 ** 52,
    ]);
    expect([1, 2, 3, 2 ** 31, 2 ** 31 + 1, 2 ** 40, 2 ** 52 + 1, 2 ** 53].map(levelOf)).toEqual([
      0, 1, -1, 31, -1, 40, -1, 53,
    ]);
  });

  it('verifies proofs in trees larger than 2^32 leaves', () => {
    // A tree of 2^33 + 1 leaves whose every complete subtree hashes alike: the path of the last
    // leaf is the one complete subtree of 2^33 leaves, computed here from the leaf upward.
    const leaf = leafHash(ascii('x'));
    let subtree = leaf;
    for (let level = 0; level < 33; level += 1) subtree = nodeHash(subtree, subtree);
    const size = 2 ** 33 + 1;
    expect(verifyInclusion(size - 1, size, leaf, [subtree], nodeHash(subtree, leaf))).toBe(true);
    expect(verifyInclusion(size - 2, size, leaf, [subtree], nodeHash(subtree, leaf))).toBe(false);
  });
});

function sameHex(a: Uint8Array, b: Uint8Array): boolean {
  return hex(a) === hex(b);
}

function flipBit(hash: Uint8Array, bit: number): void {
  hash[0] = (hash[0] as number) ^ (1 << bit);
}

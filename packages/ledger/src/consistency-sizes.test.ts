// A consistency proof is only ever from an earlier tree to one at least as large: RFC 6962 §2.1.2
// defines PROOF(m, D[n]) for 0 < m <= n, and RFC 9162 §2.1.4 proves that the tree of
// second_size leaves extends the one of first_size leaves. A head of m rows followed by one of
// fewer rows is a log that lost rows, so no proof may say the smaller tree extends the larger.
// These tests are the rule, not the verifier's loop: whatever the proof, a later tree smaller than
// the earlier one never verifies; and a desk that chooses its later root freely (it signs its own
// heads) cannot make a smaller head look like the continuation of a larger one.
import { describe, expect, it } from 'vitest';
import { leafHash, nodeHash } from './merkle-hash.ts';
import { verifyConsistency } from './merkle-proof.ts';
import { MerkleTree } from './merkle-tree.ts';

const leaves = (n: number): Uint8Array[] =>
  Array.from({ length: n }, (_, i) => new TextEncoder().encode(`row ${i + 1}`));
const treeOf = (n: number): MerkleTree => {
  const tree = new MerkleTree();
  leaves(n).forEach((leaf) => tree.append(leaf));
  return tree;
};

describe('a consistency proof between tree sizes', () => {
  it('never shows a smaller tree extending a larger one: no proof taken from the real trees, in either direction', () => {
    const tree = treeOf(12);
    for (let from = 2; from <= 12; from += 1) {
      for (let to = 1; to < from; to += 1) {
        const [big, small] = [tree.root(from), tree.root(to)];
        const forward = tree.consistencyProof(to, from);
        const candidates = [[], forward, [small], [big], [big, ...forward], [...forward, small]];
        for (const proof of candidates) {
          expect(verifyConsistency(from, to, proof, big, small)).toBe(false);
          expect(verifyConsistency(from, to, proof, small, big)).toBe(false);
        }
      }
    }
  });

  it('refuses a desk that signed a head of 3 rows and then one of 2 rows whose root it chose to fit a proof', () => {
    const three = treeOf(3);
    const earlier = three.root(3);
    // The desk picks any node c and signs the 2-row head with root H(earlier, c): a proof
    // [earlier, c] would lead from the 3-row root to it, were "from 3 to 2" a question at all.
    const c = leafHash(new TextEncoder().encode('anything'));
    const chosen = nodeHash(earlier, c);
    expect(verifyConsistency(3, 2, [earlier, c], earlier, chosen)).toBe(false);
    expect(verifyConsistency(3, 2, [c], earlier, nodeHash(c, earlier))).toBe(false);
    // Read the right way round, the same trees are consistent: the rule is the order, not the rows.
    expect(verifyConsistency(2, 3, three.consistencyProof(2, 3), three.root(2), earlier)).toBe(true);
  });

  it('at equal sizes takes only the same root with an empty proof', () => {
    const tree = treeOf(5);
    expect(verifyConsistency(5, 5, [], tree.root(5), tree.root(5))).toBe(true);
    expect(verifyConsistency(5, 5, [], tree.root(5), tree.root(4))).toBe(false);
    expect(verifyConsistency(5, 5, [tree.root(5)], tree.root(5), tree.root(5))).toBe(false);
  });
});

// A ledger's rows as the leaves of its Merkle tree. Leaf i (from 0) is row seq i + 1, and its
// bytes are that row's line of the exported TSV, every field as the export escapes it, without
// the line feed, in UTF-8: so anyone holding an export can rebuild the tree with no code of ours
// beyond "split on LF", and the leaf covers the chain field too.
import { MerkleTree } from './merkle-tree.ts';
import type { AnyRow } from './schema.ts';
import type { TsvFormat } from './tsv.ts';

const encoder = new TextEncoder();

export interface Leaves<R extends AnyRow> {
  /** The leaf bytes of `row`: its TSV line without the LF, UTF-8. Throws LedgerRowError for a row that cannot be written. */
  leaf(row: R): Uint8Array;
  /** The tree over `rows`, in order (the first must be seq 1). */
  tree(rows: readonly R[]): MerkleTree;
}

export function leavesOver<R extends AnyRow>(tsv: TsvFormat<R>): Leaves<R> {
  const leaf = (row: R): Uint8Array => encoder.encode(tsv.serialiseRow(row, row.seq));
  return {
    leaf,
    tree(rows) {
      const tree = new MerkleTree();
      for (const row of rows) tree.append(leaf(row));
      return tree;
    },
  };
}

/**
 * The tree over the data lines of an export given as UTF-8 bytes (header line first, every line
 * ended by LF), hashing each line where it lies. The lines are not checked here: verifyExport
 * checks the chain and form first.
 */
export function treeOfExportLines(bytes: Uint8Array): MerkleTree {
  const tree = new MerkleTree();
  let start = bytes.indexOf(0x0a) + 1;
  while (start > 0 && start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    if (end === -1) break;
    tree.append(bytes.subarray(start, end));
    start = end + 1;
  }
  return tree;
}

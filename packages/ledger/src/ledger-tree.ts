// The ledger's rows as the leaves of its Merkle tree. Leaf i (from 0) is row seq i + 1, and its
// bytes are that row's line of the exported TSV, all 17 fields as the export escapes them, without
// the line feed, in UTF-8: so anyone holding an export can rebuild the tree with no code of ours
// beyond "split on LF", and the leaf covers the chain field too.
import type { LedgerRow } from './fields.ts';
import { MerkleTree } from './merkle-tree.ts';
import { serialiseRow } from './tsv.ts';

const encoder = new TextEncoder();

/** The leaf bytes of `row`: its TSV line without the LF, UTF-8. Throws LedgerRowError for a row that cannot be written. */
export function ledgerLeaf(row: LedgerRow): Uint8Array {
  return encoder.encode(serialiseRow(row, row.seq));
}

/** The tree over `rows`, in order (the first must be seq 1). */
export function ledgerTree(rows: readonly LedgerRow[]): MerkleTree {
  const tree = new MerkleTree();
  for (const row of rows) tree.append(ledgerLeaf(row));
  return tree;
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

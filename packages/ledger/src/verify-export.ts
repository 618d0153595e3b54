// Checks an exported ledger against a signed tree head, as anyone holding the two can, offline:
//   1. the head: its form and its Ed25519 signature (under the trusted key, when one is given);
//   2. the chain, row by row (verifyLedger), which names the first row that breaks and why;
//   3. the tree: the first `size` rows must hash to the head's root. A desk that rewrote a row and
//      recomputed every chain after it passes step 2 and fails here; an export that stops short of
//      the head fails here too, unless a consistency proof shows the head extends it.
// Rows after the head's size are checked by the chain only: the head says nothing about them.
// A failure in step 3 cannot name the row, since a root commits to all its rows at once; what it
// says is that some row the head covers is not the row that was signed.
import { bytesToHex } from '@noble/hashes/utils.js';
import { sameBytes } from './merkle-hash.ts';
import { verifyConsistency, verifyInclusion } from './merkle-proof.ts';
import { treeOfExportLines } from './ledger-tree.ts';
import { readProofJson } from './proof-json.ts';
import { verifyTreeHead, type SignedTreeHead } from './tree-head.ts';
import type { BreakReason, Verification } from './verify.ts';

export type ExportFailureReason = 'head' | 'proof' | 'truncated' | 'rewritten' | BreakReason;

export interface ExportVerified {
  readonly ok: true;
  /** Rows in the export. */
  readonly rows: number;
  /** Rows the head covers (its size), all of which verified against its root. */
  readonly covered: number;
  readonly head: SignedTreeHead;
  readonly message: string;
}

export interface ExportFailure {
  readonly ok: false;
  readonly isError: true;
  readonly code: 'EXPORT_UNVERIFIED';
  readonly reason: ExportFailureReason;
  /** The first row that fails, counted from 1 (0 is the header), or null when no one row can be named. */
  readonly row: number | null;
  readonly message: string;
}

export type ExportVerification = ExportVerified | ExportFailure;

export interface ExportOptions {
  /** The key the head must be signed with (base64 or 32 bytes). Without it, the head's own key is used. */
  readonly key?: string | Uint8Array;
  /** An inclusion or consistency proof, as JSON (see readProofJson). */
  readonly proof?: unknown;
}

const encoder = new TextEncoder();

export type VerifyExport = (tsv: string | Uint8Array, head: unknown, options?: ExportOptions) => ExportVerification;

/**
 * How an export's rows are walked before its tree is checked: a schema's ledger (its `verify`), or
 * a JSON-entries record (json-entries.ts). Either names the first row that breaks, and why.
 */
export type ChainWalk = (bytes: Uint8Array) => Verification;

/** The check of an export whose chain `walk` walks: a header line, then one leaf a line. */
export function exportVerifierOver(walk: ChainWalk): VerifyExport {
  return (tsv, head, options = {}) => verifyExport(walk, tsv, head, options);
}

/** Verifies an export (its text or its UTF-8 bytes) against a signed tree head read from JSON. */
function verifyExport(
  verifyLedger: ChainWalk,
  tsv: string | Uint8Array,
  head: unknown,
  options: ExportOptions,
): ExportVerification {
  const checked = verifyTreeHead(head, options.key === undefined ? {} : { key: options.key });
  if (!checked.ok) return failure('head', null, `The tree head does not verify: ${checked.reason}.`);
  const signed = checked.head;
  const proof = options.proof === undefined ? null : readProofJson(options.proof);
  if (proof && !proof.ok) return failure('proof', null, `The proof cannot be read: ${proof.reason}.`);

  const bytes = typeof tsv === 'string' ? encoder.encode(tsv) : tsv;
  const chain = verifyLedger(bytes);
  if (!chain.ok) return failure(chain.reason, chain.row, chain.message);

  const tree = treeOfExportLines(bytes);
  const rows = tree.size;
  const size = signed.size;
  const signedAt = `the head of ${size} rows signed at ${signed.timestamp}`;

  if (proof?.ok && proof.kind === 'inclusion') {
    if (proof.treeSize !== size)
      return failure(
        'proof',
        null,
        `The inclusion proof is for a tree of ${proof.treeSize} rows; ${signedAt} is not that tree.`,
      );
    if (proof.seq > rows)
      return failure('proof', null, `The inclusion proof is for seq ${proof.seq}; the export has ${rows} rows.`);
    if (!sameBytes(proof.leafHash, tree.leafHash(proof.seq - 1)))
      return failure(
        'edited',
        proof.seq,
        `Row ${proof.seq} is not the row the inclusion proof is for: its leaf hash differs.`,
      );
    if (!verifyInclusion(proof.seq - 1, size, proof.leafHash, proof.path, checked.root))
      return failure(
        'proof',
        proof.seq,
        `Row ${proof.seq}'s inclusion proof does not lead to the root of ${signedAt}.`,
      );
  }

  if (rows < size) {
    if (!(proof?.ok && proof.kind === 'consistency')) {
      return failure(
        'truncated',
        rows + 1,
        `Row ${rows + 1} is missing: ${signedAt} covers ${size} rows, and the export ends after row ${rows}. Rows ${rows + 1} to ${size} were removed (or the export was cut short).`,
      );
    }
    if (proof.fromSize !== rows || proof.toSize !== size) {
      return failure(
        'proof',
        null,
        `The consistency proof is from ${proof.fromSize} to ${proof.toSize} rows; this check needs one from the export's ${rows} rows to the head's ${size}.`,
      );
    }
    if (!verifyConsistency(rows, size, proof.path, tree.root(), checked.root)) {
      return failure(
        'rewritten',
        null,
        `The export's ${rows} rows are not a prefix of ${signedAt}: the consistency proof does not join their root to the head's. At least one of rows 1 to ${rows} differs from what was signed.`,
      );
    }
    return {
      ok: true,
      rows,
      covered: rows,
      head: signed,
      message: `${rows} rows verify: the chain holds, and the consistency proof shows ${signedAt} extends them (root ${bytesToHex(tree.root())} at ${rows} rows).`,
    };
  }

  if (proof?.ok && proof.kind === 'consistency') {
    // The export reaches the head; a consistency proof from an earlier size is checked against the export's own tree there.
    if (proof.toSize !== size || proof.fromSize > size)
      return failure(
        'proof',
        null,
        `The consistency proof is from ${proof.fromSize} to ${proof.toSize} rows; ${signedAt} is not its later tree.`,
      );
    if (!verifyConsistency(proof.fromSize, size, proof.path, tree.root(proof.fromSize), checked.root)) {
      return failure(
        'proof',
        null,
        `The consistency proof from ${proof.fromSize} rows does not join the export's root at ${proof.fromSize} rows to ${signedAt}.`,
      );
    }
  }

  if (!sameBytes(tree.root(size), checked.root)) {
    return failure(
      'rewritten',
      null,
      `Rows 1 to ${size} do not hash to the root of ${signedAt}: at least one of them was changed, inserted or removed after the head was signed, with the chain recomputed to hide it. A root commits to all its rows at once, so it cannot say which; an inclusion proof for a row (--proof) checks that row alone.`,
    );
  }
  const after =
    rows > size ? ` Rows ${size + 1} to ${rows} came after the head and are checked by the chain only.` : '';
  return {
    ok: true,
    rows,
    covered: size,
    head: signed,
    message: `${rows} rows verify: the chain holds, and rows 1 to ${size} match ${signedAt} (root ${signed.root_hash}).${after}`,
  };
}

function failure(reason: ExportFailureReason, row: number | null, message: string): ExportFailure {
  return { ok: false, isError: true, code: 'EXPORT_UNVERIFIED', reason, row, message };
}

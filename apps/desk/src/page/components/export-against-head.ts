// An exported ledger dropped on the page, checked against the desk's current signed head with the
// ledger package's verifyExport, as anyone holding the file and the head could offline. Where the
// verdict alone cannot name a row (a root commits to all its rows at once), the page asks its
// server for consistency proofs from shorter prefixes of the file to the head and halves the range
// until it finds the first row the desk did not sign: about log2(rows) small requests, each proof
// checked here against the signed root, so the server is trusted for nothing but its signature.
import * as LedgerPackage from '@warrant/ledger';
import type { MerkleTree, SignedTreeHead } from '@warrant/ledger';
import { askDesk } from '../../api/ask-desk.ts';
import { DESK_API } from '../../api/desk-api.ts';
import { readDeskHead } from './desk-head.ts';
import { clockTime } from './wording.ts';

export interface HeadVerdict {
  readonly kind: 'ok' | 'broken' | 'unchecked';
  /** A sentence (or two) starting with a capital. */
  readonly text: string;
  /** The first row that fails, when one can be named. */
  readonly row: number | null;
  readonly reason: string | null;
  readonly size: number | null;
}

type Ledger = typeof LedgerPackage;

/** Rows in an export: its lines after the header, each ended by LF. */
function rowsIn(bytes: Uint8Array): number {
  let lines = 0;
  for (const byte of bytes) if (byte === 0x0a) lines += 1;
  return Math.max(0, lines - 1);
}

/** The server's consistency proof, or its refusal: either is read by the ledger package, which takes only a proof. */
const proofFrom = (from: number, to: number) => askDesk(DESK_API.consistencyProof, { query: { from, to } });

/** Whether the file's first `size` rows are the first `size` rows of the signed tree; null when the server gives no proof. */
async function signedPrefix(
  ledger: Ledger,
  tree: MerkleTree,
  head: SignedTreeHead,
  root: Uint8Array,
  size: number,
): Promise<boolean | null> {
  if (size === head.size) return tree.root(size).every((byte, index) => byte === root[index]);
  const proof = ledger.readProofJson(await proofFrom(size, head.size));
  if (!proof.ok || proof.kind !== 'consistency' || proof.fromSize !== size || proof.toSize !== head.size) return null;
  return ledger.verifyConsistency(size, head.size, proof.path, tree.root(size), root);
}

/** The first of the file's rows 1..`upTo` the desk did not sign, when the file's first `upTo` rows are not the signed ones; null if none or unknown. */
async function firstUnsigned(
  ledger: Ledger,
  tree: MerkleTree,
  head: SignedTreeHead,
  root: Uint8Array,
  upTo: number,
): Promise<number | null> {
  if ((await signedPrefix(ledger, tree, head, root, upTo)) !== false) return null;
  let good = 0;
  let bad = upTo;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    const signed = await signedPrefix(ledger, tree, head, root, middle);
    if (signed === null) return null;
    if (signed) good = middle;
    else bad = middle;
  }
  return bad;
}

export async function checkExportAgainstHead(bytes: Uint8Array, file: string): Promise<HeadVerdict> {
  const ledger: Ledger = LedgerPackage;
  const current = await readDeskHead();
  if (!current.ok)
    return {
      kind: 'unchecked',
      text: `The file ${file} was not checked against a signed head. ${current.message}`,
      row: null,
      reason: current.code,
      size: null,
    };
  const { head } = current;
  const against = `the desk's signed head of ${head.size} ${head.size === 1 ? 'row' : 'rows'} (signed ${clockTime(head.timestamp)})`;
  const verified = ledger.verifyExport(bytes, head, { key: head.key });
  if (verified.ok) {
    const after =
      verified.rows > verified.covered
        ? ` Rows ${verified.covered + 1} to ${verified.rows} came after it and are checked by the chain only.`
        : '';
    return {
      kind: 'ok',
      text: `The file ${file} matches ${against}: rows 1 to ${verified.covered} are the rows the desk signed.${after}`,
      row: null,
      reason: null,
      size: head.size,
    };
  }
  const failed = (row: number | null, reason: string, why: string): HeadVerdict => ({
    kind: 'broken',
    text: `The file ${file} fails against ${against}. ${why}`,
    row,
    reason,
    size: head.size,
  });
  if (verified.reason !== 'truncated' && verified.reason !== 'rewritten')
    return failed(verified.row, verified.reason, verified.message);

  // Both need the file's own tree; the chain held, so the file reads as rows.
  const parsed = ledger.parseLedger(bytes);
  const signed = ledger.verifyTreeHead(head);
  if (!parsed.ok || !signed.ok) return failed(verified.row, verified.reason, verified.message);
  const tree = ledger.ledgerTree(parsed.rows);
  const root = signed.root;
  const rows = rowsIn(bytes);
  const upTo = Math.min(rows, head.size);
  const rewritten = upTo === 0 ? null : await firstUnsigned(ledger, tree, head, root, upTo);
  if (rewritten !== null) {
    return failed(
      rewritten,
      'rewritten',
      `Row ${rewritten} is not the row the desk signed: rows 1 to ${rewritten - 1} match the head, and from row ${rewritten} on they differ (changed, inserted or removed, with the chain recomputed to hide it).`,
    );
  }
  if (verified.reason === 'truncated') {
    return failed(
      rows + 1,
      'truncated',
      `Row ${rows + 1} is missing: the head covers ${head.size} rows and the file ends after row ${rows}. Rows 1 to ${rows} are the ones the desk signed, so the file was cut short, or exported before rows ${rows + 1} to ${head.size} were added.`,
    );
  }
  return failed(verified.row, verified.reason, verified.message);
}

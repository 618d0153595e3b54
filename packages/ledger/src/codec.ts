// Everything a ledger of one schema needs, compiled once from the schema: the checks, the TSV
// reading and writing, the chain, verification, the append-only log's format, the Merkle leaves
// and the check of an export against a signed head. A ledger of other fields is another schema
// passed here; nothing below knows any schema's fields by name.
import { chainOver } from './chain.ts';
import { fieldChecks, type RowProblem } from './field-check.ts';
import { logFormatOver } from './ledger-format.ts';
import { leavesOver } from './ledger-tree.ts';
import { linePattern } from './line-pattern.ts';
import type { LogFormat } from './log-format.ts';
import type { MerkleTree } from './merkle-tree.ts';
import type { AnyRow, ChainedOf, DraftOf, FieldDeclaration, LedgerSchema, RowOf } from './schema.ts';
import { tsvFormat, type ParsedLedger } from './tsv.ts';
import { verifierOver, type Verification, type VerifyOptions } from './verify.ts';
import { exportVerifierOver, type ExportOptions, type ExportVerification } from './verify-export.ts';

export interface LedgerCodec<S extends LedgerSchema = LedgerSchema> {
  readonly schema: S;
  /** The TSV header: the field names, TAB-joined. */
  readonly header: string;
  /** Why `value` cannot be held by `field`, or null when it can. */
  fieldProblem(field: FieldDeclaration, value: unknown): string | null;
  /** The first problem with a whole row (every field present, nothing else), or null. */
  rowProblem(row: unknown): RowProblem | null;
  /** The first problem with a draft (required fields present, optional ones valid, sealed ones absent), or null. */
  draftProblem(draft: unknown): RowProblem | null;
  /** One row as one TSV line, without its LF. Throws LedgerRowError for a row that could not be read back. */
  serialiseRow(row: RowOf<S>, position?: number): string;
  /** The whole ledger as TSV: the header, then one LF-ended line per row. Throws LedgerRowError naming the first bad row. */
  serialise(rows: readonly RowOf<S>[]): string;
  /** TSV text or its UTF-8 bytes as typed rows, or a MALFORMED_LEDGER refusal naming the row and field. Checks form, not the chain. */
  parse(input: string | Uint8Array): ParsedLedger<RowOf<S>>;
  /** The chain of `row` placed after a row whose chain is `prev`: SHA-256 hex of prev, TAB and every other field as serialised. */
  chainOf(prev: string, row: ChainedOf<S>): string;
  /** `row` with its chain, placed after a row whose chain is `prev`. */
  sealRow(prev: string, row: ChainedOf<S>): RowOf<S>;
  /** Walks the chain of TSV text, its bytes, or rows; names the first row that breaks and why. */
  verify(input: string | Uint8Array | readonly RowOf<S>[], options?: VerifyOptions): Verification;
  /** The append-only log's format for this ledger; `clock` stamps a row appended without a time. */
  logFormat(clock: () => Date): LogFormat<DraftOf<S>, RowOf<S>>;
  /** A row's Merkle leaf: its TSV line without the LF, UTF-8. */
  leaf(row: RowOf<S>): Uint8Array;
  /** The Merkle tree over rows from seq 1. */
  tree(rows: readonly RowOf<S>[]): MerkleTree;
  /** Checks an export against a signed tree head (and a proof): the chain, then the tree. */
  verifyExport(tsv: string | Uint8Array, head: unknown, options?: ExportOptions): ExportVerification;
}

export function ledgerCodec<S extends LedgerSchema>(schema: S): LedgerCodec<S> {
  // Inside, a row is any row of any schema; the types a caller sees are the schema's own.
  type R = AnyRow;
  const checks = fieldChecks(schema);
  const pattern = linePattern(schema);
  const tsv = tsvFormat<R>(schema, checks, pattern);
  const chain = chainOver(tsv);
  const verify = verifierOver(schema.fields.length, checks, pattern, tsv, chain);
  const leaves = leavesOver(tsv);
  const codec = {
    schema,
    header: tsv.header,
    fieldProblem: checks.fieldProblem,
    rowProblem: checks.rowProblem,
    draftProblem: checks.draftProblem,
    serialiseRow: tsv.serialiseRow,
    serialise: tsv.serialise,
    parse: tsv.parse,
    chainOf: chain.chainOf,
    sealRow: chain.sealRow,
    verify,
    logFormat: logFormatOver(schema, checks, chain),
    leaf: leaves.leaf,
    tree: leaves.tree,
    verifyExport: exportVerifierOver(verify),
  };
  return codec as unknown as LedgerCodec<S>;
}
